import { Stack } from "@chakra-ui/react/stack";
import { chakra, type SystemStyleObject } from "@chakra-ui/react/styled-system";
import type { ReactNode } from "react";

/**
 * Plain inputs styled with theme tokens. The public contact form is server-
 * rendered on the home page, so it does without Chakra's field/input recipes
 * and machinery (they would count against the home page's JS budget).
 */
export const controlStyles: SystemStyleObject = {
  display: "block",
  width: "100%",
  minH: "11",
  px: "3",
  py: "2",
  bg: "white",
  color: "fg",
  fontSize: "md",
  borderWidth: "1px",
  borderColor: "gray.300",
  rounded: "md",
  transition: "border-color 0.15s, box-shadow 0.15s",
  _hover: { borderColor: "gray.400" },
  _placeholder: { color: "gray.500" },
  _focusVisible: { outline: "none", borderColor: "brand.500", boxShadow: "0 0 0 1px {colors.brand.500}" },
  _invalid: { borderColor: "red.600", _focusVisible: { boxShadow: "0 0 0 1px {colors.red.600}" } },
  _disabled: { opacity: 0.6, cursor: "not-allowed" },
};

type FormFieldProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  /** The control; give it `id`, and `aria-describedby={errorId(id)}` when invalid. */
  children: ReactNode;
};

export const errorId = (id: string) => `${id}-error`;

/** Label (with a required mark), control and the field's error message. */
export function FormField({ id, label, required = false, error, children }: FormFieldProps) {
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="semibold" fontSize="sm" color="gray.800">
        {label}
        {required ? (
          <chakra.span color="red.600" ms="0.5" aria-hidden="true">
            *
          </chakra.span>
        ) : null}
      </chakra.label>
      {children}
      {error ? (
        <chakra.p id={errorId(id)} color="red.700" fontSize="sm" fontWeight="medium">
          {error}
        </chakra.p>
      ) : null}
    </Stack>
  );
}
