import { z } from "zod";
import { clientQuoteLineSchema, quoteApprovalSchema, quoteChangeRequestSchema, quoteStatusSchema } from "./quote.js";
import { webhookEventTypes, type WebhookEventType } from "./webhook.js";

/*
 * What each webhook event's body says (ADR 030; docs/api.md "Webhooks"): `{ type, timestamp, data }`,
 * one `data` shape per event type. The served OpenAPI document lists them in its `webhooks` section
 * (so receivers generate types too) and the API tests check every delivery against them. Answers
 * may gain fields (ignore the ones you do not know).
 */

/** The test event an administrator sends to an endpoint (POST /api/webhooks/{id}/test); no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Every type a receiver may get: the event types endpoints subscribe to, and the test event. */
export const webhookBodyTypes = [...webhookEventTypes, WEBHOOK_TEST_EVENT] as const;
export type WebhookBodyType = (typeof webhookBodyTypes)[number];

const instant = (description: string) => z.string().meta({ description: `${description} (ISO 8601).` });
const nullableText = (description: string) => z.string().nullable().meta({ description });

/** The client's side of a lead: what every endpoint receives. */
const publicLeadShape = {
  name: z.string().meta({ description: "The client's name." }),
  email: z.string().meta({ description: "The client's email address." }),
  phone: nullableText("The client's phone number, as typed."),
  address: nullableText("The property's address."),
  zipCode: nullableText("The property's zip code."),
  service: z.string().meta({ description: "The service asked about: its id, as stored (e.g. crawl-space-encapsulation)." }),
  serviceLabel: z.string().nullable().optional().meta({ description: "The service as people read it (e.g. Crawl Space Encapsulation)." }),
  status: z.string().meta({ description: "Where the lead stands (new, contacted, scheduled, quoted, won, lost, …)." }),
  source: z.string().meta({ description: "How the lead reached the business (website, google, referral, online-booking, …)." }),
  scheduledDate: nullableText("The appointment's start (ISO 8601), or null."),
  durationMinutes: z.number().int().meta({ description: "The appointment's length in minutes." }),
};

/** Staff-only values: only endpoints registered with includeStaffFields receive them. */
const staffLeadShape = {
  notes: z.string().nullable().optional().meta({ description: "Staff notes. Only to endpoints with includeStaffFields." }),
  estimatedValue: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The estimated value in dollars, as a string. Only to endpoints with includeStaffFields." }),
  priority: z.string().optional().meta({ description: "low, medium or high. Only to endpoints with includeStaffFields." }),
  assignedTo: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The id of the staff member it is assigned to. Only to endpoints with includeStaffFields." }),
  assigneeName: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The assignee's username. Only to endpoints with includeStaffFields." }),
};

/** The names of the staff-only fields, in the order they are sent. */
export const STAFF_LEAD_FIELDS = Object.keys(staffLeadShape) as (keyof typeof staffLeadShape)[];

export const webhookLeadSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The lead's id (GET /api/leads/{id})." }),
    ...publicLeadShape,
    submissionId: nullableText("The contact submission it was converted from, if any."),
    createdAt: instant("When the lead was created"),
    updatedAt: instant("When the lead last changed"),
    ...staffLeadShape,
  })
  .meta({
    id: "WebhookLead",
    description: "A lead as a webhook sends it: the client's side, and staff values only to endpoints that ask.",
  });

export const webhookDeletedLeadSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The deleted lead's id." }),
    ...publicLeadShape,
    createdAt: instant("When the lead was created"),
    ...staffLeadShape,
  })
  .meta({ id: "WebhookDeletedLead", description: "What a deleted lead was (the record is gone)." });

export const webhookSubmissionSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The submission's id (GET /api/contact-submissions/{id})." }),
    name: z.string().meta({ description: "The visitor's name." }),
    email: z.string().meta({ description: "The visitor's email address." }),
    phone: nullableText("The visitor's phone number, as typed."),
    address: nullableText("The property's address."),
    zipCode: z.string().meta({ description: "The property's zip code." }),
    service: nullableText("The service asked about (its id), if any."),
    serviceLabel: z.string().nullable().optional().meta({ description: "The service as people read it, if any." }),
    message: nullableText("The visitor's message."),
    source: nullableText("The name of the API key that sent it; null for the website's form."),
    utmSource: nullableText("The utm_source of the page the visitor landed on."),
    utmMedium: nullableText("The utm_medium of the landing page."),
    utmCampaign: nullableText("The utm_campaign of the landing page."),
    utmTerm: nullableText("The utm_term of the landing page."),
    utmContent: nullableText("The utm_content of the landing page."),
    landingPage: nullableText("The first page of the site the visitor saw (path and query)."),
    referrer: nullableText("The page that sent the visitor to the site."),
    createdAt: instant("When the form was sent"),
  })
  .meta({ id: "WebhookSubmission", description: "A contact request, with where the visitor came from." });

const interval = {
  start: instant("The appointment's start"),
  end: instant("The appointment's end"),
};

export const webhookAppointmentSchema = z
  .object({
    leadId: z.string().uuid().meta({ description: "The lead the appointment is for." }),
    ...interval,
    source: z.string().meta({ description: "Who made the change: staff (the dashboard or the API), or online-booking (the homeowner)." }),
    previous: z.object(interval).optional().meta({ description: "appointment.rescheduled only: the time it had before." }),
  })
  .meta({ id: "WebhookAppointment", description: "An appointment booked, moved or cancelled." });

