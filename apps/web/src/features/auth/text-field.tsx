import type { ChangeEvent, ReactNode } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";

type TextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  error?: string | undefined;
  /** Required unless said otherwise. */
  required?: boolean;
  /** Help under the input, hidden while there is an error. */
  helper?: ReactNode;
  /** Shown and sent, not editable (an invitation's address). */
  readOnly?: boolean;
};

/** An input with its visible label and, when invalid, its message. */
export function TextField({
  label,
  name,
  value,
  onChange,
  type = "text",
  autoComplete,
  error,
  required = true,
  helper,
  readOnly,
}: TextFieldProps) {
  return (
    <FormField label={label} required={required} error={error} helper={helper}>
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        readOnly={readOnly}
        {...(readOnly ? { bg: "bg.muted" } : {})}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </FormField>
  );
}
