import { getServiceLabel } from "@crawlguard/content";
import { webhookEventTypes, type WebhookEventType } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";
import { quoteForWebhook } from "../quotes/events.js";
import { anyListener, queueDeliveries, type WebhookJobs, type WebhookSettings } from "./webhooks.js";
import { logEvent } from "./event-log.js";
import { staffData } from "./staff-fields.js";
import { publicLeadFields, type DomainEvent, type DomainEventSubscriber, type PublicLeadFields } from "../domain-events.js";

/*
 * What a webhook says about an event (ADR 030): the client's side of the record. A lead's notes,
 * estimated value, priority and assignee are staff-only (ADR 018): they are added only for the
 * endpoints an administrator registered with includeStaffFields (staff-fields.ts). A lead's Google
 * event id, an upload's owner, file details and unpublished images are never sent.
 */

const isWebhookEventType = (type: string): type is WebhookEventType => (webhookEventTypes as readonly string[]).includes(type);

/** The lead's public fields (PUBLIC_LEAD_FIELDS) and its id, submission and instants. */
interface PublicLeadRow extends Omit<PublicLeadFields, "scheduledDate"> {
  id: string;
  scheduledDate: Date | null;
  submissionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * `fields` with `serviceLabel` right after `service`: the service as people read it (the catalogue's
 * label, content's getServiceLabel), beside the id, which stays what was stored. Null without a service.
 */
function withServiceLabel<T extends { service: string | null }>(fields: T): T & { serviceLabel: string | null } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value;
    if (key === "service") out["serviceLabel"] = fields.service ? getServiceLabel(fields.service) : null;
  }
  return out as T & { serviceLabel: string | null };
}

const iso = (d: Date | string | null) => (d === null ? null : typeof d === "string" ? d : d.toISOString());

async function publicLead(tx: Queryable, leadId: string) {
  const [row] = await tx<PublicLeadRow[]>`
    SELECT id, name, email, phone, address, zip_code, service, status, source, scheduled_date, duration_minutes,
      submission_id, created_at, updated_at
    FROM leads WHERE id = ${leadId}`;
  if (!row) return null;
  return {
    id: row.id,
    ...withServiceLabel(publicLeadFields(row)),
    submissionId: row.submissionId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

async function publicSubmission(tx: Queryable, submissionId: string) {
  const [row] = await tx<
    {
      id: string;
      name: string;
      email: string;
      phone: string | null;
      address: string | null;
      zipCode: string;
      service: string | null;
      message: string | null;
      source: string | null;
      utmSource: string | null;
      utmMedium: string | null;
      utmCampaign: string | null;
      utmTerm: string | null;
      utmContent: string | null;
      landingPage: string | null;
      referrer: string | null;
      createdAt: Date;
    }[]
  >`
    SELECT id, name, email, phone, address, zip_code, service, message, source,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, referrer, created_at
    FROM contact_submissions WHERE id = ${submissionId}`;
  return row ? { ...withServiceLabel(row), createdAt: iso(row.createdAt) } : null;
}

/** `origin`: where the site is (PUBLIC_URL, else the server's own origin as the change's request reached it). */
async function publicImage(tx: Queryable, imageId: string, origin: string | undefined) {
  const [row] = await tx<
    {
      id: string;
      title: string;
      description: string | null;
      altText: string | null;
      category: string;
      imageUrl: string;
      isPublished: boolean;
      createdAt: Date;
    }[]
  >`SELECT id, title, description, alt_text, category, image_url, is_published, created_at FROM gallery_images WHERE id = ${imageId}`;
  if (!row?.isPublished) return null;
  // Absolute, so a receiver can fetch it (an S3 public URL already is).
  const imageUrl = origin && row.imageUrl.startsWith("/") ? `${origin.replace(/\/$/, "")}${row.imageUrl}` : row.imageUrl;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    altText: row.altText,
    category: row.category,
    imageUrl,
    createdAt: iso(row.createdAt),
  };
}

/**
 * The `data` of an event's webhook as every endpoint gets it, read inside the change's transaction
 * (what the change made), or null when there is nothing to say (the record is already gone).
 */
export async function webhookData(
  tx: Queryable,
  event: DomainEvent,
  { publicUrl }: { publicUrl?: string | undefined } = {},
): Promise<Record<string, unknown> | null> {
  switch (event.type) {
    case "contact.received": {
      const submission = await publicSubmission(tx, event.submissionId);
      if (!submission) return null;
      // A request becomes a lead only later, when staff convert it (that lead.created names the
      // submissionId). leadId stays in the body, always null, as receivers have always seen it.
      return { submission, leadId: null };
    }
    case "lead.created": {
      const lead = await publicLead(tx, event.leadId);
      return lead ? { lead } : null;
    }
    case "lead.updated": {
      // Every change, and every field it altered by name: the values of staff-only ones go only to
      // endpoints with includeStaffFields (staff-fields.ts).
      const lead = await publicLead(tx, event.leadId);
      return lead ? { lead, changed: [...new Set(event.changed)] } : null;
    }
    case "lead.deleted":
      return { lead: { id: event.leadId, ...withServiceLabel(publicLeadFields(event.lead)), createdAt: event.lead.createdAt } };
    case "appointment.booked":
    case "appointment.cancelled":
    case "appointment.rescheduled": {
      const lead = await publicLead(tx, event.leadId);
      const appointment = {
        leadId: event.leadId,
        start: event.start,
        end: event.end,
        // Who made the change: the homeowner on /book, or staff (the dashboard, the API).
        source: event.source ?? "staff",
        ...(event.type === "appointment.rescheduled" ? { previous: { start: event.previous.start, end: event.previous.end } } : {}),
      };
      return { appointment, lead };
    }
    case "quote.sent":
    case "quote.viewed":
    case "quote.approved":
    case "quote.changes_requested": {
      const quote = await quoteForWebhook(tx, event.quoteId);
      return quote ? { quote, lead: await publicLead(tx, event.leadId) } : null;
    }
    case "gallery.published": {
      const image = await publicImage(tx, event.imageId, publicUrl ?? event.origin);
      return image ? { image } : null;
    }
    // A message to the client, not a change of the business's data: no webhook event.
    case "crew.on-my-way":
      return null;
    // Accounts and mail settings, not the business's data: no webhook event.
    case "invitation.created":
    case "notifications.test-requested":
      return null;
  }
}

/**
 * The domain-event subscriber of webhooks: in the change's transaction, the event in the event log
 * (event-log.ts) and one delivery (row and job) per enabled endpoint listening for it, with the
 * lead's staff-only values for an endpoint registered with includeStaffFields.
 */
export function webhookSubscriber({
  jobs,
  settings,
  publicUrl,
  onQueued,
}: {
  jobs: WebhookJobs;
  settings: Pick<WebhookSettings, "retryWindowSeconds">;
  publicUrl?: string | undefined;
  /** Told the ids queued (the sender on this instance starts once the change commits). */
  onQueued?: (ids: string[]) => void;
}): DomainEventSubscriber {
  return {
    async handle(tx, event) {
      const type = event.type;
      // Events of no webhook type (a client told the crew is on the way) go nowhere.
      if (!isWebhookEventType(type)) return;
      const data = await webhookData(tx, event, { publicUrl });
      if (!data) return;
      const message = { id: event.id, type, occurredAt: event.occurredAt, data };
      await logEvent(tx, message);
      if (!(await anyListener(tx, type))) return;
      const staff = await staffData(tx, event, data);
      const ids = await queueDeliveries(tx, jobs, staff ? { ...message, staffData: staff } : message, settings);
      if (ids.length > 0) onQueued?.(ids);
    },
  };
}
