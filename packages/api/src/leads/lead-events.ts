import type { LeadEvent } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";

/** Who made a change (the signed-in user). */
export interface Actor {
  id: string;
  username: string;
}

export interface LeadChange {
  kind: LeadEvent["kind"];
  from?: string | null;
  to?: string | null;
}

/** Records changes of one lead; call it with the transaction that made them. */
export async function recordLeadEvents(tx: Queryable, leadId: string, actor: Actor, changes: LeadChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((c) => ({
    leadId,
    userId: actor.id,
    actorName: actor.username,
    kind: c.kind,
    fromValue: c.from ?? null,
    toValue: c.to ?? null,
  }));
  await tx`INSERT INTO lead_events ${tx(rows, "leadId", "userId", "actorName", "kind", "fromValue", "toValue")}`;
}

interface LeadEventRow {
  id: string;
  kind: LeadEvent["kind"];
  fromValue: string | null;
  toValue: string | null;
  actorName: string | null;
  createdAt: Date;
}

/** The timeline of a lead, oldest first. */
export async function listLeadEvents(sql: Queryable, leadId: string): Promise<LeadEvent[]> {
  const rows = await sql<LeadEventRow[]>`
    SELECT id, kind, from_value, to_value, actor_name, created_at FROM lead_events
    WHERE lead_id = ${leadId} ORDER BY seq`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    from: r.fromValue,
    to: r.toValue,
    actorName: r.actorName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** What a timeline compares: always status, value and date; notes, priority and assignee when both sides have them. */
export interface LeadSnapshot {
  status: string;
  estimatedValue: string | null;
  scheduledDate: Date | null;
  notes?: string | null;
  priority?: string;
  assigneeName?: string | null;
}

/** What changed between a lead before and after an update, as timeline entries. */
export function diffLead(before: LeadSnapshot, after: LeadSnapshot): LeadChange[] {
  const changes: LeadChange[] = [];
  if (before.status !== after.status) changes.push({ kind: "status", from: before.status, to: after.status });
  if ((before.estimatedValue ?? null) !== (after.estimatedValue ?? null)) {
    changes.push({ kind: "value", from: before.estimatedValue, to: after.estimatedValue });
  }
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  if (iso(before.scheduledDate) !== iso(after.scheduledDate)) {
    changes.push({ kind: "schedule", from: iso(before.scheduledDate), to: iso(after.scheduledDate) });
  }
  // Notes, priority and who the appointment is for are history too.
  if (before.priority !== undefined && after.priority !== undefined && before.priority !== after.priority) {
    changes.push({ kind: "priority", from: before.priority, to: after.priority });
  }
  if (before.notes !== undefined && after.notes !== undefined && (before.notes ?? null) !== (after.notes ?? null)) {
    changes.push({ kind: "notes", from: before.notes, to: after.notes });
  }
  if (
    before.assigneeName !== undefined &&
    after.assigneeName !== undefined &&
    (before.assigneeName ?? null) !== (after.assigneeName ?? null)
  ) {
    changes.push({ kind: "assignee", from: before.assigneeName, to: after.assigneeName });
  }
  return changes;
}
