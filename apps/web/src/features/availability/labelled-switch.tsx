import { Switch } from "@chakra-ui/react/switch";
import type { ReactNode } from "react";

type LabelledSwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's name for assistive technology, shown unless `hideLabel`. */
  label: ReactNode;
  hideLabel?: boolean;
  disabled?: boolean;
};

/** An on/off switch with its label: a real checkbox with the switch role underneath. */
export function LabelledSwitch({ checked, onChange, label, hideLabel = false, disabled = false }: LabelledSwitchProps) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} disabled={disabled} colorPalette="brand">
      <Switch.HiddenInput role="switch" />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label srOnly={hideLabel}>{label}</Switch.Label>
    </Switch.Root>
  );
}
