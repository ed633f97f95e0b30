import { contains } from "./intervals.js";
import { parseTime, wallParts, wallTimeToInstant, type CalendarDate, type Interval } from "./zone.js";

export interface WorkingDayRule {
  /** '0' (Sunday) … '6' (Saturday). */
  dayOfWeek: string;
  /** 'HH:mm', business zone. */
  startTime: string;
  endTime: string;
  isActive: boolean;
}

const DAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;

/** docs/product.md "Business constants and limits": Monday–Friday 09:00–17:00; Saturday and Sunday closed. */
export function defaultWeek(): WorkingDayRule[] {
  return DAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00", endTime: "17:00", isActive: dayOfWeek !== "0" && dayOfWeek !== "6" }));
}

/** The seven days, Sunday first: the stored ones, the default for each day not stored. */
export function completeWeek<T extends WorkingDayRule>(stored: readonly T[]): (T | WorkingDayRule)[] {
  const byDay = new Map(stored.map((d) => [d.dayOfWeek, d]));
  return defaultWeek().map((d) => byDay.get(d.dayOfWeek) ?? d);
}

/** The working span of a calendar date as instants, or null on a day off. */
export function workingWindow(date: CalendarDate, week: readonly WorkingDayRule[], weekdayOfDate: number, zone: string): Interval | null {
  const rule = week.find((d) => d.dayOfWeek === String(weekdayOfDate));
  if (!rule?.isActive) return null;
  const start = parseTime(rule.startTime);
  const end = parseTime(rule.endTime);
  if (start === null || end === null || end <= start) return null;
  return { start: wallTimeToInstant(date, start, zone), end: wallTimeToInstant(date, end, zone) };
}

type WorkingHoursCheck =
  | { ok: true }
  /** `window` is that day's working span; null when it is a day off. */
  | { ok: false; weekday: number; window: Interval | null };

/**
 * An appointment is within working hours when it lies entirely inside the working span of the
 * day it starts on (business zone). Working hours never run past midnight, so an appointment
 * that does is outside them.
 */
export function checkWorkingHours(appointment: Interval, week: readonly WorkingDayRule[], zone: string): WorkingHoursCheck {
  const { date, weekday } = wallParts(appointment.start, zone);
  const window = workingWindow(date, week, weekday, zone);
  if (window && contains(window, appointment)) return { ok: true };
  return { ok: false, weekday, window };
}
