import { MAX_APPOINTMENT_MINUTES, type RecurringPattern } from "@crawlguard/validators";
import { addMinutes, completeWeek, type Interval, type WorkingDayRule } from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import type { CrewCalendar } from "./windows.js";

/*
 * What the window computation reads of the bookable crew, in three queries whatever their number:
 * their working weeks, the time blocks that may have an occurrence in the span (recurring ones as
 * rules, expanded by the computation), and the appointments overlapping it — theirs, and the
 * unassigned ones, which could be anyone's (as for every booking). A lost lead's time is free.
 */

interface HoursRow extends WorkingDayRule {
  userId: string;
}

interface BlockRow {
  userId: string;
  startDateTime: Date;
  endDateTime: Date;
  isRecurring: boolean;
  recurringPattern: RecurringPattern | null;
  recurrenceEndDate: string | null;
}

interface AppointmentRow {
  assignedTo: string | null;
  scheduledDate: Date;
  durationMinutes: number;
}

/**
 * The calendars of `userIds` (in that order) around `span`. `excludeLeadId`: an appointment that
 * does not count (the booking being moved).
 */
export async function readCrewCalendars(
  sql: Queryable,
  userIds: readonly string[],
  span: Interval,
  { excludeLeadId = null }: { excludeLeadId?: string | null } = {},
): Promise<CrewCalendar[]> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  const earliest = addMinutes(span.start, -MAX_APPOINTMENT_MINUTES);
  const [hours, blocks, appointments] = await Promise.all([
    sql<HoursRow[]>`
      SELECT user_id, day_of_week, start_time, end_time, is_active FROM working_hours WHERE user_id = ANY(${ids}::uuid[])`,
    // As appointments/clashes.ts's blocksNear: one-off blocks overlapping the span, recurring ones that began
    // before its end and whose last occurrence (with two days for any zone's offset) is not over before it.
    sql<BlockRow[]>`
      SELECT user_id, start_date_time, end_date_time, is_recurring, recurring_pattern, recurrence_end_date::text AS recurrence_end_date
      FROM time_blocks
      WHERE user_id = ANY(${ids}::uuid[])
        AND start_date_time < ${span.end}
        AND (end_date_time > ${span.start}
             OR (is_recurring AND (recurrence_end_date IS NULL
                 OR recurrence_end_date + (end_date_time - start_date_time) + interval '2 days' > ${span.start}::timestamptz)))`,
    sql<AppointmentRow[]>`
      SELECT assigned_to, scheduled_date, duration_minutes FROM leads
      WHERE scheduled_date > ${earliest} AND scheduled_date < ${span.end}
        AND scheduled_date + make_interval(mins => duration_minutes) > ${span.start}
        AND (assigned_to = ANY(${ids}::uuid[]) OR assigned_to IS NULL)
        AND status <> 'lost'
        AND (${excludeLeadId}::uuid IS NULL OR id <> ${excludeLeadId}::uuid)`,
  ]);
  const unassigned = appointments.filter((a) => a.assignedTo === null).map(toInterval);
  return ids.map((userId) => ({
    userId,
    week: completeWeek(hours.filter((h) => h.userId === userId)),
    blocks: blocks
      .filter((b) => b.userId === userId)
      .map((b) => ({
        start: b.startDateTime,
        end: b.endDateTime,
        pattern: b.isRecurring ? b.recurringPattern : null,
        until: b.recurrenceEndDate,
      })),
    appointments: [...appointments.filter((a) => a.assignedTo === userId).map(toInterval), ...unassigned],
  }));
}

function toInterval(a: AppointmentRow): Interval {
  return { start: a.scheduledDate, end: addMinutes(a.scheduledDate, a.durationMinutes) };
}
