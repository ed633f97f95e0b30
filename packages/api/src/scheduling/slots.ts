import { addMinutes } from "./intervals.js";
import { formatTime, parseTime, resolveWallTime, type CalendarDate, type Interval } from "./zone.js";

export interface Slot extends Interval {
  /** 'HH:mm' in the business zone. */
  time: string;
}

/**
 * Bookable start times on a date, every `stepMinutes` from `from` to `to` inclusive (business
 * zone), each lasting `durationMinutes`. A time that does not exist that day (inside a
 * spring-forward gap) is left out; one that happens twice (fall-back) is offered once, at its
 * first occurrence, which is what booking it gives.
 */
export function slotsOn(
  date: CalendarDate,
  options: { from: string; to: string; stepMinutes: number; durationMinutes: number },
  zone: string,
): Slot[] {
  const from = parseTime(options.from);
  const to = parseTime(options.to);
  if (from === null || to === null || options.stepMinutes <= 0) return [];
  const slots: Slot[] = [];
  for (let minutes = from; minutes <= to; minutes += options.stepMinutes) {
    const resolved = resolveWallTime(date, minutes, zone);
    if (resolved.kind === "nonexistent") continue;
    slots.push({ time: formatTime(minutes), start: resolved.instant, end: addMinutes(resolved.instant, options.durationMinutes) });
  }
  return slots;
}
