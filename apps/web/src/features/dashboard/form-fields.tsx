import { Field } from "@chakra-ui/react/field";
import { NativeSelect } from "@chakra-ui/react/native-select";
import type { ChangeEvent, ReactNode } from "react";

type FormFieldProps = {
  label: string;
  required?: boolean;
  error?: string | undefined;
  helper?: ReactNode;
  children: ReactNode;
};

/**
 * A control with its visible label (and a required mark), its error message
 * when invalid and optional help text. The control gets the label's id and
 * aria-invalid from the field context.
 */
export function FormField({ label, required = false, error, helper, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={error !== undefined}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
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
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field
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
