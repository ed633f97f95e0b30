import { blankToNull } from "@crawlguard/validators";
import type {
  DuplicateLead,
  Lead,
  LeadDuplicatesQuery,
  LeadEvent,
  LeadFilters,
  LeadSort,
  leadCreateSchema,
  leadUpdateSchema,
  SyncQuery,
} from "@crawlguard/validators";
import type { z } from "zod";
import { transaction, type Sql } from "@crawlguard/db";
import { DomainError } from "../errors.js";
import { appointmentEvent, deletedLeadSnapshot, leadChangeEvents, NO_EVENTS, type EventSink } from "../domain-events.js";
import { changesEvent, NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import { diffLead, listLeadEvents, recordLeadEvents, type Actor, type LeadChange } from "./lead-events.js";
import type { Queryable } from "../queryable.js";
import { syncPage, type SyncPage } from "../api-keys/sync.js";
import { leadFilterCondition, leadOrder } from "./lead-filters.js";
import { leadScope, leadScopeCondition, OFFICE_ONLY, type LeadScope, type Viewer as AccessViewer } from "../users/access.js";
import { checkAssignment } from "../appointments/assignment.js";
import type { Viewer as CalendarViewer } from "../appointments/clashes.js";

export type LeadCreate = z.output<typeof leadCreateSchema>;
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

import { LEAD_NOT_FOUND, type LeadRow } from "./lead-row.js";

export { LEAD_NOT_FOUND, type LeadRow };

/** Exactly the columns a Lead carries, for every query that returns leads (from `leads`, unaliased). */
export function leadColumns(sql: Queryable) {
  return sql`
    id, name, email, phone, address, zip_code, service, status, priority, source, notes,
    estimated_value, scheduled_date, google_calendar_event_id, submission_id, created_at, updated_at,
    duration_minutes, (SELECT username FROM users WHERE users.id = leads.assigned_to) AS assignee_name, assigned_to`;
}

export function toLead(row: LeadRow): Lead {
  return {
    ...row,
    scheduledDate: row.scheduledDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a lead list is narrowed by (the list calls' filters) and, for the array, its order. */
export interface LeadListOptions {
  filters?: Partial<LeadFilters>;
  sort?: LeadSort | undefined;
  /** The business time zone, in which a filter's day (scheduledFrom=2026-06-01) is read. */
  zone?: string;
  /** Whose leads (users/access.ts): every lead unless given. */
  scope?: LeadScope;
}

const EVERY_LEAD: LeadScope = { all: true };

const DEFAULT_ZONE = "UTC";

/**
 * Every lead, newest first (or in `sort`'s order): one query, the lead's columns only (the board
 * filters client-side; integrations may filter here).
 */
export async function listLeads(
  sql: Queryable,
  { filters = {}, sort, zone = DEFAULT_ZONE, scope = EVERY_LEAD }: LeadListOptions = {},
): Promise<Lead[]> {
  const rows = await sql<LeadRow[]>`
    SELECT ${leadColumns(sql)} FROM leads
    WHERE ${leadFilterCondition(sql, filters, zone)} AND ${leadScopeCondition(sql, scope)} ORDER BY ${leadOrder(sql, sort)}`;
  return rows.map(toLead);
}

/** A page of lead changes (incremental sync, ADR 029), of the leads the filters keep: see api-keys/sync.ts. */
export function leadPage(
  sql: Sql,
  query: SyncQuery,
  { filters = {}, zone = DEFAULT_ZONE, scope = EVERY_LEAD }: LeadListOptions = {},
): Promise<SyncPage<Lead>> {
  return syncPage(sql, "lead", query, {
    async changed(tx, after, since, n) {
      const rows = await tx<(LeadRow & { seqText: string })[]>`
        SELECT ${leadColumns(tx)}, change_seq::text AS seq_text FROM leads
        WHERE change_seq > ${after.toString()}::bigint AND (${since}::timestamptz IS NULL OR updated_at >= ${since}::timestamptz)
          AND ${leadFilterCondition(tx, filters, zone)} AND ${leadScopeCondition(tx, scope)}
        ORDER BY leads.change_seq LIMIT ${n}`;
      return rows.map(({ seqText, ...row }) => ({ item: toLead(row), changeSeq: seqText }));
    },
    async maxSeq(tx) {
      const [row] = await tx<{ max: string | null }[]>`SELECT max(change_seq)::text AS max FROM leads`;
      return row?.max ?? null;
    },
    deletedVisible: (tx) => leadScopeCondition(tx, scope),
  });
}

export async function getLead(sql: Queryable, id: string): Promise<Lead | null> {
  const [row] = await sql<LeadRow[]>`SELECT ${leadColumns(sql)} FROM leads WHERE id = ${id}`;
  return row ? toLead(row) : null;
}

/** Who changed the lead's status, value or appointment, and when (oldest first). */
export async function getLeadTimeline(sql: Queryable, id: string): Promise<LeadEvent[]> {
  if (!(await getLead(sql, id))) throw new DomainError("not-found", LEAD_NOT_FOUND);
  return listLeadEvents(sql, id);
}

/** Where a lead change's side effects go, in its transaction (default: nowhere). */
interface LeadEffects {
  /** Queues the Google Calendar push of a lead whose appointment the change touches. */
  pushes?: CalendarPushes;
  /** Hears lead.created / lead.updated / lead.deleted and the appointment events. */
  events?: EventSink;
}

/**
 * `pushes`: queues the Google Calendar push of a lead created with an appointment, in the same transaction;
 * `events`: lead.created (and appointment.booked) in it too.
 */
export async function createLead({
  sql,
  input,
  actor,
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: { sql: Sql; input: LeadCreate; actor: Actor } & LeadEffects): Promise<Lead> {
  return transaction(sql, async (tx) => {
    const row = await insertLead(tx, input);
    const history: LeadChange[] = [{ kind: "created", to: row.status }];
    if (row.scheduledDate) history.push({ kind: "schedule", from: null, to: row.scheduledDate.toISOString() });
    await recordLeadEvents(tx, row.id, actor, history);
    if (row.scheduledDate) await pushes.enqueue(tx, row.id);
    await events.emit(tx, { type: "lead.created", leadId: row.id }, ...appointmentEvent(row.id, null, row));
    return toLead(row);
  });
}

async function insertLead(sql: Queryable, input: LeadCreate): Promise<LeadRow> {
  const [row] = await sql<LeadRow[]>`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, notes,
                       estimated_value, scheduled_date)
    VALUES (${input.name}, ${input.email}, ${blankToNull(input.phone)}, ${blankToNull(input.address)},
            ${input.zipCode}, ${input.service}, ${input.status}, ${input.priority}, ${input.source},
            ${blankToNull(input.notes)}, ${blankToNull(input.estimatedValue)},
            ${input.scheduledDate ? new Date(input.scheduledDate) : null})
    RETURNING ${leadColumns(sql)}`;
  return row!;
}

const NULLABLE_TEXT = ["phone", "address", "zipCode", "notes", "estimatedValue"] as const;

/** Who changes a lead: the timeline's actor, whose leads they may change, and how they read calendars. */
export type LeadEditor = Actor & AccessViewer & CalendarViewer;

/**
 * Changes only the keys present in the input; `null` (or blank text) clears a nullable field.
 * An empty patch changes nothing, not even updated_at. A change to what the lead's calendar event
 * shows (its date, status, client fields...) queues its Google Calendar push in the same transaction.
 * A lead outside the actor's scope is "Lead not found" (users/access.ts). A new assignee is checked
 * by the booking rule when the lead has an appointment (appointments/assignment.ts: 409 unless
 * `confirm`); a crew member cannot give a lead to someone else (403).
 */
export async function updateLead({
  sql,
  id,
  patch: { confirm, ...patch },
  actor,
  zone = DEFAULT_ZONE,
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: { sql: Sql; id: string; patch: LeadUpdate; actor: LeadEditor; zone?: string } & LeadEffects): Promise<Lead> {
  const changes: Record<string, string | Date | null> = {};
  for (const [key, value] of Object.entries(patch) as [keyof typeof patch, string | null | undefined][]) {
    if (value === undefined) continue;
    if (key === "scheduledDate") changes[key] = value ? new Date(value) : null;
    else changes[key] = (NULLABLE_TEXT as readonly string[]).includes(key) ? blankToNull(value) : value;
  }
  const keys = Object.keys(changes);
  return transaction(sql, async (tx) => {
    // Locked, so the timeline's "from" is the value this update replaced.
    const [before] = await tx<LeadRow[]>`
      SELECT ${leadColumns(tx)} FROM leads WHERE id = ${id} AND ${leadScopeCondition(tx, leadScope(actor))} FOR UPDATE`;
    if (!before) throw new DomainError("not-found", LEAD_NOT_FOUND);
    if (keys.length === 0) return toLead(before);
    if (patch.assignedTo !== undefined && patch.assignedTo !== before.assignedTo) {
      if (actor.role === "crew") throw new DomainError("forbidden", OFFICE_ONLY);
      if (patch.assignedTo !== null) {
        const scheduledDate = changes.scheduledDate !== undefined ? (changes.scheduledDate as Date | null) : before.scheduledDate;
        const status = (changes.status as string | undefined) ?? before.status;
        const appointment = { leadId: id, scheduledDate, durationMinutes: before.durationMinutes, status };
        await checkAssignment({ tx, appointment, assignee: patch.assignedTo, viewer: actor, zone, confirm });
      }
    }
    const [after] = await tx<LeadRow[]>`
      UPDATE leads SET ${tx(changes, keys)}, updated_at = now() WHERE id = ${id}
      RETURNING ${leadColumns(tx)}`;
    await recordLeadEvents(tx, id, actor, diffLead(before, after!));
    const hadEvent = before.scheduledDate !== null || before.googleCalendarEventId !== null || after!.scheduledDate !== null;
    if (hadEvent && changesEvent(keys)) await pushes.enqueue(tx, id);
    await events.emit(tx, ...leadChangeEvents(id, before, after!, keys));
    return toLead(after!);
  });
}

/**
 * A lead that had an appointment queues the removal of its Google Calendar event, in the same
 * transaction; lead.deleted carries the client's fields (the row is gone).
 */
export async function deleteLead({
  sql,
  id,
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: { sql: Sql; id: string } & LeadEffects): Promise<void> {
  await transaction(sql, async (tx) => {
    const [deleted] = await tx<LeadRow[]>`DELETE FROM leads WHERE id = ${id} RETURNING ${leadColumns(tx)}`;
    if (!deleted) throw new DomainError("not-found", LEAD_NOT_FOUND);
    if (deleted.scheduledDate || deleted.googleCalendarEventId) await pushes.enqueue(tx, id);
    await events.emit(tx, { type: "lead.deleted", leadId: id, lead: deletedLeadSnapshot(deleted) });
  });
}

const MAX_DUPLICATES = 10;

/**
 * Leads with the same email (case-insensitive) or the same phone number (digits only, last ten;
 * phone_digits() from migration 0002, matched by its index). Blank criteria match nothing.
 */
export async function findDuplicateLeads(
  sql: Queryable,
  query: LeadDuplicatesQuery,
  scope: LeadScope = EVERY_LEAD,
): Promise<DuplicateLead[]> {
  const email = blankToNull(query.email)?.toLowerCase() ?? null;
  const phone = blankToNull(query.phone);
  if (!email && !phone) return [];
  const excludeId = query.excludeId || null;
  return sql<DuplicateLead[]>`
    SELECT id, name, email, phone, status FROM leads
    WHERE (lower(email) = ${email} OR phone_digits(phone) = phone_digits(${phone}::text))
      AND (${excludeId}::uuid IS NULL OR id <> ${excludeId}::uuid) AND ${leadScopeCondition(sql, scope)}
    ORDER BY created_at DESC, id DESC
    LIMIT ${MAX_DUPLICATES}`;
}
