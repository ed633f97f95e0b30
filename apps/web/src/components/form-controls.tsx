import { Input as ChakraInput } from "@chakra-ui/react/input";
import { NativeSelect } from "@chakra-ui/react/native-select";
import { Textarea as ChakraTextarea } from "@chakra-ui/react/textarea";
import type { ChangeEvent, ComponentProps } from "react";
import { useFieldControl } from "./form-field";

/*
 * The form controls of the dashboard and the sign-in page: Chakra's, wired to the FormField around
 * them (form-field.tsx) for the label, the required mark and the messages. Not for public pages:
 * Chakra's input recipes would count against their JavaScript budget (the contact form styles
 * plain elements instead).
 */

/** Chakra's Input, named by the FormField it sits in. */
export function Input(props: ComponentProps<typeof ChakraInput>) {
  return <ChakraInput {...useFieldControl()} {...props} />;
}

/** Chakra's Textarea, named by the FormField it sits in. */
export function Textarea(props: ComponentProps<typeof ChakraTextarea>) {
  return <ChakraTextarea {...useFieldControl()} {...props} />;
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectControlProps = {
  name?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first, empty option ("Select a service"). */
  placeholder?: string;
  "aria-label"?: string;
  size?: "xs" | "sm" | "md" | "lg";
  disabled?: boolean;
};

/** A native select: reliable on phones and with screen readers, no popup to manage. */
export function SelectControl({ name, value, options, onChange, placeholder, size = "md", disabled, ...rest }: SelectControlProps) {
  const field = useFieldControl();
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field
        {...field}
        name={name}
        value={value}
        aria-label={rest["aria-label"]}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
