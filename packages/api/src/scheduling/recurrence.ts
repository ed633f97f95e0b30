import { overlaps } from "./intervals.js";
import {
  dayNumber,
  daysInMonth,
  fromDayNumber,
  monthsBetween,
  parseDate,
  wallParts,
  wallTimeOnDay,
  type CalendarDate,
  type Interval,
} from "./zone.js";

type RecurrencePattern = "daily" | "weekdays" | "weekly" | "monthly";

/** A time block as the rules see it. */
export interface BlockRule {
  start: Date;
  end: Date;
  /** null: a one-off block. */
  pattern: RecurrencePattern | null;
  /** The last date ('yyyy-MM-dd', business zone) an occurrence may start on; null: forever. */
  until: string | null;
}

/** No window the product asks for comes near this; it bounds a malformed request's work. */
const MAX_STEPS = 10_000;

/**
 * The occurrences of a block that overlap `window`, in order.
 *
 * A recurring block repeats its wall-clock times in the business zone: a 09:00–10:00 weekly block
 * stays 09:00–10:00 across a daylight-saving change (its length in absolute time changes when
 * the change falls inside it). An occurrence whose wall time does not exist that day (a 02:30
 * block on a spring-forward day) starts at the time read with the offset before the gap (03:30),
 * and an ambiguous one (01:30 on a fall-back day) at its first occurrence, as RFC 5545 says.
 *
 * Weekdays blocks repeat daily from Monday to Friday (RFC 5545's FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR)
 * on the business zone's calendar: Saturday and Sunday have no occurrence, whatever their offset.
 *
 * Monthly blocks repeat on the same day of the month and **skip** months without that day
 * (a block on the 31st has no occurrence in April; one on 29 February only in leap years), as
 * RFC 5545 does for BYMONTHDAY and as Google Calendar shows such events.
 */
export function occurrences(block: BlockRule, window: Interval, zone: string): Interval[] {
  if (!block.pattern) return overlaps(block, window) ? [{ start: block.start, end: block.end }] : [];

  // Dates are day numbers here (see `dayNumber`): a month of daily blocks is thousands of steps.
  const first = wallParts(block.start, zone);
  const last = wallParts(block.end, zone);
  const firstDay = dayNumber(first.date);
  /** Whole days from the start's wall date to the end's (a block may run past midnight). */
  const spanDays = dayNumber(last.date) - firstDay;
  const untilDate = block.until ? parseDate(block.until) : null;
  const untilDay = untilDate ? dayNumber(untilDate) : null;
  const windowFirstDay = dayNumber(wallParts(window.start, zone).date);
  const length = block.end.getTime() - block.start.getTime();

  const at = (day: number): Interval => {
    const start = wallTimeOnDay(day, first.minutes, zone);
    let end = wallTimeOnDay(day + spanDays, last.minutes, zone);
    // A block inside a fall-back hour could read back to front; keep its absolute length then.
    if (end.getTime() <= start.getTime()) end = new Date(start.getTime() + length);
    return { start, end };
  };

  // The first step whose occurrence could still reach into the window: start a little early
  // (an occurrence that began before the window may overlap it) and let `overlaps` decide.
  const lead = spanDays + 1;
  const step = occurrenceDay(block.pattern, first.date, firstDay);
  let n = Math.max(0, firstStep(block.pattern, first.date, windowFirstDay - lead));

  const out: Interval[] = [];
  const windowEnd = window.end.getTime();
  for (let guard = 0; guard < MAX_STEPS; guard++, n++) {
    const day = step(n);
    if (day === "beyond") break;
    if (day === null) continue; // a month without that day
    if (untilDay !== null && day > untilDay) break;
    const occurrence = at(day);
    if (occurrence.start.getTime() >= windowEnd) break;
    if (overlaps(occurrence, window)) out.push(occurrence);
  }
  return out;
}

/** The day number of step n (0 is the block itself); null when that month lacks the day. */
function occurrenceDay(pattern: RecurrencePattern, start: CalendarDate, startDay: number): (n: number) => number | null | "beyond" {
  switch (pattern) {
    case "daily":
      return (n) => startDay + n;
    case "weekdays":
      return (n) => (isWeekend(startDay + n) ? null : startDay + n);
    case "weekly":
      return (n) => startDay + 7 * n;
    case "monthly":
      return (n) => {
        const index = start.month - 1 + n;
        const year = start.year + Math.floor(index / 12);
        const month = (index % 12) + 1;
        if (year > 9999) return "beyond";
        return start.day <= daysInMonth(year, month) ? dayNumber({ year, month, day: start.day }) : null;
      };
  }
}

/** Saturday or Sunday, of a day number. */
function isWeekend(day: number): boolean {
  // Day 0 (1970-01-01) was a Thursday, as zone.ts's `weekday` counts.
  const d = (((day + 4) % 7) + 7) % 7;
  return d === 0 || d === 6;
}

/** The largest step whose date is on or before `day` (a day number; may be negative). */
function firstStep(pattern: RecurrencePattern, start: CalendarDate, day: number): number {
  const days = day - dayNumber(start);
  if (pattern === "daily" || pattern === "weekdays") return days;
  if (pattern === "weekly") return Math.floor(days / 7);
  return monthsBetween(start, fromDayNumber(day)) - 1;
}

/**
 * Keeps the `max` earliest occurrences of several blocks' lists (each in order of start), so an
 * answer that lists occurrences stays bounded however many blocks a range holds;
 * `total` is how many there were.
 */
export function earliestOccurrences(lists: readonly Interval[][], max: number): { kept: Interval[][]; total: number } {
  const total = lists.reduce((n, list) => n + list.length, 0);
  if (total <= max) return { kept: [...lists], total };
  if (max <= 0) return { kept: lists.map(() => []), total };
  const starts = lists.flatMap((list) => list.map((o) => o.start.getTime())).sort((a, b) => a - b);
  const cutoff = starts[max - 1]!;
  // Of the occurrences starting exactly at the cutoff, only as many as fit (the first lists' first).
  let atCutoff = max - starts.indexOf(cutoff);
  const kept = lists.map((list) =>
    list.filter((o) => {
      const start = o.start.getTime();
      if (start < cutoff) return true;
      if (start === cutoff && atCutoff > 0) {
        atCutoff -= 1;
        return true;
      }
      return false;
    }),
  );
  return { kept, total };
}
