import type { RangeAppointment } from "@crawlguard/validators";
import { addDays, addMinutes, startOfDay } from "date-fns";
import { type CalendarEvent, dayNumber } from "./calendar-event-model";

/*
 * The week and day grids' rules: the hours drawn, overlapping items side by side, a day's
 * events and the summaries' counts. Floating dates (lib/business-time.ts).
 */

/** Whether an event is drawn in the hours of a week or day grid (not the all-day row, not "+N more"). */
function inTimeGrid(event: CalendarEvent): boolean {
  return event.kind !== "more" && !(event.kind === "google" && event.allDay);
}

/**
 * The hours a week or day grid draws: `base` (6:00–22:00), widened to take in every item (an
 * appointment at 5:00 or 22:00 was drawn at 6:00 with no time). `end` is an hour from
 * 1 to 24; an item running past midnight widens the grid to the whole day (it is drawn on both).
 */
export function gridHours(events: readonly CalendarEvent[], base: { first: number; end: number }): { first: number; end: number } {
  let first = base.first;
  let end = base.end;
  for (const event of events) {
    if (!inTimeGrid(event)) continue;
    const { start, end: finish } = event;
    if (dayNumber(start) !== dayNumber(finish)) {
      // Ends on a later day: at its midnight (the start day's last hours), or later (all day).
      const midnight = finish.getHours() === 0 && finish.getMinutes() === 0 && dayNumber(addDays(start, 1)) === dayNumber(finish);
      first = Math.min(first, midnight ? start.getHours() : 0);
      end = 24;
      continue;
    }
    first = Math.min(first, start.getHours());
    end = Math.max(end, finish.getHours() + (finish.getMinutes() > 0 ? 1 : 0));
  }
  return { first, end: Math.max(end, first + 1) };
}

/** Items side by side in a week column at most (each keeps a readable width); the day view's. */
export const WEEK_COLUMNS = { narrow: 1, wide: 2 } as const;
export const DAY_COLUMNS = { narrow: 2, wide: 5 } as const;

/**
 * Overlapping items of a week or day column side by side, at most `columns` of them
 * (four overlapping items shrank to unreadable slivers): items that overlap are placed in
 * columns in order of start (appointments before blocks and Google's events that start with
 * them); when a group of overlapping items needs more columns, the last column shows one "+N more"
 * item for those that do not fit, spanning them, which opens the day. Linear after a sort.
 */
export function fitOverlaps(events: readonly CalendarEvent[], columns: number): CalendarEvent[] {
  const timed: CalendarEvent[] = [];
  const out: CalendarEvent[] = [];
  for (const event of events) (inTimeGrid(event) ? timed : out).push(event);
  const rank = (e: CalendarEvent) => (e.kind === "appointment" ? 0 : e.kind === "google" ? 1 : 2);
  timed.sort(
    (a, b) =>
      dayNumber(a.start) - dayNumber(b.start) ||
      a.start.getTime() - b.start.getTime() ||
      rank(a) - rank(b) ||
      b.end.getTime() - a.end.getTime(),
  );

  let group: Array<{ event: CalendarEvent; column: number }> = [];
  let columnEnds: number[] = [];
  let groupDay = Number.NaN;
  let groupEnd = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (columnEnds.length <= columns) {
      for (const { event } of group) out.push(event);
    } else {
      const hidden = group.filter(({ column }) => column >= columns - 1).map(({ event }) => event);
      for (const { event, column } of group) if (column < columns - 1) out.push(event);
      const start = hidden[0]!.start;
      const end = new Date(Math.max(...hidden.map((e) => Math.min(e.end.getTime(), addDays(startOfDay(start), 1).getTime()))));
      out.push({
        kind: "more",
        id: `more@${start.getTime()}`,
        title: `+${hidden.length} more`,
        start,
        end: end.getTime() - start.getTime() < 30 * 60_000 ? addMinutes(start, 30) : end,
        hidden: hidden.length,
        titles: hidden.map((e) => e.title),
      });
    }
    group = [];
    columnEnds = [];
  };
  for (const event of timed) {
    const day = dayNumber(event.start);
    const start = event.start.getTime();
    if (group.length > 0 && (day !== groupDay || start >= groupEnd)) flush();
    if (group.length === 0) {
      groupDay = day;
      groupEnd = Number.NEGATIVE_INFINITY;
    }
    let column = columnEnds.findIndex((end) => end <= start);
    if (column === -1) column = columnEnds.push(0) - 1;
    columnEnds[column] = event.end.getTime();
    groupEnd = Math.max(groupEnd, event.end.getTime());
    group.push({ event, column });
  }
  if (group.length > 0) flush();
  return out;
}

/** Events starting on the floating day of `date`, by start. */
export function eventsOnDay<T extends { start: Date }>(events: readonly T[], date: Date): T[] {
  const start = startOfDay(date).getTime();
  const end = addDays(startOfDay(date), 1).getTime();
  return events.filter((e) => e.start.getTime() >= start && e.start.getTime() < end).sort((a, b) => a.start.getTime() - b.start.getTime());
}

export type StatusCounts = { total: number; scheduled: number; new: number; inProgress: number; completed: number };

/**
 * docs/product.md "Screens and routes": Week Summary and Day Summary count all, new, in-progress and completed; and
 * scheduled. Other statuses (won, lost, …) count in the total only.
 */
export function statusCounts(appointments: ReadonlyArray<Pick<RangeAppointment, "status">>): StatusCounts {
  const counts: StatusCounts = { total: appointments.length, scheduled: 0, new: 0, inProgress: 0, completed: 0 };
  for (const { status } of appointments) {
    if (status === "scheduled") counts.scheduled += 1;
    else if (status === "new") counts.new += 1;
    else if (status === "in-progress") counts.inProgress += 1;
    else if (status === "completed") counts.completed += 1;
  }
  return counts;
}

/** An event slot that has begun is past: shaded, and not offered for booking. */
export function isPastSlot(slotStart: Date, floatingNow: Date): boolean {
  return slotStart.getTime() < floatingNow.getTime();
}
