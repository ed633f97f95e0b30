import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import type { Conflict } from "@crawlguard/validators";
import { overlaps } from "./intervals.js";
import { occurrences, type BlockRule } from "./recurrence.js";
import { checkWorkingHours, type WorkingDayRule } from "./working-hours.js";
import type { Interval } from "./zone.js";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** docs/product.md "Business constants and limits" formats: date 'MMM d, yyyy', time 'h:mm a', in the business zone. */
function formatInstant(instant: Date, zone: string): string {
  return format(instant, "MMM d, yyyy, h:mm a", { in: tz(zone) });
}

/** 'Mar 10, 2026, 9:00 AM – 10:00 AM' (the end's date is repeated only when it differs). */
function formatSpan(span: Interval, zone: string): string {
  const sameDay = format(span.start, "yyyy-MM-dd", { in: tz(zone) }) === format(span.end, "yyyy-MM-dd", { in: tz(zone) });
  const end = sameDay ? format(span.end, "h:mm a", { in: tz(zone) }) : formatInstant(span.end, zone);
  return `${formatInstant(span.start, zone)} – ${end}`;
}

export interface BlockForConflicts extends BlockRule {
  id: string;
  title: string;
}

export interface AppointmentForConflicts {
  id: string;
  name: string;
  start: Date;
  end: Date;
}

export interface ConflictInputs {
  /** The assignee's seven working days (defaults filled in). */
  week: readonly WorkingDayRule[];
  /** The assignee's blocks that may produce an occurrence near the appointment. */
  blocks: readonly BlockForConflicts[];
  /** Other appointments of the assignee (and unassigned ones) near the appointment. */
  appointments: readonly AppointmentForConflicts[];
}

/**
 * What a requested appointment clashes with: time outside the assignee's working hours, any
 * occurrence of one of their time blocks (recurrences expanded in the business zone), and any
 * other appointment. Touching is not clashing: an end equal to a start is fine.
 */
export function findConflicts(appointment: Interval, inputs: ConflictInputs, zone: string): Conflict[] {
  return findConflictsBounded(appointment, inputs, zone, Number.POSITIVE_INFINITY).conflicts;
}

/**
 * The first `limit` conflicts of `findConflicts` (working hours, then blocks, then appointments)
 * and how many there are in all: the rest are counted, never described, so a slot's answer and its
 * work stay small however many blocks overlap it.
 */
export function findConflictsBounded(
  appointment: Interval,
  inputs: ConflictInputs,
  zone: string,
  limit: number,
): { conflicts: Conflict[]; count: number } {
  const conflicts: Conflict[] = [];
  let count = 0;
  const add = (describe: () => Conflict) => {
    count += 1;
    if (conflicts.length < limit) conflicts.push(describe());
  };
  const hours = checkWorkingHours(appointment, inputs.week, zone);
  if (!hours.ok) {
    const day = DAY_NAMES[hours.weekday]!;
    add(() => ({
      kind: "outside-working-hours",
      message: hours.window
        ? `Outside working hours: ${day} ${format(hours.window.start, "h:mm a", { in: tz(zone) })} – ${format(hours.window.end, "h:mm a", { in: tz(zone) })}`
        : `Outside working hours: ${day} is not a working day`,
      id: null,
      title: `Working hours (${day})`,
      start: hours.window?.start.toISOString() ?? null,
      end: hours.window?.end.toISOString() ?? null,
    }));
  }
  for (const block of inputs.blocks) {
    for (const occurrence of occurrences(block, appointment, zone)) {
      add(() => ({
        kind: "time-block",
        message: `Overlaps the time block "${block.title}" (${formatSpan(occurrence, zone)})`,
        id: block.id,
        title: block.title,
        start: occurrence.start.toISOString(),
        end: occurrence.end.toISOString(),
      }));
    }
  }
  for (const other of inputs.appointments) {
    if (!overlaps(appointment, other)) continue;
    add(() => appointmentConflict(other, zone));
  }
  return { conflicts, count };
}

/** An appointment something overlaps, as a conflict (a booking's, or a time block's that covers it). */
export function appointmentConflict(other: AppointmentForConflicts, zone: string): Conflict {
  return {
    kind: "appointment",
    message: `Overlaps the appointment with ${other.name} (${formatSpan(other, zone)})`,
    id: other.id,
    title: other.name,
    start: other.start.toISOString(),
    end: other.end.toISOString(),
  };
}
