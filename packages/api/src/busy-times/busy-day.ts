import { BOOKING_SLOTS, NEXT_FREE_SEARCH_DAYS, type BusyDay, type BusyTime } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import {
  addDays,
  addMinutes,
  findConflictsBounded,
  formatDate,
  isBeforeToday,
  isoString,
  occurrences,
  overlaps,
  parseDate,
  slotsOn,
  startOfDay,
  weekday,
  workingWindow,
  type CalendarDate,
  type ConflictInputs,
  type Interval,
} from "../scheduling/index.js";
import { badInput } from "../scheduling/errors.js";
import { getWorkingWeek } from "../availability/working-hours.js";
import { appointmentsNear, asConflictInputs, blocksNear, toRule, type AppointmentRow, type BlockRow } from "../appointments/clashes.js";
import { CREW_BOOKS_OWN, PAST_DATE_MESSAGE } from "../appointments/booking.js";
import { canSeeLead, type Viewer as AccessViewer } from "../users/access.js";

/*
 * One person's busy times on a day and their next free booking time (docs/product.md "Calendar",
 * busy times): what the booking dialogs show as soon as a date and an assignee are chosen, before
 * anything is sent. The next free time is judged by the booking rule itself (the same inputs and
 * `findConflicts` as a booking), so booking it never answers 409.
 */

export const NO_SUCH_PERSON = "assignedTo names no account.";

/** The title of an appointment the caller may not open (a crew member's view of an unassigned one). */
const BUSY_TITLE = "Busy";

export interface BusyDayCall {
  sql: Queryable;
  viewer: AccessViewer & { isAdmin: boolean };
  /** The business time zone. */
  zone: string;
  query: { assignedTo: string; date: string; durationMinutes: string; excludeLeadId?: string | undefined; time?: string | undefined };
  /** What "today" and "past" are judged against (default: the clock). */
  now?: Date;
}

export async function busyDay({ sql, viewer, zone, query, now = new Date() }: BusyDayCall): Promise<BusyDay> {
  // A crew member books only for themselves (the booking rule): another person's day would name that person's clients.
  if (viewer.role === "crew" && query.assignedTo !== viewer.id) throw new DomainError("forbidden", CREW_BOOKS_OWN);
  const date = parseDate(query.date);
  if (!date) throw badInput([{ path: "date", message: "Date must be a real date written yyyy-MM-dd (2000 to 2099)" }]);
  if (isBeforeToday(query.date, zone, now)) throw badInput([{ path: "date", message: PAST_DATE_MESSAGE }]);
  const [person] = await sql<{ id: string }[]>`SELECT id FROM users WHERE id = ${query.assignedTo}`;
  if (!person) throw new DomainError("not-found", NO_SUCH_PERSON);

  const day: Interval = { start: startOfDay(date, zone), end: startOfDay(addDays(date, 1), zone) };
  // What the booking rule reads for this person, from the day's start to the end of the search.
  const searched: Interval = { start: day.start, end: startOfDay(addDays(date, NEXT_FREE_SEARCH_DAYS), zone) };
  const [week, blocks, appointments] = await Promise.all([
    getWorkingWeek(sql, query.assignedTo),
    blocksNear(sql, searched, query.assignedTo, viewer),
    appointmentsNear(sql, searched, {
      assignee: query.assignedTo,
      me: query.assignedTo,
      excludeLeadId: query.excludeLeadId,
      excludeLost: true,
    }),
  ]);
  const inputs = asConflictInputs(week, blocks, appointments);
  const hours = workingWindow(date, week, weekday(date), zone);
  return {
    userId: query.assignedTo,
    date: query.date,
    timeZone: zone,
    workingHours: hours ? { start: hours.start.toISOString(), end: hours.end.toISOString() } : null,
    busy: busyTimes({ day, blocks, appointments, viewer, zone }),
    nextFree: nextFree({ from: date, fromTime: query.time, inputs, durationMinutes: Number(query.durationMinutes), zone, now }),
  };
}

/** The day's appointments and block occurrences, by start. */
function busyTimes({
  day,
  blocks,
  appointments,
  viewer,
  zone,
}: {
  day: Interval;
  blocks: readonly BlockRow[];
  appointments: readonly AppointmentRow[];
  viewer: AccessViewer;
  zone: string;
}): BusyTime[] {
  const busy: BusyTime[] = [];
  for (const a of appointments) {
    const span = { start: a.scheduledDate, end: addMinutes(a.scheduledDate, a.durationMinutes) };
    if (!overlaps(span, day)) continue;
    const shown = canSeeLead(viewer, { assignedTo: a.assignedTo });
    busy.push({
      kind: "appointment",
      id: shown ? a.id : null,
      title: shown ? a.name : BUSY_TITLE,
      start: span.start.toISOString(),
      end: span.end.toISOString(),
    });
  }
  for (const b of blocks) {
    for (const o of occurrences(toRule(b), day, zone)) {
      busy.push({ kind: "time-block", id: b.id, title: b.title, start: isoString(o.start.getTime()), end: isoString(o.end.getTime()) });
    }
  }
  // ISO strings of UTC instants sort as the instants do.
  return busy.sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : x.end < y.end ? -1 : x.end > y.end ? 1 : 0));
}

/**
 * The first booking slot (every 30 minutes, 08:00–18:00, business zone) from `from` on (at
 * `fromTime` or later that day), not yet begun, at which an appointment of `durationMinutes`
 * clashes with nothing.
 */
function nextFree({
  from,
  fromTime,
  inputs,
  durationMinutes,
  zone,
  now,
}: {
  from: CalendarDate;
  fromTime: string | undefined;
  inputs: ConflictInputs;
  durationMinutes: number;
  zone: string;
  now: Date;
}): BusyDay["nextFree"] {
  for (let d = 0; d < NEXT_FREE_SEARCH_DAYS; d++) {
    const date = addDays(from, d);
    for (const slot of slotsOn(date, { ...BOOKING_SLOTS, durationMinutes }, zone)) {
      if (slot.start.getTime() < now.getTime() || (d === 0 && fromTime !== undefined && slot.time < fromTime)) continue;
      if (findConflictsBounded(slot, inputs, zone, 0).count === 0) {
        return { date: formatDate(date), time: slot.time, start: slot.start.toISOString() };
      }
    }
  }
  return null;
}
