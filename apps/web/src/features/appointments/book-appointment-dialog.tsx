import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { type ReactNode, useMemo } from "react";
import { displayInZone } from "../../lib/business-time";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { DuplicateWarning } from "../leads/duplicate-warning";
import { priorityOptions } from "../leads/lead-board-model";
import { useDuplicateLeads } from "../leads/use-duplicate-leads";
import {
  type BookingField,
  type BookingValues,
  bookableLeads,
  bookingDurations,
  bookingFromLead,
  bookingRequest,
  bookingServiceOptionsFor,
  bookingTimeSlots,
  emptyBooking,
  validateBooking,
} from "./booking-form";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { AppointmentWhenFields, AssigneeField, ClientContactFields, useAssigneeName } from "./appointment-fields";
import { BusyTimes } from "./busy-times";
import { ConflictNotice } from "./conflict-notice";
import { LeadCombobox } from "./lead-combobox";
import { useAppointmentForm } from "./use-appointment-form";
import { useSlotOptions } from "./use-slot-options";

/** A calendar slot that was clicked: its date and hour (business zone), and in the Crew view whose column. */
export type BookingPrefill = { date: string; time: string; assignedTo?: string };

type BookAppointmentDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preselected from a lead card's Book Appointment, or the appointment being rescheduled. */
  lead?: Lead | undefined;
  /** The date and hour of a calendar slot that was clicked (business zone), and whose column. */
  prefill?: BookingPrefill | undefined;
};

const BOOKING_FIELDS: readonly BookingField[] = [
  "leadId",
  "clientName",
  "email",
  "phone",
  "address",
  "zipCode",
  "service",
  "priority",
  "appointmentDate",
  "appointmentTime",
  "duration",
  "notes",
];

/**
 * Book New Appointment (docs/product.md "Screens and routes", Dialogs). Books through `appointments.book`: an existing
 * lead is booked (or rescheduled: it opens on the current date and time) and a new client becomes
 * a scheduled lead. Dates and times are the business time zone's. When the time clashes with
 * working hours, a time block or another appointment, nothing is saved until the person chooses
 * "Book anyway" or picks another time. Mount it per opening.
 */
export default function BookAppointmentDialog({ open, onClose, lead, prefill }: BookAppointmentDialogProps) {
  const zone = useBusinessTimeZone();
  const { user: me } = useDashboardActions();
  const leads = trpc.leads.list.useQuery();
  const book = trpc.appointments.book.useMutation();
  const findLead = (id: string) => leads.data?.find((l) => l.id === id) ?? (lead?.id === id ? lead : undefined);
  const form = useAppointmentForm<BookingValues>({
    initial: () =>
      bookingFromLead(
        lead,
        {
          ...emptyBooking,
          appointmentDate: prefill?.date ?? "",
          appointmentTime: prefill?.time ?? "",
          assignedTo: prefill?.assignedTo ?? me.id,
        },
        zone,
      ),
    fields: BOOKING_FIELDS,
    validate: (values) => validateBooking(values, zone),
    timingFields: ["appointmentDate", "appointmentTime", "duration", "leadId", "assignedTo"],
    send: async (values, confirm) => {
      const result = await book.mutateAsync(bookingRequest(values, values.leadId ? findLead(values.leadId) : undefined, confirm));
      return result.lead;
    },
    saved: { title: "Appointment Booked", description: "The appointment has been successfully scheduled." },
    failed: { title: "Booking Failed", description: "Failed to book the appointment. Please try again." },
    onClose,
  });
  const { values, errors, set, onInput } = form;

  const options = useMemo(() => bookableLeads(leads.data ?? [], lead), [leads.data, lead]);
  const selected = values.leadId ? findLead(values.leadId) : undefined;
  const isNewClient = !values.leadId;
  const duplicates = useDuplicateLeads(isNewClient ? values.email : "", isNewClient ? values.phone : "");
  const rescheduling = selected?.scheduledDate ? displayInZone(selected.scheduledDate, zone) : null;

  const slots = useSlotOptions({
    slots: bookingTimeSlots,
    date: values.appointmentDate,
    time: values.appointmentTime,
    duration: values.duration,
    excludeLeadId: selected?.id,
    assignedTo: values.assignedTo,
    zone,
  });

  const assigneeName = useAssigneeName(values.assignedTo);
  const selectLead = (id: string) => form.replace((current) => bookingFromLead(findLead(id), current, zone));

  return (
    <FormDialog
      dirty={form.dirty}
      open={open}
      onClose={onClose}
      title="Book New Appointment"
      description={
        rescheduling
          ? `Rescheduling ${selected?.name ?? "this appointment"}: now ${rescheduling.date} at ${rescheduling.time}.`
          : "Schedule a visit for an existing lead or a new client."
      }
      onSubmit={() => void form.submit(false)}
      submitLabel="Book Appointment"
      pendingLabel="Booking..."
      pending={book.isPending}
    >
      <Stack gap="6">
        <FormField
          label="Existing lead (optional)"
          helper={leads.isPending ? "Loading leads..." : "Type a name, email or phone. Choosing a lead fills in the client information."}
        >
          <LeadCombobox name="leadId" leads={options} selected={lead} value={values.leadId} onChange={selectLead} />
        </FormField>

        <Section title="Client Information">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ClientContactFields phoneLabel="Phone" values={values} errors={errors} onInput={onInput} />
            {isNewClient ? (
              <FormField label="Zip Code" required error={errors.zipCode}>
                <Input name="zipCode" inputMode="numeric" autoComplete="off" value={values.zipCode} onChange={onInput("zipCode")} />
              </FormField>
            ) : null}
          </SimpleGrid>
          <FormField label="Address" required error={errors.address}>
            <Input name="address" autoComplete="off" value={values.address} onChange={onInput("address")} />
          </FormField>
          <DuplicateWarning duplicates={duplicates} />
        </Section>

        <Section title="Appointment Details">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Service" required error={errors.service}>
              <SelectControl
                name="service"
                value={values.service}
                placeholder="Select a service"
                options={bookingServiceOptionsFor(values.service)}
                onChange={set("service")}
              />
            </FormField>
            <FormField label="Priority">
              <SelectControl name="priority" value={values.priority} options={priorityOptions} onChange={set("priority")} />
            </FormField>
            <AppointmentWhenFields labels={{ date: "Date", time: "Time" }} form={form} slots={slots} zone={zone} />
            <FormField label="Duration">
              <SelectControl name="duration" value={values.duration} options={bookingDurations} onChange={set("duration")} />
            </FormField>
            <AssigneeField value={values.assignedTo} onChange={set("assignedTo")} meId={me.id} />
          </SimpleGrid>
          <BusyTimes
            assignedTo={values.assignedTo}
            whose={values.assignedTo === me.id ? "Your" : `${assigneeName ?? "Their"}’s`}
            date={values.appointmentDate}
            time={values.appointmentTime}
            duration={values.duration}
            excludeLeadId={selected?.id}
            zone={zone}
            onPick={(date, time) => {
              set("appointmentDate")(date);
              set("appointmentTime")(time);
            }}
          />
          <FormField label="Notes">
            <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
          </FormField>
          <Text textStyle="xs" color="fg.muted">
            Times are in the business time zone ({zone}).
          </Text>
        </Section>

        {form.conflicts ? (
          <ConflictNotice
            conflicts={form.conflicts}
            pending={book.isPending}
            assigneeName={assigneeName}
            onBookAnyway={() => void form.submit(true)}
            onPickAnother={form.pickAnother}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontWeight="semibold" textStyle="md" mb="3">
        {title}
      </Box>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}
