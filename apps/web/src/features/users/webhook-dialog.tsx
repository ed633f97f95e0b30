import { Box } from "@chakra-ui/react/box";
import { Checkbox } from "@chakra-ui/react/checkbox";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type CreatedWebhook, webhookCreateSchema, webhookEventTypes, type WebhookEventType } from "@crawlguard/validators";
import { useId, useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";

/** What each event means, in the dialog's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "contact.received": "Contact form received",
  "lead.created": "Lead created",
  "lead.updated": "Lead updated",
  "lead.deleted": "Lead deleted",
  "appointment.booked": "Appointment booked",
  "appointment.rescheduled": "Appointment rescheduled",
  "appointment.cancelled": "Appointment cancelled",
  "gallery.published": "Gallery photo published",
  "quote.sent": "Quote sent",
  "quote.viewed": "Quote viewed by the homeowner",
  "quote.approved": "Quote approved",
  "quote.changes_requested": "Quote changes requested",
};

/**
 * Add Webhook (ADR 030): the receiver's https URL, what it is for, and the events it gets. The
 * signing secret of the new endpoint goes to `onCreated`: it is shown once.
 */
export function WebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [includeStaffFields, setIncludeStaffFields] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const legendId = useId();
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation({ onSuccess: () => utils.webhooks.list.invalidate() });

  const parsed = webhookCreateSchema.safeParse({
    url: url.trim(),
    events,
    description: description.trim() || undefined,
    ...(includeStaffFields ? { includeStaffFields } : {}),
  });
  const errors = submitted ? fieldErrors<"url" | "events" | "description">(parsed) : {};

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      onCreated(await create.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showToast({ title: "Failed to add webhook", description: toastErrorText(error), type: "error" });
    }
  };

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? webhookEventTypes.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));

  const dirty = useChangedSinceOpen([url, description, events.join(","), String(includeStaffFields)]);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Add Webhook"
      description="CrawlGuard POSTs each chosen event to this URL, signed with a secret shown once after you add it."
      onSubmit={() => void submit()}
      submitLabel="Add Webhook"
      pendingLabel="Adding..."
      pending={create.isPending}
      size="lg"
    >
      <Stack gap="5">
        <FormField
          label="Endpoint URL"
          required
          error={errors.url}
          helper="An https address on the internet, e.g. https://hooks.example.com/crawlguard"
        >
          <Input name="url" type="url" inputMode="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} />
        </FormField>
        <FormField label="Description" error={errors.description} helper="Optional: what receives these events (e.g. Zapier).">
          <Input name="description" autoComplete="off" value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
        <Box as="fieldset" minW="0" aria-describedby={errors.events ? `${legendId}-error` : undefined}>
          <Box as="legend" fontWeight="medium" textStyle="sm" mb="2" id={legendId}>
            Events
          </Box>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
            {webhookEventTypes.map((event) => (
              <Checkbox.Root
                key={event}
                checked={events.includes(event)}
                onCheckedChange={(d) => toggle(event, d.checked === true)}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput name="events" value={event} />
                <Checkbox.Control />
                <Checkbox.Label>
                  {WEBHOOK_EVENT_LABELS[event]}{" "}
                  <Text as="span" color="fg.muted" textStyle="xs">
                    ({event})
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
          {errors.events ? (
            <Text id={`${legendId}-error`} color="fg.error" textStyle="sm" mt="2" role="alert">
              {errors.events}
            </Text>
          ) : null}
        </Box>
        <Box>
          <Checkbox.Root
            checked={includeStaffFields}
            onCheckedChange={(d) => setIncludeStaffFields(d.checked === true)}
            colorPalette="brand"
            aria-describedby={`${legendId}-staff`}
          >
            <Checkbox.HiddenInput name="includeStaffFields" />
            <Checkbox.Control />
            <Checkbox.Label>Include staff-only fields</Checkbox.Label>
          </Checkbox.Root>
          <Text id={`${legendId}-staff`} color="fg.muted" textStyle="xs" mt="1">
            Also send each lead&apos;s notes, estimated value, priority and assignee. Only for a receiver you trust with them.
          </Text>
        </Box>
      </Stack>
    </FormDialog>
  );
}
