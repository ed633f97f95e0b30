import { Box } from "@chakra-ui/react/box";
import { Input } from "@chakra-ui/react/input";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Textarea } from "@chakra-ui/react/textarea";
import type { Lead, LeadUpdateInput } from "@crawlguard/validators";
import { type ChangeEvent, type ReactNode, useMemo, useState } from "react";
import { hasErrors } from "../../lib/form-errors";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog } from "../dashboard/form-dialog";
import { FormField, SelectControl } from "../dashboard/form-fields";
import { DuplicateWarning } from "../leads/duplicate-warning";
import { priorityOptions } from "../leads/lead-board-model";
import { combineScheduled, todayInputValue } from "../leads/lead-schedule";
import { useDuplicateLeads } from "../leads/use-duplicate-leads";
import { useCreateLead, useUpdateLead } from "../leads/use-lead-mutations";
import {
  type BookingField,
  type BookingValues,
  bookableLeads,
  bookingDurations,
  bookingFromLead,
  bookingServiceOptionsFor,
  bookingTimeSlots,
  emptyBooking,
  validateBooking,
} from "./booking-form";

type BookAppointmentDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Preselected from a lead card's Book Appointment. */
  lead?: Lead | undefined;
};

/**
 * Book New Appointment (SPEC section 2, Dialogs). An existing lead gets its
 * date, status "scheduled", notes and priority (and any client detail that was
 * corrected here); a new client becomes a scheduled lead from
 * "appointment-booking". Mount it per opening.
 */
export default function BookAppointmentDialog({ open, onClose, lead }: BookAppointmentDialogProps) {
  const leads = trpc.leads.list.useQuery();
  const [values, setValues] = useState<BookingValues>(() => bookingFromLead(lead, emptyBooking));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateLead();
  const update = useUpdateLead({ optimistic: false, toastErrors: false });

  const options = useMemo(() => bookableLeads(leads.data ?? [], lead), [leads.data, lead]);
  const selected = values.leadId ? (leads.data?.find((l) => l.id === values.leadId) ?? (lead?.id === values.leadId ? lead : undefined)) : undefined;
  const isNewClient = !values.leadId;
  const duplicates = useDuplicateLeads(isNewClient ? values.email : "", isNewClient ? values.phone : "");

  // Validation runs on submit, then again on every change.
  const errors = submitted ? validateBooking(values) : {};
  const pending = create.isPending || update.isPending;

  const set = (field: BookingField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const onInput = (field: BookingField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  const selectLead = (id: string) => {
    const chosen = leads.data?.find((l) => l.id === id) ?? (lead?.id === id ? lead : undefined);
    setValues((current) => bookingFromLead(chosen, current));
  };

  const submit = async () => {
    setSubmitted(true);
    if (hasErrors(validateBooking(values))) return;
    const scheduledDate = combineScheduled(values.appointmentDate, values.appointmentTime);
    if (!scheduledDate) return;
    try {
      if (selected) {
        await update.mutateAsync({
          id: selected.id,
          scheduledDate,
          status: "scheduled",
          notes: values.notes,
          priority: values.priority,
          ...correctedClientFields(selected, values),
        });
      } else {
        await create.mutateAsync({
          name: values.clientName,
          email: values.email,
          phone: values.phone,
          address: values.address,
          zipCode: values.zipCode,
          service: values.service,
          status: "scheduled",
          priority: values.priority,
          source: "appointment-booking",
          notes: values.notes,
          scheduledDate,
        });
      }
      showToast({ title: "Appointment Booked", description: "The appointment has been successfully scheduled.", type: "success" });
      onClose();
    } catch {
      showToast({ title: "Booking Failed", description: "Failed to book the appointment. Please try again.", type: "error" });
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Book New Appointment"
      description="Schedule a visit for an existing lead or a new client."
      onSubmit={() => void submit()}
      submitLabel="Book Appointment"
      pendingLabel="Booking..."
      pending={pending}
    >
      <Stack gap="6">
        <FormField label="Existing lead (optional)" helper={leads.isPending ? "Loading leads..." : "Choosing a lead fills in the client information."}>
          <SelectControl
            name="leadId"
            value={values.leadId}
            placeholder="New client"
            options={options.map((l) => ({ value: l.id, label: `${l.name} (${l.email})` }))}
            onChange={selectLead}
          />
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
              <Input name="appointmentDate" type="date" min={todayInputValue()} value={values.appointmentDate} onChange={onInput("appointmentDate")} />
            </FormField>
            <FormField label="Time" required error={errors.appointmentTime}>
              <SelectControl
                name="appointmentTime"
                value={values.appointmentTime}
                placeholder="Select a time"
                options={bookingTimeSlots}
                onChange={set("appointmentTime")}
              />
            </FormField>
            <FormField label="Duration">
              <SelectControl name="duration" value={values.duration} options={bookingDurations} onChange={set("duration")} />
            </FormField>
          </SimpleGrid>
          <FormField label="Notes">
            <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
          </FormField>
        </Section>
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

/** Client details typed over the lead's own: saved with the booking rather than silently dropped. */
function correctedClientFields(lead: Lead, values: BookingValues): Partial<LeadUpdateInput> {
  const changes: Partial<LeadUpdateInput> = {};
  if (values.clientName.trim() !== lead.name) changes.name = values.clientName;
  if (values.email.trim() !== lead.email) changes.email = values.email;
  if (values.phone.trim() !== (lead.phone ?? "")) changes.phone = values.phone;
  if (values.address.trim() !== (lead.address ?? "")) changes.address = values.address;
  return changes;
}
