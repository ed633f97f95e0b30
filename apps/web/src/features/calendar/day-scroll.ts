import type { CalendarEvent } from "./calendar-event-model";

/** Room left above the time the day view opens at, so its job is not flush with the top. */
const LEAD_MINUTES = 30;

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * Where the day view opens (react-big-calendar's scrollToTime; only its time of day counts): half
 * an hour before the day's first job (an appointment, or a "+N more" standing for some), or before
 * now when the day has none. Floating dates, as the calendar's.
 */
export function dayScrollTime(events: readonly CalendarEvent[], day: Date, now: Date): Date {
  let first: Date | null = null;
  for (const event of events) {
    if (event.kind !== "appointment" && event.kind !== "more") continue;
    if (!sameDay(event.start, day)) continue;
    if (!first || event.start < first) first = event.start;
  }
  const target = first ?? now;
  const minutes = Math.max(0, target.getHours() * 60 + target.getMinutes() - LEAD_MINUTES);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60);
}
