import type { Interval } from "./zone.js";

/**
 * Half-open intervals [start, end): they overlap when each starts before the other ends. An end
 * equal to a start is not an overlap (a 9:00–10:00 visit and a 10:00–11:00 visit are fine).
 */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** `inner` lies entirely within `outer` (touching the edges counts as within). */
export function contains(outer: Interval, inner: Interval): boolean {
  return outer.start.getTime() <= inner.start.getTime() && inner.end.getTime() <= outer.end.getTime();
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
