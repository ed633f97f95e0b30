import type { GoogleCalendarEvent, Lead, RangeAppointment, RangeBlock } from "@crawlguard/validators";
import {
  addDays,
  addMinutes,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { floatingOf, floatingToWallTime, toFloating, zonedDayRange } from "../../lib/business-time";

/*
 * The Calendar tab's rules as plain functions (docs/product.md "Screens and routes", Calendar). Dates here are
 * "floating": browser-local Dates whose fields are the business zone's wall clock (see
 * lib/business-time.ts), which is what react-big-calendar draws.
 */

export type CalendarView = "month" | "week" | "day" | "schedule";

export const calendarViews: ReadonlyArray<{ value: CalendarView; label: string }> = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "day", label: "Day" },
  { value: "schedule", label: "Schedule List" },
];

/** docs/product.md "Screens and routes": weeks start on Sunday. */
export const WEEK_STARTS_ON = 0;
/** Week view: hourly rows 6:00 to 21:00 (16 rows, the last ending at 22:00). */
export const WEEK_HOURS = { first: 6, end: 22, stepMinutes: 60 } as const;
/** Day view: 30-minute slots from 6:00 to 22:00. */
export const DAY_HOURS = { first: 6, end: 22, stepMinutes: 30 } as const;
/** docs/product.md "Business constants and limits": recent (upcoming) appointments 5, past appointments 10. */
export const RECENT_LIMIT = 5;
export const PAST_LIMIT = 10;

/** The first and last visible day of a view (floating midnights; `end` exclusive). */
export function visibleDays(view: CalendarView, date: Date): { start: Date; end: Date } {
  switch (view) {
    case "month":
      return {
        start: startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON }),
        end: addDays(startOfDay(endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON })), 1),
      };
    case "week": {
      const start = startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
      return { start, end: addDays(start, 7) };
    }
    case "day":
    case "schedule": {
      const start = startOfDay(date);
      return { start, end: addDays(start, 1) };
    }
  }
}

/**
 * The instants to ask `appointments.range` for: the visible days from midnight to midnight on the
 * business zone's clocks (so a DST week is 167 or 169 hours long).
 */
export function rangeQuery(view: CalendarView, date: Date, zone: string): { start: string; end: string } | null {
  const { start, end } = visibleDays(view, date);
  return zonedDayRange(floatingToWallTime(start).date, floatingToWallTime(end).date, zone);
}

/** Previous / next month, week or day; Today. */
export function navigateDate(view: CalendarView, date: Date, action: "PREV" | "NEXT" | "TODAY", today: Date): Date {
  if (action === "TODAY") return startOfDay(today);
  const step = action === "NEXT" ? 1 : -1;
  switch (view) {
    case "month":
      return addMonths(date, step);
    case "week":
      return addWeeks(date, step);
    default:
      return addDays(date, step);
  }
}

/** "March 2026", "Mar 8 – 14, 2026", "Mar 29 – Apr 4, 2026", "Tuesday, March 10, 2026". */
export function viewTitle(view: CalendarView, date: Date): string {
  switch (view) {
    case "month":
      return format(date, "MMMM yyyy");
    case "week": {
      const { start, end } = visibleDays("week", date);
      const last = addDays(end, -1);
      if (start.getFullYear() !== last.getFullYear()) return `${format(start, "MMM d, yyyy")} – ${format(last, "MMM d, yyyy")}`;
      if (isSameMonth(start, last)) return `${format(start, "MMM d")} – ${format(last, "d, yyyy")}`;
      return `${format(start, "MMM d")} – ${format(last, "MMM d, yyyy")}`;
    }
    case "day":
      return format(date, "EEEE, MMMM d, yyyy");
    case "schedule":
      return "Upcoming appointments";
  }
}

/** What prev/next move by, for their labels ("Previous week"). */
export function periodName(view: CalendarView): string {
  return view === "month" ? "month" : view === "week" ? "week" : "day";
}

// ---------------------------------------------------------------------------------------------
// Events

export type AppointmentEvent = {
  kind: "appointment";
  id: string;
  title: string;
  start: Date;
  end: Date;
  appointment: RangeAppointment;
};

