import { InputGroup } from "@chakra-ui/react/input-group";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { leadCreateSchema, type Lead } from "@crawlguard/validators";
import { type ChangeEvent, useState } from "react";
import { fieldErrors } from "../../lib/form-errors";
import { trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { DuplicateWarning } from "./duplicate-warning";
import { LeadTimeline } from "./lead-timeline";
import { priorityOptions } from "./lead-board-model";
import {
  type LeadFormField,
  type LeadFormValues,
  leadFormValues,
  leadInputFromForm,
  serviceOptionsFor,
  sourceOptionsFor,
  statusOptionsFor,
} from "./lead-form-model";
import { useDuplicateLeads } from "./use-duplicate-leads";
import { useCreateLead, useUpdateLead } from "./use-lead-mutations";

type LeadFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The lead to edit; without one the dialog adds a lead. */
  lead?: Lead | undefined;
};

/** Add Lead / Edit Lead (docs/product.md §2, Dialogs: Lead form). Mount it per opening: it keeps no state between them. */
export default function LeadFormDialog({ open, onClose, lead }: LeadFormDialogProps) {
  const zone = useBusinessTimeZone();
  const [values, setValues] = useState<LeadFormValues>(() => leadFormValues(lead, zone));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateLead();
  const update = useUpdateLead({ optimistic: false, toastErrors: false });
  const duplicates = useDuplicateLeads(values.email, values.phone, lead?.id);

  const input = leadInputFromForm(values, zone);
  // Validation runs on submit, then again on every change.
  const parsed = leadCreateSchema.safeParse(input);
  const errors = submitted ? fieldErrors<LeadFormField>(parsed) : {};
  const pending = create.isPending || update.isPending;

  const set =
    <K extends LeadFormField>(field: K) =>
    (value: LeadFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const onInput = (field: LeadFormField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      if (lead) {
        await update.mutateAsync({ id: lead.id, ...parsed.data });
        showToast({
          title: "Lead updated",
          description: (
            <>
              <bdi>{parsed.data.name}</bdi> was saved.
            </>
          ),
          type: "success",
        });
      } else {
        await create.mutateAsync(parsed.data);
        showToast({
          title: "Lead created",
          description: (
            <>
              <bdi>{parsed.data.name}</bdi> was added to the board.
            </>
          ),
          type: "success",
        });
      }
      onClose();
    } catch (error) {
      showToast({ title: lead ? "Failed to update lead" : "Failed to create lead", description: trpcErrorText(error), type: "error" });
    }
  };

  const dirty = useChangedSinceOpen(values);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title={lead ? "Edit Lead" : "Add Lead"}
      description={lead ? `Update the details of ${lead.name}.` : "Enter the details of a new lead."}
      onSubmit={() => void submit()}
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
            <Input name="scheduledDate" type="date" value={values.scheduledDate} onChange={onInput("scheduledDate")} />
          </FormField>
          <FormField label="Scheduled Time" helper={values.scheduledDate ? "Blank means 9:00 AM." : "Needs a date to be saved."}>
            <Input name="scheduledTime" type="time" value={values.scheduledTime} onChange={onInput("scheduledTime")} />
          </FormField>
          <FormField label="Address (optional)" error={errors.address}>
            <Input name="address" autoComplete="off" value={values.address} onChange={onInput("address")} />
          </FormField>
        </SimpleGrid>
        <FormField label="Notes" error={errors.notes}>
          <Textarea name="notes" rows={3} value={values.notes} onChange={onInput("notes")} />
        </FormField>
        {lead ? <LeadTimeline leadId={lead.id} /> : null}
      </Stack>
    </FormDialog>
  );
}
