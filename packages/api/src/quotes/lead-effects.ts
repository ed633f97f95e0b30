import type { Lead } from "@crawlguard/validators";
import { leadChangeEvents, type EventSink } from "../domain-events.js";
import { DomainError } from "../errors.js";
import { changesEvent, type CalendarPushes } from "../google-calendar/google-calendar.js";
import { diffLead } from "../leads/lead-events.js";
import { leadColumns } from "../leads/leads.js";
import { LEAD_NOT_FOUND, type LeadRow } from "../leads/lead-row.js";
import type { Queryable } from "../queryable.js";

/*
 * What a quote does to its lead, inside the quote's own transaction, as any change of a lead does
 * it: the timeline records the status and value (by the staff member, or by the homeowner who
 * signed), lead.updated is emitted, and a lead with a calendar event queues its push.
 */

/** Who moved the lead: a signed-in user, or the homeowner by their signed name (no account). */
export interface LeadActor {
  userId: string | null;
  name: string;
}

export async function setLeadOutcome(
  tx: Queryable,
  {
    leadId,
    status,
    estimatedValue,
    actor,
    pushes,
    events,
  }: {
    leadId: string;
    status: Lead["status"];
    /** Dollars as text, e.g. "4312.68". */
    estimatedValue: string;
    actor: LeadActor;
    pushes: CalendarPushes;
    events: EventSink;
  },
): Promise<void> {
  const [before] = await tx<LeadRow[]>`SELECT ${leadColumns(tx)} FROM leads WHERE id = ${leadId} FOR UPDATE`;
  if (!before) throw new DomainError("not-found", LEAD_NOT_FOUND);
  if (before.status === status && before.estimatedValue === estimatedValue) return;
  const [after] = await tx<LeadRow[]>`
    UPDATE leads SET status = ${status}, estimated_value = ${estimatedValue}, updated_at = now()
    WHERE id = ${leadId} RETURNING ${leadColumns(tx)}`;
  const changes = diffLead(before, after!);
  if (changes.length > 0) {
    const rows = changes.map((c) => ({
      leadId,
      userId: actor.userId,
      actorName: actor.name,
      kind: c.kind,
      fromValue: c.from ?? null,
      toValue: c.to ?? null,
    }));
    await tx`INSERT INTO lead_events ${tx(rows, "leadId", "userId", "actorName", "kind", "fromValue", "toValue")}`;
  }
  const keys = ["status", "estimatedValue"];
  const hadEvent = before.scheduledDate !== null || before.googleCalendarEventId !== null;
  if (hadEvent && changesEvent(keys)) await pushes.enqueue(tx, leadId);
  await events.emit(tx, ...leadChangeEvents(leadId, before, after!, keys));
}
