import { Field } from "@chakra-ui/react/field";
import { Input } from "@chakra-ui/react/input";
import type { ChangeEvent } from "react";

type TextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  error?: string | undefined;
};

/** A required input with its visible label and, when invalid, its message. */
export function TextField({ label, name, value, onChange, type = "text", autoComplete, error }: TextFieldProps) {
  return (
    <Field.Root required invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
