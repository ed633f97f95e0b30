import { displayInZone, instantToWallTime, parseTimeInput, todayInZone, wallTimeToIso } from "../../lib/business-time";

/** docs/product.md "States and transitions": a date without a time means 09:00. */
export const DEFAULT_SCHEDULED_TIME = "09:00";

/**
 * The lead form's Scheduled Date (`yyyy-MM-dd`) and Scheduled Time (`HH:mm`),
 * read as wall-clock time in the business time zone `zone`, as an ISO instant.
 * A time without a date is dropped (null); a date without a time means 09:00.
 * Unparseable input gives null.
 */
export function combineScheduled(date: string, time: string, zone: string): string | null {
  if (!date.trim()) return null;
  return wallTimeToIso(date.trim(), time.trim() || DEFAULT_SCHEDULED_TIME, zone);
}

/** The inverse, for editing: the zone's `yyyy-MM-dd` and `HH:mm`, blank when not scheduled. */
export function splitScheduled(iso: string | null | undefined, zone: string): { date: string; time: string } {
  if (!iso || Number.isNaN(Date.parse(iso))) return { date: "", time: "" };
  return instantToWallTime(iso, zone);
}

/** Display form (docs/product.md "Business constants and limits") in the business zone: date 'MMM d, yyyy', time 'h:mm a'. */
export function formatScheduled(iso: string, zone: string): { date: string; time: string } | null {
  return displayInZone(iso, zone);
}

/** 'h:mm a' label of an `HH:mm` time of day. */
export function formatTimeOfDay(time: string): string {
  const minutes = parseTimeInput(time);
  if (minutes === null) return time;
  const hours = Math.floor(minutes / 60);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/** Today in the business zone as a date input value (`yyyy-MM-dd`). */
export function todayInputValue(zone: string, now: number | Date = Date.now()): string {
  return todayInZone(zone, now);
}
