import type { BusyDay } from "@crawlguard/validators";
import { addDaysToDate, formatInZone } from "../../lib/business-time";

/*
 * How the booking dialogs word a person's busy times (GET /api/appointments/busy), in the
 * business time zone.
 */

export type BusyLine = { key: string; when: string; what: string };

const clock = (iso: string, zone: string) => formatInZone(iso, "h:mm a", zone);

/** Each busy stretch: "9:00 AM – 10:00 AM", and the client's name or "Time block: {title}". */
export function busyLines(day: Pick<BusyDay, "busy">, zone: string): BusyLine[] {
  return day.busy.map((b, i) => ({
    key: `${b.kind}:${b.id ?? i}:${b.start}`,
    when: `${clock(b.start, zone)} – ${clock(b.end, zone)}`,
    what: b.kind === "time-block" ? `Time block: ${b.title}` : b.title,
  }));
}

/** "Works 9:00 AM – 5:00 PM", or "Not a working day". */
export function workingText(day: Pick<BusyDay, "workingHours">, zone: string): string {
  const hours = day.workingHours;
  return hours ? `Works ${clock(hours.start, zone)} – ${clock(hours.end, zone)}` : "Not a working day";
}

/**
 * The next free time as the button says it: "Tue 2:00 PM" within the week of the date chosen,
 * "Tue, Jul 20, 2:00 PM" further on.
 */
export function nextFreeText(nextFree: NonNullable<BusyDay["nextFree"]>, chosenDate: string, zone: string): string {
  const withinWeek = nextFree.date < addDaysToDate(chosenDate, 7);
  return formatInZone(nextFree.start, withinWeek ? "EEE h:mm a" : "EEE, MMM d, h:mm a", zone);
}
