import { z } from "zod";
import { text } from "./text.js";

/** What a webhook endpoint can subscribe to (ADR 030). */
export const webhookEventTypes = [
  "contact.received",
  "lead.created",
  "lead.updated",
  "lead.deleted",
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
  "gallery.published",
  "quote.sent",
  "quote.viewed",
  "quote.approved",
  "quote.changes_requested",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

const webhookEventTypeSchema = z.enum(webhookEventTypes).meta({
  id: "WebhookEventType",
  description:
    "contact.received (a contact form or POST /api/contact), lead.created, lead.updated (every change: data.changed names every field it altered), lead.deleted, " +
    "appointment.booked, appointment.rescheduled, appointment.cancelled, gallery.published, quote.sent (a quote e-mailed to its homeowner), " +
    "quote.viewed (its page first opened), quote.approved (data.quote.approval says what was signed), quote.changes_requested " +
    "(data.quote.changeRequest holds the message).",
});

const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_URL_HTTPS_MESSAGE = "The URL must start with https://";
const WEBHOOK_EVENTS_MESSAGE = "Choose at least one event";

const webhookUrl = () =>
  text().trim().min(1, "URL is required").max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`).meta({
    description:
      "Where events are POSTed: an https URL on the public internet (plain http only to this machine, when the server runs with WEBHOOKS_ALLOW_HTTP=true).",
  });

const webhookEvents = () =>
  z
    .array(webhookEventTypeSchema)
    .min(1, WEBHOOK_EVENTS_MESSAGE)
    .max(webhookEventTypes.length * 2)
    .meta({ description: "The event types sent to this endpoint (at least one; one named twice counts once)." });

const webhookDescription = () =>
  text()
    .trim()
    .max(200, "Description must be at most 200 characters")
    .meta({ description: "What the endpoint is for (shown in the list)." });

const includeStaffFields = () =>
  z.boolean().meta({
    description:
      "true: events carrying a lead also send its staff-only values (notes, estimatedValue, priority, assignedTo, assigneeName). " +
      "An administrator's choice for an endpoint the business trusts with them; false unless set.",
  });

/** The Add Webhook dialog and `POST /api/webhooks`. */
export const webhookCreateSchema = z
  .object({
    url: webhookUrl(),
    events: webhookEvents(),
    description: webhookDescription().optional(),
    includeStaffFields: includeStaffFields().optional(),
  })
  .strict()
  .meta({ id: "WebhookCreate" });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/webhooks/{id}`: any of the fields; `enabled: true` turns a disabled endpoint back on. */
export const webhookUpdateSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The endpoint's id." }),
    url: webhookUrl().optional(),
    events: webhookEvents().optional(),
    description: webhookDescription().optional(),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: "false: nothing is sent until it is true again (its failure clock starts over then)." }),
    includeStaffFields: includeStaffFields().optional(),
  })
  .strict();
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The endpoint's id." }),
    url: z.string().meta({ description: "Where events are POSTed." }),
    description: z.string().meta({ description: "What the endpoint is for." }),
    events: z.array(webhookEventTypeSchema).meta({ description: "The event types sent to it." }),
    enabled: z.boolean().meta({ description: "Whether events are sent to it." }),
    disabledAt: z.string().datetime().nullable().meta({ description: "When it was disabled (ISO 8601); null while enabled." }),
    disabledReason: z.string().nullable().meta({
      description: "Why the server disabled it (its deliveries failed for a day); null when enabled or disabled by an administrator.",
    }),
    failingSince: z
      .string()
      .datetime()
      .nullable()
      .meta({ description: "When its deliveries started failing (ISO 8601); null when the last one succeeded." }),
    includeStaffFields: z.boolean().meta({ description: "Whether events carrying a lead also send its staff-only values." }),
    previousSecretExpiresAt: z.string().datetime().nullable().meta({
      description:
        "After a rotation: until when deliveries are also signed with the secret it replaced (two signatures in webhook-signature); null otherwise.",
    }),
    createdAt: z.string().datetime().meta({ description: "When it was registered (ISO 8601)." }),
    updatedAt: z.string().datetime().meta({ description: "When it last changed (ISO 8601)." }),
  })
  .meta({ id: "Webhook", description: "A registered webhook endpoint (never its secret)." });
