import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Conflict, Lead } from "@crawlguard/validators";
import { type ChangeEvent, type ReactNode, useMemo, useRef, useState } from "react";
import { displayInZone } from "../../lib/business-time";
import { type FieldErrors, hasErrors } from "../../lib/form-errors";
import { serverFieldErrors } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { DuplicateWarning } from "../leads/duplicate-warning";
import { priorityOptions } from "../leads/lead-board-model";
import { todayInputValue } from "../leads/lead-schedule";
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
import { ClashHint, ConflictNotice } from "./conflict-notice";
import { LeadCombobox } from "./lead-combobox";
import { useAppointmentSaved } from "./use-appointment-cache";
import { useSlotOptions } from "./use-slot-options";

export type BookingPrefill = { date: string; time: string };

type BookAppointmentDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preselected from a lead card's Book Appointment, or the appointment being rescheduled. */
  lead?: Lead | undefined;
  /** The date and hour of a calendar slot that was clicked (business zone). */
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
 * Book New Appointment (docs/product.md §2, Dialogs). Books through `appointments.book`: an existing
 * lead is booked (or rescheduled: it opens on the current date and time) and a new client becomes
 * a scheduled lead. Dates and times are the business time zone's. When the time clashes with
 * working hours, a time block or another appointment, nothing is saved until the person chooses
 * "Book anyway" or picks another time. Mount it per opening.
 */
export default function BookAppointmentDialog({ open, onClose, lead, prefill }: BookAppointmentDialogProps) {
  const zone = useBusinessTimeZone();
  const leads = trpc.leads.list.useQuery();
  const [values, setValues] = useState<BookingValues>(() =>
    bookingFromLead(lead, { ...emptyBooking, appointmentDate: prefill?.date ?? "", appointmentTime: prefill?.time ?? "" }, zone),
  );
  const [submitted, setSubmitted] = useState(false);
  const [conflicts, setConflicts] = useState<readonly Conflict[] | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors<BookingField>>({});
  const timeRef = useRef<HTMLDivElement>(null);
  const book = trpc.appointments.book.useMutation();
  const saved = useAppointmentSaved();

  const options = useMemo(() => bookableLeads(leads.data ?? [], lead), [leads.data, lead]);
  const selected = values.leadId
    ? (leads.data?.find((l) => l.id === values.leadId) ?? (lead?.id === values.leadId ? lead : undefined))
    : undefined;
  const isNewClient = !values.leadId;
  const duplicates = useDuplicateLeads(isNewClient ? values.email : "", isNewClient ? values.phone : "");
  const rescheduling = selected?.scheduledDate ? displayInZone(selected.scheduledDate, zone) : null;

  const slots = useSlotOptions({
    slots: bookingTimeSlots,
    date: values.appointmentDate,
    time: values.appointmentTime,
    duration: values.duration,
    excludeLeadId: selected?.id,
    zone,
  });

  // Validation runs on submit, then again on every change; a past date is refused at once.
  const live = validateBooking(values, zone);
  const errors: FieldErrors<BookingField> = {
    ...serverErrors,
    ...(submitted ? live : live.appointmentDate && values.appointmentDate ? { appointmentDate: live.appointmentDate } : {}),
  };

  const set = (field: BookingField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    if (field === "appointmentDate" || field === "appointmentTime" || field === "duration" || field === "leadId") setConflicts(null);
  };
  const onInput = (field: BookingField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  const selectLead = (id: string) => {
    const chosen = leads.data?.find((l) => l.id === id) ?? (lead?.id === id ? lead : undefined);
    setValues((current) => bookingFromLead(chosen, current, zone));
    setConflicts(null);
    setServerErrors({});
  };

  const submit = async (confirm: boolean) => {
    setSubmitted(true);
    if (hasErrors(validateBooking(values, zone))) return;
    try {
      const result = await book.mutateAsync(bookingRequest(values, selected, confirm));
      if (!result.booked || !result.lead) {
        setConflicts(result.conflicts);
        return;
      }
      saved(result.lead);
      showToast({ title: "Appointment Booked", description: "The appointment has been successfully scheduled.", type: "success" });
      onClose();
    } catch (error) {
      setConflicts(null);
      setServerErrors(serverFieldErrors(error, BOOKING_FIELDS));
      showToast({ title: "Booking Failed", description: "Failed to book the appointment. Please try again.", type: "error" });
    }
  };

  const pickAnother = () => {
    setConflicts(null);
    timeRef.current?.querySelector("select")?.focus();
  };

  const dirty = useChangedSinceOpen(values);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Book New Appointment"
      description={
        rescheduling
          ? `Rescheduling ${selected?.name ?? "this appointment"}: now ${rescheduling.date} at ${rescheduling.time}.`
          : "Schedule a visit for an existing lead or a new client."
      }
      onSubmit={() => void submit(false)}
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
            <FormField label="Client Name" required error={errors.clientName}>
              <Input name="clientName" autoComplete="off" value={values.clientName} onChange={onInput("clientName")} />
            </FormField>
            <FormField label="Email" required error={errors.email}>
              <Input name="email" type="email" autoComplete="off" value={values.email} onChange={onInput("email")} />
            </FormField>
            <FormField label="Phone" required error={errors.phone}>
              <Input name="phone" type="tel" autoComplete="off" value={values.phone} onChange={onInput("phone")} />
            </FormField>
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
            <FormField label="Date" required error={errors.appointmentDate}>
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
                label="Time"
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
            <FormField label="Duration">
              <SelectControl name="duration" value={values.duration} options={bookingDurations} onChange={set("duration")} />
            </FormField>
          </SimpleGrid>
          <FormField label="Notes">
            <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
          </FormField>
          <Text textStyle="xs" color="fg.muted">
            Times are in the business time zone ({zone}).
          </Text>
        </Section>

        {conflicts ? (
          <ConflictNotice
            conflicts={conflicts}
            pending={book.isPending}
            onBookAnyway={() => void submit(true)}
            onPickAnother={pickAnother}
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
