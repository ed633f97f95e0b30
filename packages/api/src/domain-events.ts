import { randomUUID } from "node:crypto";
import { DEFAULT_APPOINTMENT_MINUTES } from "@crawlguard/validators";
import type { Queryable } from "./queryable.js";

/*
 * Domain events (ADR 028): what happened to the business's data, emitted inside the change's own
 * transaction. Subscribers (the mail, the webhooks) queue their pg-boss jobs on that transaction
 * (`db: postgresJsDatabase(tx)`): a rolled-back change sends nothing, a committed one loses nothing.
 * Events carry ids and instants only, never staff notes or prices: a subscriber reads what it may
 * show when its job runs.
 */

/** An appointment's interval (UTC instants, ISO 8601). */
export interface AppointmentTimes {
  start: string;
  end: string;
}

/**
 * Who made an appointment change when it was not staff: `source` "online-booking" for the homeowner
 * on /book (online-booking/). `manageToken` is the secret of their manage link, for their own mail
 * only: no subscriber stores it or sends it anywhere else (the mail keeps it until the message is sent).
 */
export interface AppointmentOrigin {
  source?: "online-booking";
  manageToken?: string;
}

/**
 * The client's side of a lead, defined once: what a webhook carries of a lead (and the only fields
 * lead.updated's `changed` may name to it), and what lead.deleted keeps of a deleted one. Never
 * the lead's notes, estimated value, priority, assignee or Google event id: those are staff-only
 * (ADR 018, ADR 030).
 */
export interface PublicLeadFields {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  status: string;
  source: string;
  /** The appointment's start (ISO 8601), or null. */
  scheduledDate: string | null;
  durationMinutes: number;
}

export const PUBLIC_LEAD_FIELDS = [
  "name",
  "email",
  "phone",
  "address",
  "zipCode",
  "service",
  "status",
  "source",
  "scheduledDate",
  "durationMinutes",
] as const satisfies readonly (keyof PublicLeadFields)[];

/** A lead row, or an event's copy of one (whose instants are already ISO 8601 strings). */
type WithPublicLeadFields = Omit<PublicLeadFields, "scheduledDate"> & { scheduledDate: Date | string | null };

const isoOrNull = (d: Date | string | null) => (d === null || typeof d === "string" ? d : d.toISOString());

/** Picks the public fields of `lead`, in the order webhooks send them (and nothing else). */
export function publicLeadFields(lead: WithPublicLeadFields): PublicLeadFields {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    zipCode: lead.zipCode,
    service: lead.service,
    status: lead.status,
    source: lead.source,
    scheduledDate: isoOrNull(lead.scheduledDate),
    durationMinutes: lead.durationMinutes,
  };
}

/** A lead's staff-only values: sent only to webhook endpoints registered with includeStaffFields. */
export interface StaffLeadFields {
  notes: string | null;
  estimatedValue: string | null;
  priority: string;
  assignedTo: string | null;
  assigneeName: string | null;
}

/**
 * What a deleted lead was (its row is gone): its public fields and when it was created, and its
 * staff-only values apart (`staff`), for the webhook endpoints that may have them.
 */
export interface DeletedLeadSnapshot extends PublicLeadFields {
  createdAt: string;
  staff?: StaffLeadFields;
}

/** lead.deleted's copy of the row just deleted. */
export function deletedLeadSnapshot(row: WithPublicLeadFields & { createdAt: Date } & Partial<StaffLeadFields>): DeletedLeadSnapshot {
  const staff: StaffLeadFields = {
    notes: row.notes ?? null,
    estimatedValue: row.estimatedValue ?? null,
    priority: row.priority ?? "medium",
    assignedTo: row.assignedTo ?? null,
    assigneeName: row.assigneeName ?? null,
  };
  return { ...publicLeadFields(row), createdAt: row.createdAt.toISOString(), staff };
}

/**
 * A quote's moments (quotes/): sent to the homeowner, first viewed, approved, changes asked for. The
 * quote and its lead by id; a subscriber reads the quote as the change left it.
 */
export type QuoteEventInput = {
  type: "quote.sent" | "quote.viewed" | "quote.approved" | "quote.changes_requested";
  quoteId: string;
  leadId: string;
};

export type DomainEventInput =
  | { type: "contact.received"; submissionId: string }
  | { type: "lead.created"; leadId: string }
  | { type: "lead.updated"; leadId: string; changed: string[] }
  | { type: "lead.deleted"; leadId: string; lead: DeletedLeadSnapshot }
  | QuoteEventInput
  | ({ type: "appointment.booked"; leadId: string } & AppointmentTimes & AppointmentOrigin)
  | ({ type: "appointment.rescheduled"; leadId: string; previous: AppointmentTimes } & AppointmentTimes & AppointmentOrigin)
  | ({ type: "appointment.cancelled"; leadId: string } & AppointmentTimes & Pick<AppointmentOrigin, "source">)
  /** `origin`: the site's origin as the change's request reached it (its image URLs are absolute on it when PUBLIC_URL is unset). */
  | { type: "gallery.published"; imageId: string; origin?: string }
  /** A crew member told the client of the appointment at `start` they arrive around `arrivalAt` (the crew's day). */
  | { type: "crew.on-my-way"; leadId: string; userId: string; start: string; arrivalAt: string }
  /**
   * An admin invited an address: `token` is the invitation link's secret, for the invitee's mail
   * only (the mail keeps it until the message is sent; no other subscriber reads it).
   */
  | { type: "invitation.created"; invitationId: string; email: string; token: string }
  /** An admin asked for a test mail to the office recipients (`requestId` names the deliveries it queues). */
  | { type: "notifications.test-requested"; requestId: string };

