import {
  appointmentDurations,
  BOOKING_SLOTS,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_RANGE_DAYS,
  MAX_RANGE_OCCURRENCES,
  MAX_SLOT_CONFLICTS,
  type Availability,
  type CalendarRange,
  type RangeAppointment,
  type RangeBlock,
  type SchedulingSettings,
} from "@crawlguard/validators";
import {
  earliestOccurrences,
  findConflictsBounded,
  isBeforeToday,
  isoString,
  occurrences,
  parseDate,
  slotsOn,
  todayIn,
} from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import { badInput } from "../scheduling/errors.js";
import { PAST_DATE_MESSAGE } from "./booking.js";
import { appointmentsNear, assigneeShownName, blocksNear, conflictInputs, toRule, type Viewer } from "./clashes.js";
import { canSeeLead, type Viewer as AccessViewer } from "../users/access.js";
import { DomainError } from "../errors.js";
import { CREW_BOOKS_OWN } from "./booking.js";

/* What the calendar and the booking dialogs read: a range of appointments and blocks, free slots, settings. */

const DAY_MS = 86_400_000;

/**
 * Appointments and time-block occurrences overlapping [start, end) for the calendar: "mine" is
 * my appointments, the unassigned ones and my blocks; "all" is everyone's. Recurring blocks are
 * expanded here, in the business zone. Other staff members' blocks are busy periods unless the viewer is an admin.
 * A crew member's appointments are only theirs, in either scope (users/access.ts).
 */
export async function calendarRange(
  sql: Queryable,
  query: { start: string; end: string; scope: "mine" | "all" },
  viewer: Viewer & AccessViewer,
  zone: string,
): Promise<CalendarRange> {
  const me = viewer.id;
  const window = { start: new Date(query.start), end: new Date(query.end) };
  if (window.end.getTime() <= window.start.getTime()) throw badInput([{ path: "end", message: "End must be after start" }]);
  if (window.end.getTime() - window.start.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw badInput([{ path: "end", message: `The range may span at most ${MAX_RANGE_DAYS} days` }]);
  }
  const owner = query.scope === "mine" ? me : null;
  const [appointmentRows, blockRows] = await Promise.all([
    appointmentsNear(sql, window, { assignee: owner, me }),
    blocksNear(sql, window, owner, viewer),
  ]);

  const appointments = appointmentRows
    .filter((a) => canSeeLead(viewer, a))
    .map((a): RangeAppointment => ({
      id: a.id,
      name: a.name,
      phone: a.phone,
      address: a.address,
      service: a.service,
      status: a.status,
      priority: a.priority,
      start: isoString(a.scheduledDate.getTime()),
      end: isoString(a.scheduledDate.getTime() + a.durationMinutes * 60_000),
      durationMinutes: a.durationMinutes,
      assigneeName: a.assigneeName,
      assignedTo: a.assignedTo,
      mine: a.mine,
    }));
  const blocks: RangeBlock[] = [];
  // A bounded answer (ADR 016): at most MAX_RANGE_OCCURRENCES occurrences, the earliest.
  const expanded = earliestOccurrences(
    blockRows.map((b) => occurrences(toRule(b), window, zone)),
    MAX_RANGE_OCCURRENCES,
  );
  for (const [i, b] of blockRows.entries()) {
    const found = expanded.kept[i]!;
    if (found.length === 0) continue;
    blocks.push({
      id: b.id,
      title: b.title,
      description: b.description,
      blockType: b.blockType,
      color: b.color,
      recurring: b.isRecurring,
      recurringPattern: b.isRecurring ? b.recurringPattern : null,
      ownerName: b.ownerName,
      ownerId: b.ownerId,
      mine: b.mine,
      occurrences: found.map((o) => ({ start: isoString(o.start.getTime()), end: isoString(o.end.getTime()) })),
    });
  }
  // ISO strings of UTC instants sort as the instants do.
  blocks.sort((x, y) => {
    const a = x.occurrences[0]!.start;
    const b = y.occurrences[0]!.start;
    return a < b ? -1 : a > b ? 1 : x.id < y.id ? -1 : 1;
  });
  return {
    timeZone: zone,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    appointments,
    blocks,
    occurrenceCount: expanded.total,
    truncated: expanded.total > MAX_RANGE_OCCURRENCES,
  };
}

/** The booking dialog's start times on a date for an assignee, each with what it would clash with. */
export async function availability(
  sql: Queryable,
  query: { date: string; durationMinutes: string; assignedTo?: string | undefined; excludeLeadId?: string | undefined },
  viewer: Viewer & AccessViewer,
  zone: string,
  now: Date = new Date(),
): Promise<Availability> {
  const me = viewer.id;
  // A crew member books only for themselves: another person's slots would name that person's clients.
  if (viewer.role === "crew" && query.assignedTo !== undefined && query.assignedTo !== me)
    throw new DomainError("forbidden", CREW_BOOKS_OWN);
  const date = parseDate(query.date);
  if (!date) throw badInput([{ path: "date", message: "Date must be a real date written yyyy-MM-dd (2000 to 2099)" }]);
  if (isBeforeToday(query.date, zone, now)) throw badInput([{ path: "date", message: PAST_DATE_MESSAGE }]);
  const assignee = query.assignedTo ?? me;
  await assigneeShownName(sql, assignee);

  const durationMinutes = Number(query.durationMinutes);
  const slots = slotsOn(date, { ...BOOKING_SLOTS, durationMinutes }, zone);
  if (slots.length === 0) return { date: query.date, timeZone: zone, durationMinutes, slots: [] };
  const window = { start: slots[0]!.start, end: slots.at(-1)!.end };
  const inputs = await conflictInputs(sql, assignee, window, query.excludeLeadId, viewer);
  return {
    date: query.date,
    timeZone: zone,
    durationMinutes,
    // A bounded answer (ADR 016): a few conflicts per slot and a count, not every one.
    slots: slots.map((slot) => {
      const { conflicts, count } = findConflictsBounded(slot, inputs, zone, MAX_SLOT_CONFLICTS);
      return {
        time: slot.time,
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        available: count === 0,
        conflicts,
        conflictCount: count,
      };
    }),
  };
}

export function schedulingSettings(zone: string, now: Date = new Date()): SchedulingSettings {
  return {
    timeZone: zone,
    today: todayIn(zone, now),
    durations: [...appointmentDurations],
    defaultDurationMinutes: DEFAULT_APPOINTMENT_MINUTES,
    slots: { ...BOOKING_SLOTS },
    maxRangeDays: MAX_RANGE_DAYS,
  };
}
