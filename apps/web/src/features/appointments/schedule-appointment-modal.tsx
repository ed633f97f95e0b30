import { Alert } from "@chakra-ui/react/alert";
import { InputGroup } from "@chakra-ui/react/input-group";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import type { Lead } from "@crawlguard/validators";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { bookableLeads, scheduleModalTimeSlots } from "./booking-form";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { AppointmentWhenFields, AssigneeField, ClientContactFields, useAssigneeName } from "./appointment-fields";
import { BusyTimes } from "./busy-times";
import { ConflictNotice } from "./conflict-notice";
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
import { useAppointmentForm } from "./use-appointment-form";
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
 * Schedule Appointment (docs/product.md "Screens and routes", Dialogs; "Entities and their fields", "Validation rules" and "Business constants and limits"): the calendar's own booking form,
 * sent to POST /api/calendar/appointment (`appointments.schedule`) with the docs/product.md payload. Same
 * conflict rules as Book New Appointment. Mount it per opening.
 */
export default function ScheduleAppointmentModal({ open, onClose, googleCalendarConnected = false }: ScheduleAppointmentModalProps) {
  const zone = useBusinessTimeZone();
  const { user: me } = useDashboardActions();
  const leads = trpc.leads.list.useQuery();
  const schedule = trpc.appointments.schedule.useMutation();
  const findLead = (id: string): Lead | undefined => leads.data?.find((l) => l.id === id);
  const form = useAppointmentForm<ScheduleValues>({
    initial: { ...emptySchedule, assignedTo: me.id },
    fields: FIELDS,
    validate: (values) => validateSchedule(values, zone),
    timingFields: ["appointmentDate", "appointmentTime", "assignedTo"],
    send: async (values, confirm) => {
      const result = await schedule.mutateAsync(scheduleRequest(values, values.leadId ? findLead(values.leadId) : undefined, confirm));
      return result.lead;
    },
    saved: { title: "Success!", description: "Appointment has been scheduled successfully." },
    failed: { title: "Error", description: "Failed to schedule appointment. Please try again." },
    onClose,
  });
  const { values, errors, set, onInput } = form;

  const options = useMemo(() => bookableLeads(leads.data ?? []), [leads.data]);
  const slots = useSlotOptions({
    slots: scheduleModalTimeSlots,
    date: values.appointmentDate,
    time: values.appointmentTime,
    duration: "60",
    assignedTo: values.assignedTo,
    zone,
  });

  const assigneeName = useAssigneeName(values.assignedTo);
  const selectLead = (id: string) => form.replace((current) => scheduleFromLead(findLead(id), current));

  return (
    <FormDialog
      dirty={form.dirty}
      open={open}
      onClose={onClose}
      title="Schedule Appointment"
      description="Book an appointment for waterproofing services"
      onSubmit={() => void form.submit(false)}
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
          <ClientContactFields phoneLabel="Phone Number" values={values} errors={errors} onInput={onInput} />
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
          <AppointmentWhenFields labels={{ date: "Appointment Date", time: "Appointment Time" }} form={form} slots={slots} zone={zone} />
        </SimpleGrid>
        <AssigneeField value={values.assignedTo} onChange={set("assignedTo")} meId={me.id} />
        <BusyTimes
          assignedTo={values.assignedTo}
          whose={values.assignedTo === me.id ? "Your" : `${assigneeName ?? "Their"}’s`}
          date={values.appointmentDate}
          time={values.appointmentTime}
          duration="60"
          excludeLeadId={values.leadId || undefined}
          zone={zone}
          onPick={(date, time) => {
            set("appointmentDate")(date);
            set("appointmentTime")(time);
          }}
        />
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
        {form.conflicts ? (
          <ConflictNotice
            conflicts={form.conflicts}
            pending={schedule.isPending}
            assigneeName={assigneeName}
            onBookAnyway={() => void form.submit(true)}
            onPickAnother={form.pickAnother}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
