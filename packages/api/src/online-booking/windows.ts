import type { BookingWindowRule } from "@crawlguard/validators";
import {
  dayNumber,
  formatDate,
  fromDayNumber,
  occurrences,
  parseTime,
  wallParts,
  wallTimeToInstant,
  weekday,
  type BlockRule,
  type Interval,
  type WorkingDayRule,
} from "../scheduling/index.js";

/*
 * The window computation of online booking, as pure functions of their arguments and the business
 * time zone (ADR 009, ADR 036): which arrival windows the settings make between the notice and the
 * horizon, and which bookable crew members are free for the whole of each. Free means what the one
 * booking rule (scheduling/conflicts.ts) says: inside their working hours, outside every occurrence
 * of their time blocks and overlapping none of their appointments. windows.test.ts checks that the
 * two agree.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** What decides which windows exist. */
export interface WindowSettings {
  windows: readonly BookingWindowRule[];
  noticeHours: number;
  horizonDays: number;
}

/** One crew member's calendar around the windows asked about. */
export interface CrewCalendar {
  userId: string;
  /** Their seven working days (defaults filled in). */
  week: readonly WorkingDayRule[];
  /** Their time blocks that may have an occurrence near the windows (recurring ones as rules). */
  blocks: readonly BlockRule[];
  /** Appointments that keep them busy: theirs and the unassigned ones (which could be anyone's). */
  appointments: readonly Interval[];
}

/** A window and who is free for all of it. */
export interface FreeWindow extends Interval {
  /** The free crew members' ids, in the order the calendars were given. */
  free: string[];
}

/**
 * Where the horizon ends: windows must start before `now` plus `horizonDays` days, and no sooner
 * than `now` plus `noticeHours` hours (a window starting exactly then is offered).
 */
export function bookableSpan(settings: Pick<WindowSettings, "noticeHours" | "horizonDays">, now: Date): Interval {
  return {
    start: new Date(now.getTime() + settings.noticeHours * HOUR_MS),
    end: new Date(now.getTime() + settings.horizonDays * DAY_MS),
  };
}

/**
 * The windows the settings make whose start lies in the bookable span, soonest first. Each is the
 * rule's wall-clock times on a date of its weekday in the business zone, so a 9:00–11:00 window is
 * 9:00–11:00 on both sides of a daylight-saving change. A wall time a spring-forward gap swallows
 * reads as RFC 5545 says (02:30 is 03:30); a window that comes out empty is left out.
 */