export type BlockEvent = {
  kind: "block";
  id: string;
  title: string;
  start: Date;
  end: Date;
  block: RangeBlock;
};

/** A month cell's last line when it holds more appointments than it shows: "+N more". */
export type MoreEvent = {
  kind: "more";
  id: string;
  title: string;
  start: Date;
  end: Date;
  hidden: number;
  /** In the week and day views: the titles of the items it stands for (its tooltip). */
  titles?: string[];
};

/**
 * An event of the connected Google Calendar that is not one of our appointments:
 * shown beside them, read only (never dragged), in a style of its own.
 */
export type GoogleEvent = {
  kind: "google";
  id: string;
  title: string;
  start: Date;
  end: Date;
  /** A date-only event: drawn in the all-day row of the week and day views. */
  allDay: boolean;
  event: GoogleCalendarEvent;
};

export type CalendarEvent = AppointmentEvent | BlockEvent | MoreEvent | GoogleEvent;

/** docs/product.md "Screens and routes": a month cell lists up to two scheduled leads, then "+N more". */
export const MONTH_CELL_LIMIT = 2;

/** Appointments first (docs/product.md: the cell's two lines are appointments), then the earlier start. */
function cellPriority(a: AppointmentEvent | GoogleEvent, b: AppointmentEvent | GoogleEvent): number {
  if (a.kind !== b.kind) return a.kind === "appointment" ? -1 : 1;
  return a.start.getTime() - b.start.getTime();
}

/**
 * The month view's items: per day, the first `limit` appointments by start time, then one
 * "+N more" item for the rest (at the day's end, so it sorts last). Google events take the lines
 * appointments leave free. react-big-calendar's own overflow shows a lone extra event instead of
 * "+1 more" and depends on measured row heights; this does not.
 */
export function monthCellEvents<T extends AppointmentEvent | GoogleEvent>(
  events: readonly T[],
  limit = MONTH_CELL_LIMIT,
): Array<T | MoreEvent> {
  const byDay = new Map<string, T[]>();
  for (const event of events) {
    const day = format(event.start, "yyyy-MM-dd");
    const list = byDay.get(day);
    if (list) list.push(event);
    else byDay.set(day, [event]);
  }
  const items: Array<T | MoreEvent> = [];
  for (const [day, list] of byDay) {
    list.sort(cellPriority);
    items.push(...list.slice(0, limit).sort((a, b) => a.start.getTime() - b.start.getTime()));
    const hidden = list.length - limit;
    if (hidden > 0) {
      const dayStart = startOfDay(list[0]!.start);
      items.push({
        kind: "more",
        id: `more@${day}`,
        title: `+${hidden} more`,
        start: addMinutes(dayStart, 24 * 60 - 2),
        end: addMinutes(dayStart, 24 * 60 - 1),
        hidden,
      });
    }
  }
  return items;
}

/** A number that orders floating dates by calendar day (a month has at most 31 days). */
function dayNumber(date: Date): number {
  return (date.getFullYear() * 12 + date.getMonth()) * 32 + date.getDate();
}

/**
 * Whether `day`'s calendar day is within those of `min` and `max` (either may be missing):
 * react-big-calendar's `inRange(…, "day")`, asked for every event on each day of a view, without
 * the Dates its generic arithmetic clones for each question.
 */
export function dayInRange(day: Date, min: Date | undefined | null, max: Date | undefined | null): boolean {
  const d = dayNumber(day);
  return (!min || d >= dayNumber(min)) && (!max || d <= dayNumber(max));
}

type EventCache<T> = WeakMap<object, { zone: string; events: T[] }>;
const appointmentEventCache: EventCache<AppointmentEvent> = new WeakMap();
const blockEventCache: EventCache<BlockEvent> = new WeakMap();

/**
 * The events of one range answer, computed once per answer and zone: react-query keeps each
 * week's answer, so going back to a week shown before reuses its events (bench/calendar) instead
 * of converting every instant to the business zone again.
 */
function cachedPerList<T>(cache: EventCache<T>, list: object, zone: string, compute: () => T[]): T[] {
  const hit = cache.get(list);
  if (hit?.zone === zone) return hit.events;
  const events = compute();
  cache.set(list, { zone, events });
  return events;
}

