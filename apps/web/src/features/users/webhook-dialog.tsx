import { Box } from "@chakra-ui/react/box";
import { Checkbox } from "@chakra-ui/react/checkbox";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import {
  type CreatedWebhook,
  type Webhook,
  webhookCreateSchema,
  webhookEventTypes,
  type WebhookEventType,
  webhookUpdateSchema,
} from "@crawlguard/validators";
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

/** The dialog's title, description and buttons: adding an endpoint, or changing one. */
const DIALOG_TEXTS = {
  add: {
    title: "Add Webhook",
    description: "CrawlGuard POSTs each chosen event to this URL, signed with a secret shown once after you add it.",
    submitLabel: "Add Webhook",
    pendingLabel: "Adding...",
  },
  edit: {
    title: "Edit Webhook",
    description: "CrawlGuard POSTs each chosen event to this URL, signed with the secret it has now.",
    submitLabel: "Save Webhook",
    pendingLabel: "Saving...",
  },
} as const;

/**
 * Add Webhook (ADR 030): the receiver's https URL, what it is for, and the events it gets. The
 * signing secret of the new endpoint goes to `onCreated`: it is shown once. Given `webhook`, the
 * same dialog is Edit Webhook: it changes that endpoint's URL, description, events and staff-only
 * fields (its secret stays; Rotate Secret changes that).
 */
export function WebhookDialog({
  open,
  onClose,
  onCreated,
  webhook,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (webhook: CreatedWebhook) => void;
  webhook?: Webhook;
}) {
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.events ?? []);
  const [includeStaffFields, setIncludeStaffFields] = useState(webhook?.includeStaffFields ?? false);
  const [submitted, setSubmitted] = useState(false);
  const legendId = useId();
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation({ onSuccess: () => utils.webhooks.list.invalidate() });
  const update = trpc.webhooks.update.useMutation({
    onSuccess: (changed) => utils.webhooks.list.setData(undefined, (list) => list?.map((w) => (w.id === changed.id ? changed : w))),
  });

  // Editing sends every field: an emptied description clears it, an unticked box turns staff fields off.
  const parsed = webhook
    ? webhookUpdateSchema.safeParse({ id: webhook.id, url: url.trim(), events, description: description.trim(), includeStaffFields })
    : webhookCreateSchema.safeParse({
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
      if ("id" in parsed.data) {
        await update.mutateAsync(parsed.data);
        showToast({ title: "Webhook saved", description: "Events from now on follow these settings.", type: "success" });
      } else {
        onCreated?.(await create.mutateAsync(parsed.data));
      }
      onClose();
    } catch (error) {
      showToast({ title: webhook ? "Failed to save webhook" : "Failed to add webhook", description: toastErrorText(error), type: "error" });
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
      {...DIALOG_TEXTS[webhook ? "edit" : "add"]}
      onSubmit={() => void submit()}
      pending={create.isPending || update.isPending}
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
