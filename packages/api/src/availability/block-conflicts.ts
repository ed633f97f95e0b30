import type { Conflict, RecurringPattern } from "@crawlguard/validators";
import { ConflictError } from "../errors.js";
import { addMinutes, appointmentConflict, occurrences, type BlockRule } from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";

/*
 * A time block saved over appointments (ADR 009's booking rule, seen from the other side): the
 * appointments of the block's owner that one of its occurrences overlaps, from now on, as far
 * ahead as appointments are booked (a recurring block lasts at most two years). The owner is told
 * before it is saved (409 with `conflicts`, the same shape a booking's clash has) unless they
 * confirm ("Save anyway"). Lost leads' appointments are cancelled and do not count; unassigned
 * appointments are nobody's, so a block covers none of them.
 */

/** How many covered appointments a 409 lists (it says how many more there are). */
export const MAX_BLOCK_CONFLICTS = 20;

/** The timing of a block as it will be saved. */
export interface BlockTiming {
  startDateTime: string;
  endDateTime: string;
  isRecurring: boolean;
  recurringPattern: RecurringPattern | null;
  recurrenceEndDate: string | null;
}

const DAY_MS = 86_400_000;

/** The owner's appointments the block's occurrences overlap, earliest first, and how many in all. */
export async function appointmentsUnderBlock(
  sql: Queryable,
  { userId, block, zone, now = new Date() }: { userId: string; block: BlockTiming; zone: string; now?: Date },
): Promise<{ conflicts: Conflict[]; count: number }> {
  const rule: BlockRule = {
    start: new Date(block.startDateTime),
    end: new Date(block.endDateTime),
    pattern: block.isRecurring ? block.recurringPattern : null,
    until: block.isRecurring ? block.recurrenceEndDate : null,
  };
  const from = new Date(Math.max(now.getTime(), rule.start.getTime()));
  // The last occurrence's end: its last start date plus the block's length, with two days for any zone's offset.
  const last = rule.pattern
    ? rule.until
      ? new Date(Date.parse(`${rule.until}T00:00:00Z`) + 3 * DAY_MS + (rule.end.getTime() - rule.start.getTime()))
      : null
    : rule.end;
  if (last && last.getTime() <= from.getTime()) return { conflicts: [], count: 0 };
  const rows = await sql<{ id: string; name: string; scheduledDate: Date; durationMinutes: number }[]>`
    SELECT id, name, scheduled_date, duration_minutes FROM leads
    WHERE assigned_to = ${userId} AND status <> 'lost'
      AND scheduled_date + make_interval(mins => duration_minutes) > ${from}
      AND (${last}::timestamptz IS NULL OR scheduled_date < ${last}::timestamptz)
    ORDER BY scheduled_date, id`;
  const conflicts: Conflict[] = [];
  let count = 0;
  for (const row of rows) {
    const appointment = { id: row.id, name: row.name, start: row.scheduledDate, end: addMinutes(row.scheduledDate, row.durationMinutes) };
    if (occurrences(rule, appointment, zone).length === 0) continue;
    count += 1;
    if (conflicts.length < MAX_BLOCK_CONFLICTS) conflicts.push(appointmentConflict(appointment, zone));
  }
  return { conflicts, count };
}

/** The 409's message: what the block covers, and how to save it anyway. */
export function blockOverAppointmentsMessage(conflicts: readonly Conflict[], count: number): string {
  const more = count > conflicts.length ? `; and ${count - conflicts.length} more` : "";
  const what = count === 1 ? "1 of your appointments" : `${count} of your appointments`;
  return `Not saved: the block covers ${what}: ${conflicts.map((c) => c.message).join("; ")}${more}. Send confirm: true to save anyway.`;
}

/**
 * Inside the save's transaction: throws the 409 when the block covers any of the owner's
 * appointments and the caller did not confirm. Takes the owner's booking lock first, so a
 * booking and a block cannot each miss the other.
 */
export async function checkBlockOverAppointments(
  tx: Queryable,
  args: { userId: string; block: BlockTiming; zone: string; confirm: boolean | undefined; now?: Date },
): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`booking:${args.userId}`}))`;
  const { conflicts, count } = await appointmentsUnderBlock(tx, args);
  if (count > 0 && !args.confirm) throw new ConflictError(blockOverAppointmentsMessage(conflicts, count), conflicts);
}
