import type { GoogleCalendarEvent, RangeAppointment, RangeBlock } from "@crawlguard/validators";
import { addDays, addMinutes, format, startOfDay } from "date-fns";
import { floatingOf, toFloating } from "../../lib/business-time";

/*
 * What the Calendar tab draws: appointments, time-block occurrences, Google Calendar events and
 * "+N more", as floating dates (lib/business-time.ts).
 */

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
  /** In the Crew view: the person's column it stands in. */
  column?: string;
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
export function dayNumber(date: Date): number {
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
