import { format, isValid, parseISO } from "date-fns";

/** SPEC section 4: a date without a time means 09:00. */
export const DEFAULT_SCHEDULED_TIME = "09:00";

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_INPUT = /^(\d{2}):(\d{2})$/;

/**
 * The lead form's Scheduled Date (`yyyy-MM-dd`) and Scheduled Time (`HH:mm`),
 * read as local time, as an ISO instant. A time without a date is dropped
 * (null); a date without a time means 09:00. Unparseable input gives null.
 */
export function combineScheduled(date: string, time: string): string | null {
  const dateMatch = DATE_INPUT.exec(date.trim());
  if (!dateMatch) return null;
  const timeMatch = TIME_INPUT.exec(time.trim() || DEFAULT_SCHEDULED_TIME);
  if (!timeMatch) return null;
  const [y, m, d] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hh, mm] = timeMatch.slice(1).map(Number) as [number, number];
  if (hh > 23 || mm > 59) return null;
  const local = new Date(y, m - 1, d, hh, mm);
  // new Date(2025, 1, 31) rolls over to March: such a date was not a real one.
  if (local.getFullYear() !== y || local.getMonth() !== m - 1 || local.getDate() !== d) return null;
  return local.toISOString();
}

/** The inverse, for editing: local `yyyy-MM-dd` and `HH:mm`, blank when not scheduled. */
export function splitScheduled(iso: string | null | undefined): { date: string; time: string } {
  const instant = iso ? parseISO(iso) : null;
  if (!instant || !isValid(instant)) return { date: "", time: "" };
  return { date: format(instant, "yyyy-MM-dd"), time: format(instant, "HH:mm") };
}

/** Display form (SPEC section 9): date 'MMM d, yyyy', time 'h:mm a'. */
export function formatScheduled(iso: string): { date: string; time: string } | null {
  const instant = parseISO(iso);
  if (!isValid(instant)) return null;
  return { date: format(instant, "MMM d, yyyy"), time: format(instant, "h:mm a") };
}

/** 'h:mm a' label of an `HH:mm` time of day. */
export function formatTimeOfDay(time: string): string {
  const match = TIME_INPUT.exec(time);
  if (!match) return time;
  return format(new Date(2000, 0, 1, Number(match[1]), Number(match[2])), "h:mm a");
}

/** Today as a date input value (`yyyy-MM-dd`), local time. */
export function todayInputValue(now = new Date()): string {
  return format(now, "yyyy-MM-dd");
}