/** Appointments as calendar events, at the business zone's wall clock. */
export function appointmentEvents(appointments: readonly RangeAppointment[], zone: string): AppointmentEvent[] {
  return cachedPerList(appointmentEventCache, appointments, zone, () =>
    appointments.map((appointment) => ({
      kind: "appointment",
      id: appointment.id,
      title: appointment.name,
      start: toFloating(appointment.start, zone),
      end: toFloating(appointment.end, zone),
      appointment,
    })),
  );
}

/** Time-block occurrences as calendar events (a recurring block once per occurrence). */
export function blockEvents(blocks: readonly RangeBlock[], zone: string): BlockEvent[] {
  return cachedPerList(blockEventCache, blocks, zone, () =>
    blocks.flatMap((block) =>
      block.occurrences.map((occurrence): BlockEvent => ({
        kind: "block",
        id: `${block.id}@${occurrence.start}`,
        title: block.title,
        start: toFloating(occurrence.start, zone),
        end: toFloating(occurrence.end, zone),
        block,
      })),
    ),
  );
}

/**
 * Google's events as calendar events, at the business zone's wall clock, leaving out those whose
 * id is in `ownIds` (our own appointments' events, already drawn as appointments). A date-only
 * event spans its dates (Google's end date is exclusive).
 */
export function googleEvents(events: readonly GoogleCalendarEvent[], ownIds: ReadonlySet<string>, zone: string): GoogleEvent[] {
  const items: GoogleEvent[] = [];
  for (const event of events) {
    if (ownIds.has(event.id)) continue;
    const title = event.summary?.trim() || "(No title)";
    if (event.start.dateTime && event.end.dateTime) {
      const start = toFloating(event.start.dateTime, zone);
      const end = toFloating(event.end.dateTime, zone);
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
      items.push({ kind: "google", id: `google:${event.id}`, title, start, end, allDay: false, event });
    } else if (event.start.date) {
      const start = floatingOf(event.start.date);
      const end = (event.end.date ? floatingOf(event.end.date) : null) ?? (start ? addDays(start, 1) : null);
      if (!start || !end) continue;
      items.push({
        kind: "google",
        id: `google:${event.id}`,
        title,
        start,
        end: end > start ? end : addDays(start, 1),
        allDay: true,
        event,
      });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Week and day grids: hours drawn, overlapping items

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

// ---------------------------------------------------------------------------------------------
// Recent and past appointments (from the lead list, which every tab already has)

export type CalendarScope = "mine" | "all";

/** The scope's leads: mine are assigned to me or to nobody (as `appointments.range` counts them). */
export function inScope(lead: Pick<Lead, "assigneeName">, scope: CalendarScope, username: string): boolean {
  return scope === "all" || !lead.assigneeName || lead.assigneeName === username;
}

/**
 * docs/product.md "Screens and routes": up to 5 upcoming ('Recent Appointments'; all of them in the schedule view),
 * soonest first, and the 10 most recent past ones, latest first. An appointment is past once it
 * has started.
 */
export function splitAppointments(
  leads: readonly Lead[],
  now: number,
  options: { scope: CalendarScope; username: string; upcomingLimit?: number },
): { upcoming: Lead[]; past: Lead[]; upcomingTotal: number } {
  const upcoming: Lead[] = [];
  const past: Lead[] = [];
  for (const lead of leads) {
    if (!lead.scheduledDate || !inScope(lead, options.scope, options.username)) continue;
    (Date.parse(lead.scheduledDate) >= now ? upcoming : past).push(lead);
  }
  upcoming.sort((a, b) => Date.parse(a.scheduledDate!) - Date.parse(b.scheduledDate!));
  past.sort((a, b) => Date.parse(b.scheduledDate!) - Date.parse(a.scheduledDate!));
  const limit = options.upcomingLimit ?? Number.POSITIVE_INFINITY;
  return { upcoming: upcoming.slice(0, limit), past: past.slice(0, PAST_LIMIT), upcomingTotal: upcoming.length };
}

// ---------------------------------------------------------------------------------------------
// How appointments look

/** An event slot that has begun is past: shaded, and not offered for booking. */
export function isPastSlot(slotStart: Date, floatingNow: Date): boolean {
  return slotStart.getTime() < floatingNow.getTime();
}
