import { InputGroup } from "@chakra-ui/react/input-group";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import {
  type AppointmentDuration,
  appointmentDurations,
  type Conflict,
  DEFAULT_APPOINTMENT_MINUTES,
  leadCreateSchema,
  type Lead,
} from "@crawlguard/validators";
import { type ChangeEvent, useState } from "react";
import { fieldErrors, type FieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { serverConflicts, serverIssues } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { DateTimeInput } from "../../components/date-time-input";
import { ConflictNotice } from "../appointments/conflict-notice";
import { useAppointmentSaved } from "../appointments/use-appointment-cache";
import { DuplicateWarning } from "./duplicate-warning";
import { LeadTimeline } from "./lead-timeline";
import { priorityOptions } from "./lead-board-model";
import {
  bookingFromForm,
  type LeadFormField,
  type LeadFormValues,
  leadFormValues,
  leadInputFromForm,
  serviceOptionsFor,
  sourceOptionsFor,
  statusOptionsFor,
} from "./lead-form-model";
import { useDuplicateLeads } from "./use-duplicate-leads";
import { isCrew } from "../auth/roles";
import { useSession } from "../auth/use-session";
import { assigneeOptions, useStaff } from "../staff/use-staff";
import { useCreateLead, useUpdateLead } from "./use-lead-mutations";

/** The lead's appointment length (kept when its date changes), or the default hour. */
function bookedDuration(lead: Lead): AppointmentDuration {
  const minutes = lead.durationMinutes;
  return appointmentDurations.find((d) => d === minutes) ?? DEFAULT_APPOINTMENT_MINUTES;
}

/** Where the booking call's field issues show in this form. */
const BOOKING_FIELD: Record<string, LeadFormField> = { appointmentDate: "scheduledDate", appointmentTime: "scheduledTime" };

type LeadFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The lead to edit; without one the dialog adds a lead. */
  lead?: Lead | undefined;
};