export type Webhook = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema
  .extend({
    secret: z.string().meta({
      description:
        "The signing secret (whsec_...), for verifying the webhook-signature header (Standard Webhooks). Shown this once: store it now.",
    }),
  })
  .meta({ id: "NewWebhook", description: "An endpoint just registered, with its signing secret (shown once)." });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryStatuses = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliverySchema = z
  .object({
    id: z.string().uuid().meta({ description: "The delivery's id (to resend it)." }),
    webhookId: z.string().meta({ description: "The webhook-id header it is sent with: the same on every attempt and resend." }),
    eventType: webhookEventTypeSchema,
    status: z.enum(webhookDeliveryStatuses).meta({
      description: "pending (waiting for its next attempt), sending, delivered (a 2xx answer), failed (retried for a day without success).",
    }),
    attempts: z.number().int().meta({ description: "How many attempts were made." }),
    responseStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's HTTP status at the last attempt; null when none answered." }),
    error: z.string().nullable().meta({ description: "What went wrong at the last attempt; null after a success." }),
    createdAt: z.string().datetime().meta({ description: "When the event happened (ISO 8601)." }),
    lastAttemptAt: z.string().datetime().nullable().meta({ description: "When it was last tried (ISO 8601)." }),
    nextAttemptAt: z.string().datetime().nullable().meta({ description: "When it is tried next, while pending (ISO 8601)." }),
    deliveredAt: z.string().datetime().nullable().meta({ description: "When the receiver accepted it (ISO 8601)." }),
    payload: z.string().meta({ description: "The exact JSON body sent ({type, timestamp, data}), as signed." }),
  })
  .meta({ id: "WebhookDelivery", description: "One event sent (or being sent) to one endpoint." });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesHoldSchema = z
  .object({
    held: z.boolean().meta({
      description: "true: no webhook delivery is sent until an administrator resumes them (set by a restore with --hold-deliveries).",
    }),
    since: z.string().datetime().nullable().meta({ description: "When the deliveries were held (ISO 8601); null when they are not." }),
    reason: z.string().nullable().meta({ description: "Why they are held (e.g. which backup was restored); null when they are not." }),
    waiting: z.number().int().meta({ description: "Deliveries waiting to be sent (pending, or sending when the backup was made)." }),
  })
  .meta({
    id: "WebhookDeliveriesHold",
    description:
      "Whether webhook deliveries are held after a restore: the ones pending when the backup was made may already have reached their receivers from the original installation.",
  });
export type WebhookDeliveriesHold = z.infer<typeof webhookDeliveriesHoldSchema>;

/** The most deliveries one answer of an endpoint's log holds. */
export const DELIVERY_PAGE_MAX = 100;

/** `GET /api/webhooks/{id}/deliveries`: newest first, a page at a time, filtered by status. */
export const webhookDeliveriesQuerySchema = z.object({
  id: z.string().uuid().meta({ description: "The endpoint's id." }),
  status: z
    .enum(webhookDeliveryStatuses)
    .meta({ description: "Only deliveries in this state: pending, sending, delivered or failed." })
    .optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(DELIVERY_PAGE_MAX)
    .meta({ description: `How many to answer, newest first: 1-${DELIVERY_PAGE_MAX} (default ${DELIVERY_PAGE_MAX}).` })
    .optional(),
  before: z
    .string()
    .uuid()
    .meta({ description: "Only deliveries older than this one (the `id` of the last delivery of the previous answer): the next page." })
    .optional(),
});

/** `POST /api/webhooks/{id}/test`: what the endpoint answered to a signed webhook.test event. */
export const webhookTestResultSchema = z
  .object({
    delivered: z.boolean().meta({ description: "Whether the endpoint answered 2xx within 10 seconds." }),
    responseStatus: z.number().int().nullable().meta({ description: "The status it answered; null when none came." }),
    error: z.string().nullable().meta({ description: "What went wrong; null when delivered." }),
  })
  .meta({ id: "WebhookTestResult", description: "The outcome of a test event sent to an endpoint." });
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** `POST /api/webhooks/{id}/rotate-secret`: the new secret, shown once, and until when the old one still signs. */
export const rotatedWebhookSecretSchema = webhookSchema
  .extend({
    secret: z.string().meta({ description: "The new signing secret (whsec_...). Shown this once: store it now." }),
  })
  .meta({
    id: "RotatedWebhookSecret",
    description:
      "The endpoint with its new signing secret (shown once). Until previousSecretExpiresAt (24 hours) every delivery carries two " +
      "signatures in webhook-signature, one per secret, so a receiver verifying with either accepts it; then only the new one.",
  });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;

/** How long a rotated-out secret keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** `GET /api/events`: the event log's page parameters. */
export const eventLogQuerySchema = z.object({
  limit: z.number().int().min(1).max(500).meta({ description: "Events per page, 1-500 (default 100)." }).optional(),
  cursor: z
    .string()
    .max(200)
    .meta({ description: "The `nextCursor` of the previous page: the page continues after it. Omitted: from the oldest event kept." })
    .optional(),
});

export const loggedEventSchema = z
  .object({
    id: z.string().meta({ description: "The event's id: the webhook-id its deliveries carry (msg_…)." }),
    type: webhookEventTypeSchema,
    timestamp: z.string().datetime().meta({ description: "When it happened (ISO 8601)." }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: "What a webhook of this type says (the `webhooks` section of this document gives each type's shape)." }),
  })
  .meta({ id: "LoggedEvent", description: "One event of the event log, as a default endpoint receives it." });
export type LoggedEvent = z.infer<typeof loggedEventSchema>;

export const eventLogPageSchema = z
  .object({
    items: z.array(loggedEventSchema).meta({ description: "Events, oldest first, in the order they were committed." }),
    nextCursor: z.string().meta({
      description:
        "Where the next page starts: send it as `cursor`. After the last page it is where new events will appear: keep it and poll.",
    }),
    hasMore: z.boolean().meta({ description: "True when more events follow right away (fetch the next page now)." }),
  })
  .meta({ id: "EventLogPage", description: "A page of the event log (the last 30 days)." });
export type EventLogPage = z.infer<typeof eventLogPageSchema>;
