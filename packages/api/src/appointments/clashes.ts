import { MAX_APPOINTMENT_MINUTES, timeBlockColors, type RangeAppointment } from "@crawlguard/validators";
import {
  addMinutes,
  type AppointmentForConflicts,
  type BlockForConflicts,
  type ConflictInputs,
  type Interval,
} from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import { ASSIGNEE_NOT_FOUND, badInput } from "../scheduling/errors.js";
import type { TimeBlockRow } from "../availability/time-blocks.js";
import { getWorkingWeek } from "../availability/working-hours.js";

/*
 * What a time clashes with: an assignee's working week, time blocks (recurrences expanded later)
 * and other appointments near a window, read once for the booking rule, the free slots and the
 * calendar (ADR 009).
 */

/** A stored block with its owner's name, as the calendar and the conflict checks read it. */
export type BlockRow = Omit<TimeBlockRow, "userId" | "createdAt" | "updatedAt"> & { ownerName: string; ownerId: string; mine: boolean };

/** Who is looking: a staff member sees other staff members' blocks only as busy periods; admins see everything. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** The title another staff member's block shows (ADR 018): when, not what. */
export const BUSY_BLOCK_TITLE = "Busy";

/**
 * Blocks that may have an occurrence overlapping `window`: one-off blocks that overlap it, and
 * recurring blocks that started before its end and whose last occurrence (recurrence end date
 * plus the block's length, with two days for any zone's offset) is not over before it begins.
 * `occurrences` then keeps the exact ones. A block that is neither the viewer's nor seen by an
 * admin leaves the database as a busy period only: title "Busy", no description, type "other"
 * and its colour, so its owner's words never reach another staff member.
 */
export async function blocksNear(sql: Queryable, window: Interval, userId: string | null, viewer: Viewer): Promise<BlockRow[]> {
  const shown = sql`(b.user_id = ${viewer.id} OR ${viewer.isAdmin}::boolean)`;
  return sql<BlockRow[]>`
    SELECT b.id, CASE WHEN ${shown} THEN b.title ELSE ${BUSY_BLOCK_TITLE} END AS title,
           CASE WHEN ${shown} THEN b.description END AS description, b.start_date_time, b.end_date_time,
           CASE WHEN ${shown} THEN b.block_type ELSE 'other' END AS block_type, b.is_recurring,
           b.recurring_pattern, b.recurrence_end_date::text AS recurrence_end_date,
           CASE WHEN ${shown} THEN b.color ELSE ${timeBlockColors.other} END AS color,
           u.username AS owner_name, b.user_id AS owner_id, b.user_id = ${viewer.id} AS mine
    FROM time_blocks b JOIN users u ON u.id = b.user_id
    WHERE (${userId}::uuid IS NULL OR b.user_id = ${userId}::uuid)
      AND b.start_date_time < ${window.end}
      AND (b.end_date_time > ${window.start}
           OR (b.is_recurring AND (b.recurrence_end_date IS NULL
               OR b.recurrence_end_date + (b.end_date_time - b.start_date_time) + interval '2 days' > ${window.start}::timestamptz)))
    ORDER BY b.start_date_time, b.id`;
}

export const toRule = (b: BlockRow) => ({
  start: b.startDateTime,
  end: b.endDateTime,
  pattern: b.isRecurring ? b.recurringPattern : null,
  until: b.recurrenceEndDate,
});

export interface AppointmentRow {
  id: string;
  name: string;
  phone: string | null;
  address: string | null;
  service: string;
  status: RangeAppointment["status"];
  priority: RangeAppointment["priority"];
  scheduledDate: Date;
  durationMinutes: number;
  assigneeName: string | null;
  assignedTo: string | null;
  mine: boolean;
}

/**
 * Appointments overlapping `window`. The scheduled_date range (an appointment lasts at most
 * MAX_APPOINTMENT_MINUTES, so one that overlaps started less than that before the window) is
 * what the index answers; the exact end test follows. `assignee` null: everyone's; otherwise
 * that user's and the unassigned ones (which could be anyone's).
 */
export async function appointmentsNear(
  sql: Queryable,
  window: Interval,
  options: { assignee: string | null; me: string; excludeLeadId?: string | undefined; excludeLost?: boolean },
): Promise<AppointmentRow[]> {
  const earliest = addMinutes(window.start, -MAX_APPOINTMENT_MINUTES);
  return sql<AppointmentRow[]>`
    SELECT l.id, l.name, l.phone, l.address, l.service, l.status, l.priority, l.scheduled_date, l.duration_minutes,
           u.username AS assignee_name, l.assigned_to, coalesce(l.assigned_to = ${options.me}, false) AS mine
    FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
    WHERE l.scheduled_date > ${earliest} AND l.scheduled_date < ${window.end}
      AND l.scheduled_date + make_interval(mins => l.duration_minutes) > ${window.start}
      AND (${options.assignee}::uuid IS NULL OR l.assigned_to = ${options.assignee}::uuid OR l.assigned_to IS NULL)
      AND (${options.excludeLeadId ?? null}::uuid IS NULL OR l.id <> ${options.excludeLeadId ?? null}::uuid)
      AND (${options.excludeLost ?? false} = false OR l.status <> 'lost')
    ORDER BY l.scheduled_date, l.id`;
}

/**
 * The assignee's week, blocks and other appointments around `window` (a lost lead's slot is free).
 * The viewer reads the assignee's blocks as `blocksNear` shows them (busy only when not theirs).
 */
export async function conflictInputs(
  sql: Queryable,
  assignee: string,
  window: Interval,
  excludeLeadId: string | undefined,
  viewer: Viewer,
) {
  const [week, blocks, appointments] = await Promise.all([
    getWorkingWeek(sql, assignee),
    blocksNear(sql, window, assignee, viewer),
    appointmentsNear(sql, window, { assignee, me: assignee, excludeLeadId, excludeLost: true }),
  ]);
  return asConflictInputs(week, blocks, appointments);
}

/** The rows `conflictInputs` reads as the booking rule takes them (for a caller that reads them itself). */
export function asConflictInputs(
  week: ConflictInputs["week"],
  blocks: readonly BlockRow[],
  appointments: readonly AppointmentRow[],
): ConflictInputs {
  return {
    week,
    blocks: blocks.map((b): BlockForConflicts => ({ id: b.id, title: b.title, ...toRule(b) })),
    appointments: appointments.map((a): AppointmentForConflicts => ({
      id: a.id,
      name: a.name,
      start: a.scheduledDate,
      end: addMinutes(a.scheduledDate, a.durationMinutes),
    })),
  };
}

/** The name shown for an account that can be assigned (ADR 026); a deleted or unknown one is a 400 on `assignedTo`. */
export async function assigneeShownName(sql: Queryable, id: string): Promise<string> {
  const [row] = await sql<{ name: string }[]>`SELECT coalesce(display_name, username) AS name FROM users WHERE id = ${id}`;
  if (!row) throw badInput([{ path: "assignedTo", message: ASSIGNEE_NOT_FOUND }]);
  return row.name;
}