/** Add Lead / Edit Lead (docs/product.md "Screens and routes", Dialogs: Lead form). Mount it per opening: it keeps no state between them. */
export default function LeadFormDialog({ open, onClose, lead }: LeadFormDialogProps) {
  const zone = useBusinessTimeZone();
  const [values, setValues] = useState<LeadFormValues>(() => leadFormValues(lead, zone));
  const [submitted, setSubmitted] = useState(false);
  // Set once Add Lead has created the lead but its appointment is still to be booked (a clash):
  // the next save changes that lead instead of adding another.
  const [createdLead, setCreatedLead] = useState<Lead | null>(null);
  const [conflicts, setConflicts] = useState<readonly Conflict[] | null>(null);
  // Edit Lead's Assignee (office staff and admins): a change is checked against the new person's
  // calendar when the lead has a coming appointment; the notice then offers "Assign anyway".
  const { user } = useSession();
  const staff = useStaff();
  const canAssign = lead !== undefined && user !== null && !isCrew(user);
  const [assignedTo, setAssignedTo] = useState(lead?.assignedTo ?? "");
  const assigneeChanged = canAssign && assignedTo !== (lead.assignedTo ?? "");
  const [clashFromAssignee, setClashFromAssignee] = useState(false);
  const [bookingErrors, setBookingErrors] = useState<FieldErrors<LeadFormField>>({});
  const create = useCreateLead();
  const update = useUpdateLead({ optimistic: false, toastErrors: false });
  const book = trpc.appointments.book.useMutation();
  const appointmentSaved = useAppointmentSaved();
  const duplicates = useDuplicateLeads(values.email, values.phone, lead?.id);
  const target = createdLead ?? lead;

  const input = leadInputFromForm(values, zone);
  // Validation runs on submit, then again on every change.
  const parsed = leadCreateSchema.safeParse(input);
  const errors = { ...bookingErrors, ...(submitted ? fieldErrors<LeadFormField>(parsed) : {}) };
  const pending = create.isPending || update.isPending || book.isPending;

  const set =
    <K extends LeadFormField>(field: K) =>
    (value: LeadFormValues[K]) => {
      setValues((current) => {
        const next = { ...current, [field]: value };
        // Booking an appointment sets the status to Scheduled (docs/product.md "States and transitions"): the form shows it at once.
        if ((field === "scheduledDate" || field === "scheduledTime") && bookingFromForm(next, target, zone)) next.status = "scheduled";
        return next;
      });
      if (field === "scheduledDate" || field === "scheduledTime") {
        setConflicts(null);
        setBookingErrors({});
      }
    };
  const onInput = (field: LeadFormField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  /**
   * Saves the lead's fields, then, when a date is set or changed, books it through the booking
   * path: the same check as the booking dialogs (the assignee's working hours, time
   * blocks and appointments, in one transaction with the booking lock), the same conflict notice
   * with "Book anyway", and status Scheduled. A clash books nothing: the date waits in the form.
   */
  const submit = async (confirm: boolean) => {
    setSubmitted(true);
    if (!parsed.success) return;
    const booking = bookingFromForm(values, target, zone);
    try {
      let saved: Lead;
      if (booking) {
        // The date (and the status it brings) is the booking's to set, after its check.
        const { scheduledDate: _booked, status, ...fields } = parsed.data;
        const kept = target?.status ?? (status === "scheduled" ? "new" : status);
        saved = target
          ? await update.mutateAsync({ id: target.id, ...fields, status: kept })
          : await create.mutateAsync({ ...fields, status: kept, scheduledDate: null });
        if (!target) setCreatedLead(saved);
        const result = await book.mutateAsync({
          leadId: saved.id,
          ...booking,
          durationMinutes: bookedDuration(saved),
          ...(assigneeChanged && assignedTo ? { assignedTo } : {}),
          confirm,
        });
        appointmentSaved(result.lead);
        saved = result.lead;
      } else {
        const assignment = assigneeChanged ? { assignedTo: assignedTo || null, ...(confirm ? { confirm: true } : {}) } : {};
        saved = target ? await update.mutateAsync({ id: target.id, ...parsed.data, ...assignment }) : await create.mutateAsync(parsed.data);
      }
      showToast({
        title: lead ? "Lead updated" : "Lead created",
        description: lead ? (
          <>
            <bdi>{saved.name}</bdi> was saved.
          </>
        ) : (
          <>
            <bdi>{saved.name}</bdi> was added to the board.
          </>
        ),
        type: "success",
      });
      onClose();
    } catch (error) {
      // Not booked: the notice says what the time clashes with, for "Book anyway" or another time.
      const clashes = serverConflicts(error);
      if (clashes) {
        setConflicts(clashes);
        setClashFromAssignee(!booking);
        return;
      }
      setConflicts(null);
      const issues: FieldErrors<LeadFormField> = {};
      for (const issue of serverIssues(error)) {
        const field = BOOKING_FIELD[issue.path.split(".")[0] ?? ""];
        if (field) issues[field] ??= issue.message;
      }
      setBookingErrors(issues);
      showToast({ title: lead ? "Failed to update lead" : "Failed to create lead", description: toastErrorText(error), type: "error" });
    }
  };

  const pickAnother = () => {
    setConflicts(null);
    document.querySelector<HTMLInputElement>('input[name="scheduledTime"]')?.focus();
  };

  const dirty = useChangedSinceOpen({ ...values, assignedTo });
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title={lead ? "Edit Lead" : "Add Lead"}
      description={lead ? `Update the details of ${lead.name}.` : "Enter the details of a new lead."}
      onSubmit={() => void submit(false)}
      submitLabel={lead ? "Update Lead" : "Create Lead"}
      pendingLabel="Saving..."
      pending={pending}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Name" required error={errors.name}>
            <Input name="name" autoComplete="off" value={values.name} onChange={onInput("name")} />
          </FormField>
          <FormField label="Email" required error={errors.email}>
            <Input name="email" type="email" autoComplete="off" value={values.email} onChange={onInput("email")} />
          </FormField>
          <FormField label="Phone" error={errors.phone}>
            <Input name="phone" type="tel" autoComplete="off" value={values.phone} onChange={onInput("phone")} />
          </FormField>
          <FormField label="Zip Code" required error={errors.zipCode}>
            <Input name="zipCode" inputMode="numeric" autoComplete="off" value={values.zipCode} onChange={onInput("zipCode")} />
          </FormField>
        </SimpleGrid>
        <DuplicateWarning duplicates={duplicates} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Service" required error={errors.service}>
            <SelectControl name="service" value={values.service} options={serviceOptionsFor(values.service)} onChange={set("service")} />
          </FormField>
          <FormField label="Status" error={errors.status}>
            <SelectControl
              name="status"
              value={values.status}
              options={statusOptionsFor(values.status)}
              onChange={(value) => set("status")(value as LeadFormValues["status"])}
            />
          </FormField>
          <FormField label="Priority" error={errors.priority}>
            <SelectControl
              name="priority"
              value={values.priority}
              options={priorityOptions}
              onChange={(value) => set("priority")(value as LeadFormValues["priority"])}
            />
          </FormField>
          <FormField label="Lead Source" error={errors.source}>
            <SelectControl
              name="source"
              value={values.source}
              options={sourceOptionsFor(values.source)}
              onChange={(value) => set("source")(value as LeadFormValues["source"])}
            />
          </FormField>
          {canAssign ? (
            <FormField label="Assignee" helper="A coming appointment is checked against their calendar.">
              <SelectControl
                name="assignedTo"
                value={assignedTo}
                options={[
                  ...(assignedTo ? [{ value: "", label: "Unassigned" }] : []),
                  ...assigneeOptions(staff.list, user.id, assignedTo || undefined),
                ]}
                onChange={(value) => {
                  setAssignedTo(value);
                  setConflicts(null);
                }}
              />
            </FormField>
          ) : null}
          <FormField label="Estimated Value" error={errors.estimatedValue}>
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
          <FormField label="Scheduled Date" error={errors.scheduledDate}>
            <DateTimeInput name="scheduledDate" type="date" value={values.scheduledDate} onCommit={set("scheduledDate")} />
          </FormField>
          <FormField label="Scheduled Time" helper={values.scheduledDate ? "Blank means 9:00 AM." : "Needs a date to be saved."}>
            <DateTimeInput name="scheduledTime" type="time" value={values.scheduledTime} onCommit={set("scheduledTime")} />
          </FormField>
          <FormField label="Address (optional)" error={errors.address}>
            <Input name="address" autoComplete="off" value={values.address} onChange={onInput("address")} />
          </FormField>
        </SimpleGrid>
        <FormField label="Notes" error={errors.notes}>
          <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
        </FormField>
        {conflicts ? (
          <ConflictNotice
            conflicts={conflicts}
            pending={pending}
            onBookAnyway={() => void submit(true)}
            onPickAnother={pickAnother}
            {...(clashFromAssignee ? { bookAnywayLabel: "Assign anyway", assigneeName: staff.byId.get(assignedTo)?.displayName } : {})}
          />
        ) : null}
        {lead ? <LeadTimeline leadId={lead.id} /> : null}
      </Stack>
    </FormDialog>
  );
}
