import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/*
 * Wall-clock dates and times in the business time zone (BUSINESS_TIME_ZONE on the server, ADR 007),
 * whatever zone the browser is in.
 *
 * The server tells the client its zone (`appointments.settings`, and every calendar range answer);
 * until that answer arrives the screens use DEFAULT_BUSINESS_TIME_ZONE, the server's own default.
 *
 * Two kinds of Date appear in the client:
 * - instants: what the API sends and takes (ISO strings with an offset);
 * - "floating" dates: a browser-local Date whose local fields (year … minute) equal the business
 *   zone's wall clock at an instant. react-big-calendar's dateFnsLocalizer computes in the
 *   browser's zone, so it gets floating dates: 10:00 in Asheville is drawn at 10:00 from Tokyo.
 * Conversions between the two go through TZDate, never through the browser's offset.
 */

/** The server's default BUSINESS_TIME_ZONE: used until the server has said which zone it uses. */
export const DEFAULT_BUSINESS_TIME_ZONE = "America/New_York";

/** docs/product.md "Business constants and limits" formats. */
export const TIME_FORMAT = "h:mm a";
export const DATE_FORMAT = "MMM d, yyyy";
export const DATE_INPUT_FORMAT = "yyyy-MM-dd";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type WallTime = { date: string; time: string };

type InstantLike = string | number | Date;

function toMillis(instant: InstantLike): number {
  if (typeof instant === "number") return instant;
  if (typeof instant === "string") return Date.parse(instant);
  return instant.getTime();
}

/** 'yyyy-MM-dd' as numbers, or null when it is not a real calendar date. */
export function parseDateInput(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_RE.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Minutes after midnight of 'HH:mm', or null. */
export function parseTimeInput(time: string): number | null {
  const match = TIME_RE.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:mm' of minutes after midnight. */
export function timeInputOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The instant (ISO, UTC) at which the zone's clocks show `date` `time`; null for malformed input. */
export function wallTimeToIso(date: string, time: string, zone: string): string | null {
  const day = parseDateInput(date);
  const minutes = parseTimeInput(time);
  if (!day || minutes === null) return null;
  const instant = new TZDate(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60, zone);
  return new Date(instant.getTime()).toISOString();
}

/** The zone's wall-clock date ('yyyy-MM-dd') and time ('HH:mm') at an instant. */
export function instantToWallTime(instant: InstantLike, zone: string): WallTime {
  const zoned = new TZDate(toMillis(instant), zone);
  return { date: format(zoned, DATE_INPUT_FORMAT), time: format(zoned, "HH:mm") };
}

/** Formats an instant as the zone's wall clock shows it (date-fns pattern). */
export function formatInZone(instant: InstantLike, pattern: string, zone: string): string {
  return format(new TZDate(toMillis(instant), zone), pattern);
}

/** docs/product.md "Business constants and limits" display of an instant: { date: 'MMM d, yyyy', time: 'h:mm a' } in the zone. */
export function displayInZone(instant: InstantLike, zone: string): { date: string; time: string } | null {
  const ms = toMillis(instant);
  if (Number.isNaN(ms)) return null;
  return { date: formatInZone(ms, DATE_FORMAT, zone), time: formatInZone(ms, TIME_FORMAT, zone) };
}

/** Today in the zone, 'yyyy-MM-dd'. */
export function todayInZone(zone: string, now: InstantLike = Date.now()): string {
  return formatInZone(now, DATE_INPUT_FORMAT, zone);
}

/** The floating (browser-local) Date showing the zone's wall clock at an instant. */
export function toFloating(instant: InstantLike, zone: string): Date {
  const zoned = new TZDate(toMillis(instant), zone);
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
    zoned.getSeconds(),
    zoned.getMilliseconds(),
  );
}

/** The wall-clock date and time a floating Date stands for (its local fields). */
export function floatingToWallTime(floating: Date): WallTime {
  return { date: format(floating, DATE_INPUT_FORMAT), time: format(floating, "HH:mm") };
}

/** The instant a floating Date stands for in the zone. */
export function floatingToIso(floating: Date, zone: string): string {
  const instant = new TZDate(
    floating.getFullYear(),
    floating.getMonth(),
    floating.getDate(),
    floating.getHours(),
    floating.getMinutes(),
    floating.getSeconds(),
    zone,
  );
  return new Date(instant.getTime()).toISOString();
}

/** A floating Date for a wall-clock date ('yyyy-MM-dd') at `minutes` after midnight. */
export function floatingOf(date: string, minutes = 0): Date | null {
  const day = parseDateInput(date);
  if (!day) return null;
  return new Date(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60);
}

/** `date` ('yyyy-MM-dd') plus `days` calendar days. */
export function addDaysToDate(date: string, days: number): string {
  const day = parseDateInput(date);
  if (!day) return date;
  const moved = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return moved.toISOString().slice(0, 10);
}

/**
 * The instants [start, end) of the zone's calendar days from `firstDate` up to (not including)
 * `endDate`: midnight to midnight on the zone's clocks, so a DST day is 23 or 25 hours long.
 */
export function zonedDayRange(firstDate: string, endDate: string, zone: string): { start: string; end: string } | null {
  const start = wallTimeToIso(firstDate, "00:00", zone);
  const end = wallTimeToIso(endDate, "00:00", zone);
  return start && end ? { start, end } : null;
}

/** A date input value is before today in the zone (today is not). Blank or malformed: false. */
export function isPastDate(date: string, zone: string, now: InstantLike = Date.now()): boolean {
  if (!parseDateInput(date)) return false;
  return date < todayInZone(zone, now);
}
