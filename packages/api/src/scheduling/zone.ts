/*
 * Wall-clock dates and times in the business time zone (ADR 009), as pure functions.
 *
 * Nothing here reads the process's time zone: no `Date` getter or setter without "UTC" in its
 * name, no date-fns function that works in local time. A calendar date ('yyyy-MM-dd') is
 * handled as numbers (Date.UTC is plain calendar arithmetic), and an instant becomes wall time
 * only through the zone's UTC offset at that instant (`tzOffset` from @date-fns/tz, which asks
 * Intl). scheduling.test.ts runs the module under several process zones.
 */
import { tzOffset } from "@date-fns/tz";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** 'yyyy-MM-dd' as numbers; month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** An interval of instants, start inclusive, end exclusive. */
export interface Interval {
  start: Date;
  end: Date;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date, or null ('2026-02-30' is not one). */
export function parseDate(date: string): CalendarDate | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Minutes after midnight of 'HH:mm' (00:00–23:59), or null. */
export function parseTime(time: string): number | null {
  const m = TIME_RE.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function formatTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a calendar date (no zone involved). */
export function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}

export function fromDayNumber(n: number): CalendarDate {
  const d = new Date(n * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday, of the calendar date itself. */
export function weekday(date: CalendarDate): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** Months from a to b (year and month only). */
export function monthsBetween(a: CalendarDate, b: CalendarDate): number {
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** A span of instants [from, to) over which a zone's offset does not change. */
interface OffsetSpan {
  from: number;
  to: number;
  offset: number;
}

const SAMPLE_MS = 6 * 3_600_000;
/** Per zone, per UTC year: the spans of constant offset covering that year. */
const offsetSpans = new Map<string, Map<number, OffsetSpan[]>>();

/**
 * The spans of one zone-year: the offset sampled every six hours (Intl, through tzOffset), and
 * each change bisected to the exact millisecond. About 1,500 Intl calls once per zone and year
 * instead of several per wall-time conversion (a month of recurring blocks is thousands of
 * them, and one Intl call costs ~20 µs). Assumes no zone changes its offset twice within six
 * hours, which holds for every zone in the tz database.
 */
function spansOfYear(zone: string, year: number): OffsetSpan[] {
  let byYear = offsetSpans.get(zone);
  if (!byYear) offsetSpans.set(zone, (byYear = new Map<number, OffsetSpan[]>()));
  const cached = byYear.get(year);
  if (cached) return cached;
  const end = Date.UTC(year + 1, 0, 1);
  const at = (t: number) => tzOffset(zone, new Date(t));
  const spans: OffsetSpan[] = [];
  let from = Date.UTC(year, 0, 1);
  let offset = at(from);
  for (let t = from + SAMPLE_MS; ; t += SAMPLE_MS) {
    const sample = Math.min(t, end);
    const next = at(sample);
    if (next !== offset && !(Number.isNaN(next) && Number.isNaN(offset))) {
      let lo = sample - SAMPLE_MS;
      let hi = sample;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (at(mid) === offset) lo = mid;
        else hi = mid;
      }
      spans.push({ from, to: hi, offset });
      from = hi;
      offset = next;
    }
    if (sample >= end) break;
  }
  spans.push({ from, to: end, offset });
  byYear.set(year, spans);
  return spans;
}

/** The last span each zone answered from: expansions ask about nearby instants in a row. */
const lastSpan = new Map<string, OffsetSpan>();

function spanAt(zone: string, instant: number): OffsetSpan {
  const last = lastSpan.get(zone);
  if (last && instant >= last.from && instant < last.to) return last;
  const spans = spansOfYear(zone, new Date(instant).getUTCFullYear());
  const span = spans.find((s) => instant < s.to) ?? spans.at(-1)!;
  lastSpan.set(zone, span);
  return span;
}

/** The zone's offset from UTC in minutes at an instant (New York in winter: -300). */
export function offsetAt(zone: string, instant: number): number {
  return spanAt(zone, instant).offset;
}

/** How a wall-clock time maps to instants in a zone. */
type WallTimeResolution =
  /** One instant. */
  | { kind: "exact"; instant: Date }
  /** Clocks went back: the time happened twice; `instant` is the first (earlier) one. */
  | { kind: "ambiguous"; instant: Date; later: Date }
  /**
   * Clocks went forward over this time: it never happened. `instant` is the time read with the
   * offset in force before the gap (RFC 5545's rule: 02:30 on a spring-forward day is 03:30).
   */
  | { kind: "nonexistent"; instant: Date };

/**
 * The instants at which a zone's clocks showed `date` at `minutes` after midnight. Offsets are
 * probed a day and a half either side, so a change of offset in between is always seen.
 */
export function resolveWallTime(date: CalendarDate, minutes: number, zone: string): WallTimeResolution {
  return resolveWallTimeOnDay(dayNumber(date), minutes, zone);
}

/** resolveWallTime for a date given as its day number (see `dayNumber`): recurrences step in these. */
function resolveWallTimeOnDay(day: number, minutes: number, zone: string): WallTimeResolution {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  // Most days are nowhere near a change: one offset for the whole neighbourhood, one answer.
  const span = spanAt(zone, wall - 1.5 * DAY_MS);
  if (span.to > wall + 1.5 * DAY_MS) return { kind: "exact", instant: new Date(wall - span.offset * MINUTE_MS) };
  const before = span.offset;
  const after = offsetAt(zone, wall + 1.5 * DAY_MS);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - offsetAt(zone, instant) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  if (valid.length === 0) return { kind: "nonexistent", instant: new Date(wall - before * MINUTE_MS) };
  if (valid.length === 2 && valid[0] !== valid[1]) return { kind: "ambiguous", instant: new Date(valid[0]!), later: new Date(valid[1]!) };
  return { kind: "exact", instant: new Date(valid[0]!) };
}

/**
 * The instant a wall-clock time stands for, always: the earlier one when ambiguous, the
 * RFC 5545 reading when it does not exist. For rules (working hours, recurrences), not for
 * bookings, which refuse a time that does not exist.
 */
export function wallTimeToInstant(date: CalendarDate, minutes: number, zone: string): Date {
  return resolveWallTime(date, minutes, zone).instant;
}

/** wallTimeToInstant for a date given as its day number. */
export function wallTimeOnDay(day: number, minutes: number, zone: string): Date {
  return resolveWallTimeOnDay(day, minutes, zone).instant;
}

/** Cached halves of ISO strings: a day's 'yyyy-MM-ddT' and a time of day's 'HH:mm:ss.sssZ'. */
const isoDays = new Map<number, string>();
const isoTimes = new Map<number, string>();
const ISO_CACHE_LIMIT = 50_000;
const ISO_FIRST_MS = Date.parse("0000-01-01T00:00:00.000Z");
const ISO_END_MS = Date.parse("+010000-01-01T00:00:00.000Z");

/**
 * `new Date(ms).toISOString()`, several times faster: the calendar's range answer writes
 * thousands of instants, and Date#toISOString costs about a microsecond each. The two halves
 * are cached (a month of occurrences shares a few dozen days and times of day).
 */
export function isoString(ms: number): string {
  // Outside years 0000–9999 the ISO form grows a sign and six digits: not worth caching.
  if (!(ms >= ISO_FIRST_MS && ms < ISO_END_MS)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  const time = ms - day * DAY_MS;
  let dayPart = isoDays.get(day);
  if (dayPart === undefined) {
    if (isoDays.size >= ISO_CACHE_LIMIT) isoDays.clear();
    dayPart = new Date(day * DAY_MS).toISOString().slice(0, 11);
    isoDays.set(day, dayPart);
  }
  let timePart = isoTimes.get(time);
  if (timePart === undefined) {
    if (isoTimes.size >= ISO_CACHE_LIMIT) isoTimes.clear();
    timePart = new Date(time).toISOString().slice(11);
    isoTimes.set(time, timePart);
  }
  return dayPart + timePart;
}

/** Wall-clock parts of an instant in a zone. */
interface WallParts {
  date: CalendarDate;
  /** Minutes after midnight. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function wallParts(instant: Date | number, zone: string): WallParts {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const local = new Date(ms + offsetAt(zone, ms) * MINUTE_MS);
  const date = { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
  return { date, minutes: local.getUTCHours() * 60 + local.getUTCMinutes(), weekday: local.getUTCDay() };
}

/** Today's date in the zone, 'yyyy-MM-dd'. */
export function todayIn(zone: string, now: Date): string {
  return formatDate(wallParts(now, zone).date);
}

/** True when `date` ('yyyy-MM-dd') is before today in the zone. Today itself is not past. */
export function isBeforeToday(date: string, zone: string, now: Date): boolean {
  return date < todayIn(zone, now);
}

/** The first instant of a calendar date in the zone (midnight, or the first minute after a gap). */
export function startOfDay(date: CalendarDate, zone: string): Date {
  return wallTimeToInstant(date, 0, zone);
}