export function candidateWindows(settings: WindowSettings, now: Date, zone: string): Interval[] {
  const span = bookableSpan(settings, now);
  if (settings.windows.length === 0 || span.end.getTime() <= span.start.getTime()) return [];
  // One day either side: a zone's offset never moves a wall date further than that.
  const first = dayNumber(wallParts(span.start, zone).date) - 1;
  const last = dayNumber(wallParts(span.end, zone).date) + 1;
  const out: Interval[] = [];
  for (let day = first; day <= last; day++) {
    const date = fromDayNumber(day);
    const dow = weekday(date);
    for (const rule of settings.windows) {
      if (rule.dayOfWeek !== dow) continue;
      const startMinutes = parseTime(rule.start);
      const endMinutes = parseTime(rule.end);
      if (startMinutes === null || endMinutes === null) continue;
      const start = wallTimeToInstant(date, startMinutes, zone);
      const end = wallTimeToInstant(date, endMinutes, zone);
      if (end.getTime() <= start.getTime()) continue;
      if (start.getTime() < span.start.getTime() || start.getTime() >= span.end.getTime()) continue;
      out.push({ start, end });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** Sorted, disjoint busy spans: overlapping or touching intervals merged. */
function mergedBusy(intervals: Interval[]): { starts: number[]; ends: number[] } {
  const sorted = intervals.map((i) => [i.start.getTime(), i.end.getTime()] as const).sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [s, e] of sorted) {
    if (e <= s) continue;
    const last = ends.length - 1;
    if (last >= 0 && s <= ends[last]!) ends[last] = Math.max(ends[last]!, e);
    else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends };
}

/** Whether [start, end) overlaps a merged busy span (binary search for the last span starting before `end`). */
function overlapsBusy(busy: { starts: number[]; ends: number[] }, start: number, end: number): boolean {
  let lo = 0;
  let hi = busy.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (busy.starts[mid]! < end) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && busy.ends[lo - 1]! > start;
}

/**
 * A person's working span on each business date, as scheduling/working-hours.ts reads it: the
 * day's rule, active, with its end after its start, as instants of that date (null: not working).
 */
function workingSpans(week: readonly WorkingDayRule[], zone: string): (day: number) => [number, number] | null {
  const spans = new Map<number, [number, number] | null>();
  return (day) => {
    let span = spans.get(day);
    if (span !== undefined) return span;
    const date = fromDayNumber(day);
    const rule = week.find((d) => d.dayOfWeek === String(weekday(date)));
    const from = rule?.isActive ? parseTime(rule.startTime) : null;
    const to = rule?.isActive ? parseTime(rule.endTime) : null;
    span =
      from === null || to === null || to <= from
        ? null
        : [wallTimeToInstant(date, from, zone).getTime(), wallTimeToInstant(date, to, zone).getTime()];
    spans.set(day, span);
    return span;
  };
}

/**
 * Who is free for each window: within their working hours for the whole window (the working span
 * of the date it starts on, as checkWorkingHours says), and no block occurrence or appointment
 * overlapping it (touching is not overlapping). Each person's blocks are expanded once over the
 * span of all the windows and their working spans read once a date; every window is then a
 * binary search.
 */
export function freeWindows(windows: readonly Interval[], crew: readonly CrewCalendar[], zone: string): FreeWindow[] {
  if (windows.length === 0) return [];
  const range: Interval = {
    start: new Date(Math.min(...windows.map((w) => w.start.getTime()))),
    end: new Date(Math.max(...windows.map((w) => w.end.getTime()))),
  };
  const busy = crew.map((person) =>
    mergedBusy([...person.blocks.flatMap((block) => occurrences(block, range, zone)), ...person.appointments]),
  );
  const hours = crew.map((person) => workingSpans(person.week, zone));
  return windows.map((window) => {
    const start = window.start.getTime();
    const end = window.end.getTime();
    const day = dayNumber(wallParts(start, zone).date);
    const free = crew
      .filter((_, i) => {
        const span = hours[i]!(day);
        return span !== null && span[0] <= start && end <= span[1] && !overlapsBusy(busy[i]!, start, end);
      })
      .map((person) => person.userId);
    return { start: window.start, end: window.end, free };
  });
}

/**
 * The person a booking goes to among those free: the one with the fewest appointments on the
 * window's date (business zone), the first listed on a tie.
 */
export function chooseAssignee(window: Interval, free: readonly string[], crew: readonly CrewCalendar[], zone: string): string | null {
  const date = formatDate(wallParts(window.start, zone).date);
  let best: { id: string; count: number } | null = null;
  for (const id of free) {
    const person = crew.find((c) => c.userId === id);
    const count = person?.appointments.filter((a) => formatDate(wallParts(a.start, zone).date) === date).length ?? 0;
    if (!best || count < best.count) best = { id, count };
  }
  return best?.id ?? null;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** '9:00' and 'AM' of minutes after midnight. */
function clock(minutes: number): [string, "AM" | "PM"] {
  const h = Math.floor(minutes / 60);
  return [`${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, "0")}`, h < 12 ? "AM" : "PM"];
}

/**
 * 'Tue, Dec 8 · 9:00–11:00 AM', or '11:00 AM–1:00 PM' across noon, in the business zone (written
 * from the zone's wall parts: a list of windows is labelled many times a second).
 */
export function windowLabel(window: Interval, zone: string): string {
  const start = wallParts(window.start, zone);
  const [from, fromHalf] = clock(start.minutes);
  const [to, toHalf] = clock(wallParts(window.end, zone).minutes);
  const day = `${WEEKDAYS[start.weekday]!.slice(0, 3)}, ${MONTHS[start.date.month - 1]!.slice(0, 3)} ${start.date.day}`;
  return `${day} · ${fromHalf === toHalf ? from : `${from} ${fromHalf}`}–${to} ${toHalf}`;
}

/** The business date of a window, 'yyyy-MM-dd': the /book page groups windows by it. */
export function windowDate(window: Interval, zone: string): string {
  return formatDate(wallParts(window.start, zone).date);
}

/** The day heading of a group of windows: 'Tuesday, December 8' (a business date, 'yyyy-MM-dd'). */
export function dayHeading(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAYS[weekday({ year, month, day })]!}, ${MONTHS[month - 1]!} ${day}`;
}

/** The span whose appointments and block occurrences decide the windows (for the reads before the computation). */
export function spanOf(windows: readonly Interval[]): Interval | null {
  if (windows.length === 0) return null;
  return {
    start: new Date(Math.min(...windows.map((w) => w.start.getTime()))),
    end: new Date(Math.max(...windows.map((w) => w.end.getTime()))),
  };
}
