import { getServiceLabel } from "@crawlguard/content";
import { webhookEventTypes, type WebhookEventType } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";
import { quoteForWebhook } from "../quotes/events.js";
import { anyListener, queueDeliveries, type WebhookJobs, type WebhookSettings } from "./webhooks.js";
import {
  PUBLIC_LEAD_FIELDS,
  publicLeadFields,
  type DomainEvent,
  type DomainEventSubscriber,
  type PublicLeadFields,
} from "../domain-events.js";

/*
 * What a webhook says about an event (ADR 030): the client's side of the record only. A lead's
 * notes, estimated value, priority, assignee and Google event id are staff-only (ADR 018) and are
 * never read here; an upload's owner, file details and unpublished images neither.
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
      createdAt: Date;
    }[]
  >`SELECT id, name, email, phone, address, zip_code, service, message, created_at FROM contact_submissions WHERE id = ${submissionId}`;
  return row ? { ...withServiceLabel(row), createdAt: iso(row.createdAt) } : null;
}

async function publicImage(tx: Queryable, imageId: string, publicUrl: string | undefined) {
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
  const imageUrl = publicUrl && row.imageUrl.startsWith("/") ? `${publicUrl}${row.imageUrl}` : row.imageUrl;
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
 * The `data` of an event's webhook, read inside the change's transaction (what the change made),
 * or null when there is nothing public to say (a lead change that touched only staff fields).
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
      const changed = event.changed.filter((f) => (PUBLIC_LEAD_FIELDS as readonly string[]).includes(f));
      if (changed.length === 0) return null;
      const lead = await publicLead(tx, event.leadId);
      return lead ? { lead, changed } : null;
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
      const image = await publicImage(tx, event.imageId, publicUrl);
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
 * The domain-event subscriber of webhooks: in the change's transaction, one delivery (row and job)
 * per enabled endpoint listening for the event. Nothing is read when nobody listens.
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
      if (!isWebhookEventType(type) || !(await anyListener(tx, type))) return;
      const data = await webhookData(tx, event, { publicUrl });
      if (!data) return;
      const ids = await queueDeliveries(tx, jobs, { id: event.id, type, occurredAt: event.occurredAt, data }, settings);
      if (ids.length > 0) onQueued?.(ids);
    },
  };
}