export const webhookQuoteSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The quote's id (GET /api/quotes/{id})." }),
    number: z.string().meta({ description: "The quote's number, e.g. Q-0042." }),
    revision: z.number().int().meta({ description: "Its revision (1 for the first)." }),
    leadId: z.string().uuid().meta({ description: "The lead it is for." }),
    status: quoteStatusSchema,
    lines: z.array(clientQuoteLineSchema).meta({ description: "Its lines, as the homeowner sees them." }),
    subtotalCents: z.number().int().meta({ description: "The lines' total, in cents." }),
    discountCents: z.number().int().meta({ description: "The discount, in cents." }),
    taxRatePercent: z.number().meta({ description: "The tax rate, in percent." }),
    taxCents: z.number().int().meta({ description: "The tax, in cents." }),
    totalCents: z.number().int().meta({ description: "The total, in cents." }),
    depositCents: z.number().int().meta({ description: "The deposit asked, in cents." }),
    validUntil: z.string().meta({ description: "The last day it can be approved (YYYY-MM-DD)." }),
    messageToClient: nullableText("The message to the homeowner."),
    sentAt: nullableText("When it was sent (ISO 8601)."),
    viewedAt: nullableText("When the homeowner first opened it (ISO 8601)."),
    approvedAt: nullableText("When it was approved (ISO 8601)."),
    approval: quoteApprovalSchema.nullable().meta({ description: "What the homeowner approved (quote.approved); null before." }),
    changeRequest: quoteChangeRequestSchema
      .nullable()
      .meta({ description: "The homeowner's request for changes (quote.changes_requested); null otherwise." }),
  })
  .meta({ id: "WebhookQuote", description: "A quote as a webhook sends it: never its link, who wrote it or price-book ids." });

export const webhookImageSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The gallery image's id." }),
    title: z.string().meta({ description: "Its title." }),
    description: nullableText("Its description."),
    altText: nullableText("Its alternative text."),
    category: z.string().meta({ description: "Its gallery category." }),
    imageUrl: z.string().meta({ description: "The photo's absolute URL (on PUBLIC_URL, or the server's own origin)." }),
    createdAt: instant("When it was added"),
  })
  .meta({ id: "WebhookImage", description: "A published gallery photo." });

const changedSchema = z.array(z.string()).meta({
  description:
    "Every field the change altered, by its name in the Lead resource (name, email, phone, address, zipCode, service, status, source, " +
    "scheduledDate, durationMinutes, notes, priority, estimatedValue, assignedTo, …). Staff-only fields are named to every endpoint; " +
    "their values are sent only to endpoints with includeStaffFields.",
});

const leadData = z.object({ lead: webhookLeadSchema });
const quoteData = z.object({
  quote: webhookQuoteSchema,
  lead: webhookLeadSchema.nullable().meta({ description: "The lead the quote is for." }),
});
const appointmentData = z.object({
  appointment: webhookAppointmentSchema,
  lead: webhookLeadSchema.nullable().meta({ description: "The lead, as it is after the change (null if it is gone)." }),
});

/** The `data` of each event type. A type without an entry here is documented as an object (see webhookBodySchema). */
export const WEBHOOK_DATA_SCHEMAS: Partial<Record<WebhookBodyType, z.ZodObject>> = {
  "contact.received": z.object({
    submission: webhookSubmissionSchema,
    leadId: z.null().meta({ description: "Always null: a request becomes a lead when staff convert it (that lead.created names it)." }),
  }),
  "lead.created": leadData,
  "lead.updated": leadData.extend({ changed: changedSchema }),
  "lead.deleted": z.object({ lead: webhookDeletedLeadSchema }),
  "appointment.booked": appointmentData,
  "appointment.rescheduled": appointmentData,
  "appointment.cancelled": appointmentData,
  "quote.sent": quoteData,
  "quote.viewed": quoteData,
  "quote.approved": quoteData,
  "quote.changes_requested": quoteData,
  "gallery.published": z.object({ image: webhookImageSchema }),
  [WEBHOOK_TEST_EVENT]: z.object({
    webhookId: z.string().uuid().meta({ description: "The endpoint it was sent to." }),
    message: z.string().meta({ description: "What the event is: a test an administrator sent." }),
  }),
};

/** What each event means, for the document. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Partial<Record<WebhookBodyType, string>> = {
  "contact.received": "A contact request arrived (the website's form, or POST /api/contact with a read-write key).",
  "lead.created": "A lead was added (by hand, by converting a contact request, by a booking).",
  "lead.updated": "A lead changed, whatever field: `changed` names every field the change altered.",
  "lead.deleted": "A lead was deleted.",
  "appointment.booked": "A lead got an appointment.",
  "appointment.rescheduled": "A lead's appointment moved (`appointment.previous` is the time it had).",
  "appointment.cancelled": "A lead's appointment was cancelled (its date cleared, or the lead lost).",
  "quote.sent": "A quote was sent to the homeowner.",
  "quote.viewed": "The homeowner opened a quote for the first time.",
  "quote.approved": "The homeowner approved a quote.",
  "quote.changes_requested": "The homeowner asked for changes to a quote.",
  "gallery.published": "A gallery photo was published.",
  [WEBHOOK_TEST_EVENT]: "A test an administrator sent (POST /api/webhooks/{id}/test): answer 2xx to show the endpoint works.",
};

/** A webhook's body for `type`: `{ type, timestamp, data }`. */
export function webhookBodySchema(type: WebhookBodyType) {
  const data = WEBHOOK_DATA_SCHEMAS[type] ?? z.record(z.string(), z.unknown());
  return z
    .object({
      type: z.literal(type).meta({ description: "The event type." }),
      timestamp: instant("When the event happened"),
      data: data.meta({ description: "What happened." }),
    })
    .meta({ description: WEBHOOK_EVENT_DESCRIPTIONS[type] ?? `The ${type} event.` });
}

export type { WebhookEventType };