/**
 * An emitted event: its own id (a subscriber's idempotency key), when it happened and who made it
 * (`actorId`: the signed-in user, or an API key's creator; null for a visitor or the server itself).
 */
export type DomainEvent = DomainEventInput & { id: string; occurredAt: string; actorId?: string | null };

export type DomainEventType = DomainEvent["type"];

export interface DomainEventSubscriber {
  /** Runs inside the change's transaction (`tx`): a throw rolls the change back. */
  handle(tx: Queryable, event: DomainEvent): Promise<void>;
}

/** What services emit on (the server's DomainEvents, or NO_EVENTS). */
export interface EventSink {
  emit(tx: Queryable, ...events: DomainEventInput[]): Promise<void>;
}

/** Emits nothing (services called without events: tests, scripts). */
export const NO_EVENTS: EventSink = { emit: () => Promise.resolve() };

/** The server's one event bus: every registered subscriber hears every event, in the change's transaction. */
export class DomainEvents implements EventSink {
  private readonly subscribers: DomainEventSubscriber[] = [];

  /** Registers a subscriber; the answer unregisters it. */
  subscribe(subscriber: DomainEventSubscriber): () => void {
    this.subscribers.push(subscriber);
    return () => {
      const at = this.subscribers.indexOf(subscriber);
      if (at >= 0) this.subscribers.splice(at, 1);
    };
  }

  emit(tx: Queryable, ...events: DomainEventInput[]): Promise<void> {
    return this.emitAs(null, tx, ...events);
  }

  /** As emit, saying who made the change (see actingAs). */
  async emitAs(actorId: string | null, tx: Queryable, ...events: DomainEventInput[]): Promise<void> {
    // No subscriber: nothing is built, nothing awaited beyond this.
    if (this.subscribers.length === 0 || events.length === 0) return;
    const occurredAt = new Date().toISOString();
    for (const input of events) {
      const event = { ...input, id: randomUUID(), occurredAt, actorId } as DomainEvent;
      for (const subscriber of this.subscribers) await subscriber.handle(tx, event);
    }
  }
}

/**
 * The sink of one person's changes: every event emitted on it names `actorId` as who made it (so the
 * office is not mailed about what it did itself). Any other sink is answered as it is.
 */
export function actingAs(sink: EventSink, actorId: string): EventSink {
  if (!(sink instanceof DomainEvents)) return sink;
  return { emit: (tx, ...events) => sink.emitAs(actorId, tx, ...events) };
}

/** What decides a lead's appointment events: its date, length and status (a lost lead's appointment is cancelled). */
export interface AppointmentState {
  scheduledDate: Date | string | null;
  /** Unset: DEFAULT_APPOINTMENT_MINUTES. */
  durationMinutes?: number | undefined;
  status: string;
}

const instant = (d: Date | string) => (typeof d === "string" ? new Date(d) : d);

function timesOf(state: AppointmentState): AppointmentTimes | null {
  if (state.scheduledDate === null || state.status === "lost") return null;
  const start = instant(state.scheduledDate);
  const minutes = state.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES;
  return { start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString() };
}

/**
 * The appointment event a lead change makes, if any: booked (no active appointment before),
 * rescheduled (its start or length moved), cancelled (its date cleared, or the lead lost).
 */
export function appointmentEvent(leadId: string, before: AppointmentState | null, after: AppointmentState | null): DomainEventInput[] {
  const was = before ? timesOf(before) : null;
  const is = after ? timesOf(after) : null;
  if (!was && is) return [{ type: "appointment.booked", leadId, ...is }];
  if (was && !is) return [{ type: "appointment.cancelled", leadId, ...was }];
  if (was && is && (was.start !== is.start || was.end !== is.end))
    return [{ type: "appointment.rescheduled", leadId, ...is, previous: was }];
  return [];
}

/** Instants compare as ISO strings (a row holds Dates, a Lead strings). */
const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The fields among `keys` whose value the change altered (for lead.updated). */
export function changedFields(before: object, after: object, keys: readonly string[]): string[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return keys.filter((k) => comparable(b[k]) !== comparable(a[k]));
}

/** lead.updated (when something changed) and the appointment event the change made. */
export function leadChangeEvents<B extends AppointmentState, A extends AppointmentState>(
  leadId: string,
  before: B,
  after: A,
  keys: readonly string[],
): DomainEventInput[] {
  const changed = changedFields(before, after, keys);
  if (changed.length === 0) return [];
  return [{ type: "lead.updated", leadId, changed }, ...appointmentEvent(leadId, before, after)];
}
