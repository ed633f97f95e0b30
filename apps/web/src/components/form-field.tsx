import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { createContext, type ReactNode, useContext, useId } from "react";

/** What a field's control carries so that the label, the required mark and the messages belong to it. */
export type FieldControlProps = {
  id: string;
  required?: true;
  "aria-required"?: true;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export const errorId = (id: string) => `${id}-error`;
const helperId = (id: string) => `${id}-helper`;

/** The attributes of the control of field `id`. */
export function fieldControlProps(
  id: string,
  { required = false, error, helper }: Pick<FormFieldProps, "required" | "error" | "helper">,
): FieldControlProps {
  const describedBy = error ? errorId(id) : helper ? helperId(id) : undefined;
  return {
    id,
    ...(required ? { required: true as const, "aria-required": true as const } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

const FieldControlContext = createContext<FieldControlProps | undefined>(undefined);

/** Inside a FormField: what its control should carry (undefined outside one). */
export function useFieldControl(): FieldControlProps | undefined {
  return useContext(FieldControlContext);
}

type FormFieldProps = {
  /** The control's id; one is made up when not given. */
  id?: string | undefined;
  label: string;
  required?: boolean;
  error?: string | undefined;
  /** Help under the control, hidden while there is an error. */
  helper?: ReactNode;
  /**
   * The control. A control that reads `useFieldControl()` (the dashboard's Input, Textarea and
   * SelectControl) wires itself; any other needs `fieldControlProps(id, …)` spread on it.
   */
  children: ReactNode;
};

/**
 * Label (with a required mark), control, and the field's help or error message: the one form
 * field of the app. Plain elements styled with theme tokens rather than Chakra's Field, because
 * the public contact form is server-rendered on the home page, works without JavaScript, and
 * counts against the home page's JavaScript budget.
 */
export function FormField({ id: givenId, label, required = false, error, helper, children }: FormFieldProps) {
  const madeUpId = useId();
  const id = givenId ?? madeUpId;
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
      <FieldControlContext.Provider value={fieldControlProps(id, { required, error, helper })}>{children}</FieldControlContext.Provider>
      {error ? (
        <chakra.p id={errorId(id)} color="red.700" fontSize="sm" fontWeight="medium">
          {error}
        </chakra.p>
      ) : helper ? (
        <chakra.div id={helperId(id)} color="fg.muted" fontSize="sm">
          {helper}
        </chakra.div>
      ) : null}
    </Stack>
  );
}
