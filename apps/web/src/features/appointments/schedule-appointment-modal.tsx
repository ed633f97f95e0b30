import { Alert } from "@chakra-ui/react/alert";
import { Box } from "@chakra-ui/react/box";
import { InputGroup } from "@chakra-ui/react/input-group";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import type { Conflict, Lead } from "@crawlguard/validators";
import { type ChangeEvent, useMemo, useRef, useState } from "react";
import { type FieldErrors, hasErrors } from "../../lib/form-errors";
import { serverFieldErrors } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { todayInputValue } from "../leads/lead-schedule";
import { bookableLeads, scheduleModalTimeSlots } from "./booking-form";
import { ClashHint, ConflictNotice } from "./conflict-notice";
import { LeadCombobox } from "./lead-combobox";
import {
  emptySchedule,
  modalServiceOptionsFor,
  type ScheduleField,
  type ScheduleValues,
  scheduleFromLead,
  scheduleRequest,
  validateSchedule,
} from "./schedule-form";
import { useAppointmentSaved } from "./use-appointment-cache";
import { useSlotOptions } from "./use-slot-options";

type ScheduleAppointmentModalProps = {
  open: boolean;
  onClose: () => void;
  /** Shows the green notice that the appointment goes to Google Calendar too. */
  googleCalendarConnected?: boolean;
};

const FIELDS: readonly ScheduleField[] = [
  "leadId",
  "clientName",
  "email",
  "phone",
  "estimatedValue",
  "address",
  "appointmentDate",
  "appointmentTime",
  "service",
  "notes",
];

/**
 * Schedule Appointment (docs/product.md §2 Dialogs, 3, 5 and 9): the calendar's own booking form,
 * sent to POST /api/calendar/appointment (`appointments.schedule`) with the docs/product.md payload. Same
 * conflict rules as Book New Appointment. Mount it per opening.
 */
export default function ScheduleAppointmentModal({ open, onClose, googleCalendarConnected = false }: ScheduleAppointmentModalProps) {
  const zone = useBusinessTimeZone();
  const leads = trpc.leads.list.useQuery();
  const [values, setValues] = useState<ScheduleValues>(emptySchedule);
  const [submitted, setSubmitted] = useState(false);
  const [conflicts, setConflicts] = useState<readonly Conflict[] | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors<ScheduleField>>({});
  const timeRef = useRef<HTMLDivElement>(null);
  const schedule = trpc.appointments.schedule.useMutation();
  const saved = useAppointmentSaved();

  const options = useMemo(() => bookableLeads(leads.data ?? []), [leads.data]);
  const selected: Lead | undefined = values.leadId ? leads.data?.find((l) => l.id === values.leadId) : undefined;
  const slots = useSlotOptions({
    slots: scheduleModalTimeSlots,
    date: values.appointmentDate,
    time: values.appointmentTime,
    duration: "60",
    zone,
  });

  const live = validateSchedule(values, zone);
  const errors: FieldErrors<ScheduleField> = {
    ...serverErrors,
    ...(submitted ? live : live.appointmentDate && values.appointmentDate ? { appointmentDate: live.appointmentDate } : {}),
  };

  const set = (field: ScheduleField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    if (field === "appointmentDate" || field === "appointmentTime") setConflicts(null);
  };
  const onInput = (field: ScheduleField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  const selectLead = (id: string) => {
    setValues((current) =>
      scheduleFromLead(
        leads.data?.find((l) => l.id === id),
        current,
      ),
    );
    setConflicts(null);
    setServerErrors({});
  };

  const submit = async (confirm: boolean) => {
    setSubmitted(true);
    if (hasErrors(validateSchedule(values, zone))) return;
    try {
      const result = await schedule.mutateAsync(scheduleRequest(values, selected, confirm));
      if (!result.success || !result.lead) {
        setConflicts(result.conflicts);
        return;
      }
      saved(result.lead);
      showToast({ title: "Success!", description: "Appointment has been scheduled successfully.", type: "success" });
      onClose();
    } catch (error) {
      setConflicts(null);
      setServerErrors(serverFieldErrors(error, FIELDS));
      showToast({ title: "Error", description: "Failed to schedule appointment. Please try again.", type: "error" });
    }
  };

  const dirty = useChangedSinceOpen(values);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Schedule Appointment"
      description="Book an appointment for waterproofing services"
      onSubmit={() => void submit(false)}
      submitLabel="Schedule Appointment"
      pendingLabel="Scheduling..."
      pending={schedule.isPending}
    >
      <Stack gap="4">
        <FormField
          label="Existing lead (optional)"
          helper={leads.isPending ? "Loading leads..." : "Type a name, email or phone, or keep New Client."}
        >
          <LeadCombobox name="leadId" leads={options} value={values.leadId} onChange={selectLead} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Client Name" required error={errors.clientName}>
            <Input name="clientName" autoComplete="off" value={values.clientName} onChange={onInput("clientName")} />
          </FormField>
          <FormField label="Email" required error={errors.email}>
            <Input name="email" type="email" autoComplete="off" value={values.email} onChange={onInput("email")} />
          </FormField>
          <FormField label="Phone Number" required error={errors.phone}>
            <Input name="phone" type="tel" autoComplete="off" value={values.phone} onChange={onInput("phone")} />
          </FormField>
          <FormField label="Estimated Value ($)" error={errors.estimatedValue}>
            <InputGroup startElement="$">
              <Input
                name="estimatedValue"
                type="number"
                min={0}
                step={100}
                value={values.estimatedValue}
                onChange={onInput("estimatedValue")}
              />
            </InputGroup>
          </FormField>
        </SimpleGrid>
        <FormField label="Service Address" required error={errors.address}>
          <Input name="address" autoComplete="off" value={values.address} onChange={onInput("address")} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Appointment Date" required error={errors.appointmentDate}>
            <Input
              name="appointmentDate"
              type="date"
              min={todayInputValue(zone)}
              value={values.appointmentDate}
              onChange={onInput("appointmentDate")}
            />
          </FormField>
          <Box ref={timeRef}>
            <FormField
              label="Appointment Time"
              required
              error={errors.appointmentTime}
              helper={slots.clashes.length > 0 ? <ClashHint clashes={slots.clashes} /> : undefined}
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
        </SimpleGrid>
        <FormField label="Service Required" required error={errors.service}>
          <SelectControl
            name="service"
            value={values.service}
            placeholder="Select a service"
            options={modalServiceOptionsFor(values.service)}
            onChange={set("service")}
          />
        </FormField>
        <FormField label="Additional Notes">
          <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
        </FormField>
        {googleCalendarConnected ? (
          <Alert.Root status="success" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>This appointment will automatically be added to your Google Calendar</Alert.Title>
          </Alert.Root>
        ) : null}
        {conflicts ? (
          <ConflictNotice
            conflicts={conflicts}
            pending={schedule.isPending}
            onBookAnyway={() => void submit(true)}
            onPickAnother={() => {
              setConflicts(null);
              timeRef.current?.querySelector("select")?.focus();
            }}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
