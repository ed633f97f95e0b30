import { Box } from "@chakra-ui/react/box";
import type { ChangeEvent, RefObject } from "react";
import { FormField } from "../../components/form-field";
import { Input, SelectControl } from "../../components/form-controls";
import { DateTimeInput } from "../../components/date-time-input";
import { todayInputValue } from "../leads/lead-schedule";
import { assigneeOptions, useStaff } from "../staff/use-staff";
import { ClashHint } from "./conflict-notice";
import type { useSlotOptions } from "./use-slot-options";

type AppointmentWhenFieldsProps = {
  labels: { date: string; time: string };
  /** The dialog's form (useAppointmentForm): its date and time, their errors and setters. */
  form: {
    values: { appointmentDate: string; appointmentTime: string };
    errors: { appointmentDate?: string | undefined; appointmentTime?: string | undefined };
    set: (field: "appointmentDate" | "appointmentTime") => (value: string) => void;
    /** Wraps the time field: "Pick another time" focuses its select. */
    timeRef: RefObject<HTMLDivElement | null>;
  };
  slots: ReturnType<typeof useSlotOptions>;
  zone: string;
};

/**
 * The date (today or later, in the business time zone) and the time select of both booking
 * dialogs, with what the chosen time would clash with under it.
 */
export function AppointmentWhenFields({ labels, form: { values, errors, set, timeRef }, slots, zone }: AppointmentWhenFieldsProps) {
  return (
    <>
      <FormField label={labels.date} required error={errors.appointmentDate}>
        <DateTimeInput
          name="appointmentDate"
          type="date"
          min={todayInputValue(zone)}
          value={values.appointmentDate}
          onCommit={set("appointmentDate")}
        />
      </FormField>
      <Box ref={timeRef}>
        <FormField
          label={labels.time}
          required
          error={errors.appointmentTime}
          helper={slots.clashes.length > 0 ? <ClashHint clashes={slots.clashes} count={slots.clashCount} /> : undefined}
        >
          <SelectControl
            name="appointmentTime"
            value={values.appointmentTime}
            placeholder="Select a time"
            options={slots.options}
            onChange={set("appointmentTime")}
          />
        </FormField>
      </Box>
    </>
  );
}

type ClientContactFieldsProps = {
  phoneLabel: string;
  values: { clientName: string; email: string; phone: string };
  errors: { clientName?: string | undefined; email?: string | undefined; phone?: string | undefined };
  onInput: (field: "clientName" | "email" | "phone") => (event: ChangeEvent<HTMLInputElement>) => void;
};

/** Client Name, Email and the phone, required, in both booking dialogs (no autofill: staff type a client's details). */
export function ClientContactFields({ phoneLabel, values, errors, onInput }: ClientContactFieldsProps) {
  return (
    <>
      <FormField label="Client Name" required error={errors.clientName}>
        <Input name="clientName" autoComplete="off" value={values.clientName} onChange={onInput("clientName")} />
      </FormField>
      <FormField label="Email" required error={errors.email}>
        <Input name="email" type="email" autoComplete="off" value={values.email} onChange={onInput("email")} />
      </FormField>
      <FormField label={phoneLabel} required error={errors.phone}>
        <Input name="phone" type="tel" autoComplete="off" value={values.phone} onChange={onInput("phone")} />
      </FormField>
    </>
  );
}

type AssigneeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The signed-in user, marked "(you)". */
  meId: string;
};

/**
 * "Assigned to": who goes. Any account; the dialogs open on the lead's current
 * assignee, else the booker. The time's clashes are then that person's.
 */
export function AssigneeField({ value, onChange, meId }: AssigneeFieldProps) {
  const staff = useStaff();
  return (
    <FormField label="Assigned to" helper="Their working hours, time blocks and appointments decide the clashes.">
      <SelectControl name="assignedTo" value={value} options={assigneeOptions(staff.list, meId, value)} onChange={onChange} />
    </FormField>
  );
}

/** The shown name of the person an appointment is for, for the conflict notice. */
export function useAssigneeName(id: string): string | undefined {
  return useStaff().byId.get(id)?.displayName;
}
