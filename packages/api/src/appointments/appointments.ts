import {
  blankToNull,
  appointmentDurations,
  BOOKING_SLOTS,
  bookingIssues,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_APPOINTMENT_MINUTES,
  MAX_RANGE_DAYS,
  MAX_RANGE_OCCURRENCES,
  MAX_SLOT_CONFLICTS,
  type Availability,
  type RangeBlock,
  type BookingRequest,
  type BookingResult,
  type CalendarAppointmentResult,
  type CalendarRange,
  type Conflict,
  type Lead,
  type RangeAppointment,
  type SchedulingSettings,
  timeBlockColors,
} from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { ConflictError, type FieldIssue } from "../errors.js";
import {
  addMinutes,
  findConflicts,
  findConflictsBounded,
  earliestOccurrences,
  isBeforeToday,
  isoString,
  occurrences,
  parseDate,
  parseTime,
  resolveWallTime,
  slotsOn,
  todayIn,
  type AppointmentForConflicts,
  type BlockForConflicts,
  type Interval,
} from "../scheduling/index.js";
import { appointmentEvent, leadChangeEvents, NO_EVENTS, type DomainEventInput, type EventSink } from "../domain-events.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import { diffLead, recordLeadEvents, type Actor } from "../leads/lead-events.js";
import { LEAD_NOT_FOUND, leadColumns, toLead, type LeadRow } from "../leads/leads.js";
import type { Queryable } from "../queryable.js";
import { ASSIGNEE_NOT_FOUND, badInput, notFound } from "../scheduling/errors.js";
import type { TimeBlockRow } from "../availability/time-blocks.js";
import { getWorkingWeek } from "../availability/working-hours.js";

/*
 * Appointments: a lead with a scheduled_date, a duration and an assignee. Booking checks the
 * assignee's working hours, time blocks (recurrences expanded) and other appointments; it books
 * only when there is no conflict or the caller confirms ("Book anyway"). ADR 009 records the rules.
 */

export const PAST_DATE_MESSAGE = "Appointment date cannot be in the past";

// ---------------------------------------------------------------------------------------------
// What a time clashes with

/** A stored block with its owner's name, as the calendar and the conflict checks read it. */
type BlockRow = Omit<TimeBlockRow, "userId" | "createdAt" | "updatedAt"> & { ownerName: string; ownerId: string; mine: boolean };

/** Who is looking: a staff member sees other staff members' blocks only as busy periods; admins see everything. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** The title another staff member's block shows (ADR 018): when, not what. */
export const BUSY_BLOCK_TITLE = "Busy";

/**
 * Blocks that may have an occurrence overlapping `window`: one-off blocks that overlap it, and
 * recurring blocks that started before its end and whose last occurrence (recurrence end date
 * plus the block's length, with two days for any zone's offset) is not over before it begins.
 * `occurrences` then keeps the exact ones. A block that is neither the viewer's nor seen by an
 * admin leaves the database as a busy period only: title "Busy", no description, type "other"
 * and its colour, so its owner's words never reach another staff member.
 */
async function blocksNear(sql: Queryable, window: Interval, userId: string | null, viewer: Viewer): Promise<BlockRow[]> {
  const shown = sql`(b.user_id = ${viewer.id} OR ${viewer.isAdmin}::boolean)`;
  return sql<BlockRow[]>`
    SELECT b.id, CASE WHEN ${shown} THEN b.title ELSE ${BUSY_BLOCK_TITLE} END AS title,
           CASE WHEN ${shown} THEN b.description END AS description, b.start_date_time, b.end_date_time,
           CASE WHEN ${shown} THEN b.block_type ELSE 'other' END AS block_type, b.is_recurring,
           b.recurring_pattern, b.recurrence_end_date::text AS recurrence_end_date,
           CASE WHEN ${shown} THEN b.color ELSE ${timeBlockColors.other} END AS color,
           u.username AS owner_name, b.user_id AS owner_id, b.user_id = ${viewer.id} AS mine
    FROM time_blocks b JOIN users u ON u.id = b.user_id
    WHERE (${userId}::uuid IS NULL OR b.user_id = ${userId}::uuid)
      AND b.start_date_time < ${window.end}
      AND (b.end_date_time > ${window.start}
           OR (b.is_recurring AND (b.recurrence_end_date IS NULL
               OR b.recurrence_end_date + (b.end_date_time - b.start_date_time) + interval '2 days' > ${window.start}::timestamptz)))
    ORDER BY b.start_date_time, b.id`;
}

const toRule = (b: BlockRow) => ({
  start: b.startDateTime,
  end: b.endDateTime,
  pattern: b.isRecurring ? b.recurringPattern : null,
  until: b.recurrenceEndDate,
});

interface AppointmentRow {
  id: string;
  name: string;
  phone: string | null;
  address: string | null;
  service: string;
  status: RangeAppointment["status"];
  priority: RangeAppointment["priority"];
  scheduledDate: Date;
  durationMinutes: number;
  assigneeName: string | null;
  assignedTo: string | null;
  mine: boolean;
}

/**
 * Appointments overlapping `window`. The scheduled_date range (an appointment lasts at most
 * MAX_APPOINTMENT_MINUTES, so one that overlaps started less than that before the window) is
 * what the index answers; the exact end test follows. `assignee` null: everyone's; otherwise
 * that user's and the unassigned ones (which could be anyone's).
 */
async function appointmentsNear(
  sql: Queryable,
  window: Interval,
  options: { assignee: string | null; me: string; excludeLeadId?: string | undefined; excludeLost?: boolean },
): Promise<AppointmentRow[]> {
  const earliest = addMinutes(window.start, -MAX_APPOINTMENT_MINUTES);
  return sql<AppointmentRow[]>`
    SELECT l.id, l.name, l.phone, l.address, l.service, l.status, l.priority, l.scheduled_date, l.duration_minutes,
           u.username AS assignee_name, l.assigned_to, coalesce(l.assigned_to = ${options.me}, false) AS mine
    FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
    WHERE l.scheduled_date > ${earliest} AND l.scheduled_date < ${window.end}
      AND l.scheduled_date + make_interval(mins => l.duration_minutes) > ${window.start}
      AND (${options.assignee}::uuid IS NULL OR l.assigned_to = ${options.assignee}::uuid OR l.assigned_to IS NULL)
      AND (${options.excludeLeadId ?? null}::uuid IS NULL OR l.id <> ${options.excludeLeadId ?? null}::uuid)
      AND (${options.excludeLost ?? false} = false OR l.status <> 'lost')
    ORDER BY l.scheduled_date, l.id`;
}

/**
 * The assignee's week, blocks and other appointments around `window` (a lost lead's slot is free).
 * The viewer reads the assignee's blocks as `blocksNear` shows them (busy only when not theirs).
 */
async function conflictInputs(sql: Queryable, assignee: string, window: Interval, excludeLeadId: string | undefined, viewer: Viewer) {
  const [week, blocks, appointments] = await Promise.all([
    getWorkingWeek(sql, assignee),
    blocksNear(sql, window, assignee, viewer),
    appointmentsNear(sql, window, { assignee, me: assignee, excludeLeadId, excludeLost: true }),
  ]);
  return {
    week,
    blocks: blocks.map((b): BlockForConflicts => ({ id: b.id, title: b.title, ...toRule(b) })),
    appointments: appointments.map((a): AppointmentForConflicts => ({
      id: a.id,
      name: a.name,
      start: a.scheduledDate,
      end: addMinutes(a.scheduledDate, a.durationMinutes),
    })),
  };
}

/** The name shown for an account that can be assigned (ADR 026); a deleted or unknown one is a 400 on `assignedTo`. */
async function assigneeShownName(sql: Queryable, id: string): Promise<string> {
  const [row] = await sql<{ name: string }[]>`SELECT coalesce(display_name, username) AS name FROM users WHERE id = ${id}`;
  if (!row) throw badInput([{ path: "assignedTo", message: ASSIGNEE_NOT_FOUND }]);
  return row.name;
}

// ---------------------------------------------------------------------------------------------
// Booking

/** The field names differ between the two doors only in their messages. */
export interface BookingMessages {
  phone: string;
}

/** A booking: what is booked, by whom, in which zone, and where its side effects go. */
export interface BookingCall {
  sql: Sql;
  input: BookingRequest;
  actor: Actor & Viewer;
  /** The business time zone the date and time are read in. */
  zone: string;
  /** What "today" and "past" are judged against (default: the clock). */
  now?: Date;
  /** Queues the booking's Google Calendar push, in its transaction (default: none). */
  pushes?: CalendarPushes;
  /** Hears the booking's domain events, in its transaction (default: none). */
  events?: EventSink;
}

/**
 * The zip code written in an address, for a booking that sends none (the Schedule Appointment modal
 * has no zip field): '12 Main St, Asheville, NC 28801' → '28801'. A zip after a state code counts
 * wherever it stands ('…, NC 28801-1234, USA'); otherwise only five digits at the very end, so a
 * five-digit house number ('12345 Old Leicester Hwy, Asheville') is never taken for one.
 */
export function zipFromAddress(address: string | undefined): string | null {
  const text = address ?? "";
  const afterState = [...text.matchAll(/\b[A-Za-z]{2}\.?,?\s+(\d{5})(?:-\d{4})?\b/g)].at(-1)?.[1];
  return afterState ?? /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(text)?.[1] ?? null;
}

/**
 * The instant a booking's date and time stand for, or the reasons it cannot be booked: a date
 * before today (business zone), or a time that does not exist that day (spring-forward gap). An
 * ambiguous time (fall-back) is its first occurrence.
 */
function resolveBookingTime(
  input: Pick<BookingRequest, "appointmentDate" | "appointmentTime" | "durationMinutes">,
  zone: string,
  now: Date,
): Interval | FieldIssue[] {
  const date = parseDate(input.appointmentDate);
  const minutes = parseTime(input.appointmentTime);
  if (!date || minutes === null)
    return [{ path: "appointmentDate", message: "Date must be a real date written yyyy-MM-dd (2000 to 2099)" }];
  if (isBeforeToday(input.appointmentDate, zone, now)) return [{ path: "appointmentDate", message: PAST_DATE_MESSAGE }];
  const resolved = resolveWallTime(date, minutes, zone);
  if (resolved.kind === "nonexistent") {
    return [
      {
        path: "appointmentTime",
        message: `${input.appointmentTime} does not exist on ${input.appointmentDate} in ${zone}: the clocks go forward that night. Choose another time`,
      },
    ];
  }
  return { start: resolved.instant, end: addMinutes(resolved.instant, input.durationMinutes) };
}

interface LockedLead {
  assignedTo: string | null;
  status: string;
  estimatedValue: string | null;
  scheduledDate: Date | null;
  durationMinutes: number;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  notes: string | null;
  priority: string;
  assigneeName: string | null;
}

/**
 * Books an existing lead (`leadId`, also rescheduling it) or a new client, in one transaction:
 * status scheduled, the date, duration and assignee, client fields sent, and the timeline. With
 * conflicts and no `confirm`, nothing is written and the conflicts are returned. A booking queues
 * its Google Calendar push in the same transaction (`pushes`): Google never holds up a booking.
 */
export async function bookAppointment({
  sql,
  input,
  actor,
  zone,
  now = new Date(),
  messages = { phone: "Phone number is required" },
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: BookingCall & { messages?: BookingMessages }): Promise<BookingResult> {
  const leadId = input.leadId || undefined;
  const issues: FieldIssue[] = bookingIssues({ ...input, leadId }, messages.phone);
  const when = resolveBookingTime(input, zone, now);
  if (Array.isArray(when)) issues.push(...when);
  if (issues.length || Array.isArray(when)) throw badInput(issues);

  return transaction(sql, async (tx) => {
    let before: LockedLead | undefined;
    if (leadId) {
      [before] = await tx<LockedLead[]>`
        SELECT l.assigned_to, l.status, l.estimated_value, l.scheduled_date, l.notes, l.priority, u.username AS assignee_name,
               l.duration_minutes, l.name, l.email, l.phone, l.address, l.zip_code, l.service
        FROM leads l LEFT JOIN users u ON u.id = l.assigned_to WHERE l.id = ${leadId} FOR UPDATE OF l`;
      if (!before) throw notFound(LEAD_NOT_FOUND);
    }
    // Rescheduling keeps the appointment with whoever has it, unless the caller says otherwise.
    const assignee = input.assignedTo ?? before?.assignedTo ?? actor.id;
    const assigneeName = await assigneeShownName(tx, assignee);
    // One booking at a time per assignee, so two people cannot both take the same free slot.
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`booking:${assignee}`}))`;

    const conflicts = findConflicts(when, await conflictInputs(tx, assignee, when, leadId, actor), zone);
    // A booking that is not made is an error (409), never a 200 (ADR 020): nothing was written.
    // Booking for a colleague: the message says whose hours, blocks and appointments these are.
    if (conflicts.length > 0 && !input.confirm) {
      throw new ConflictError(notScheduledMessage(conflicts, assignee === actor.id ? undefined : assigneeName), conflicts);
    }

    const write: BookingWrite = { tx, input, when, assignee, actor };
    const { lead, changes } = leadId
      ? await rescheduleLead({ ...write, id: leadId, before: before! })
      : { lead: await insertBookedLead(write), changes: null };
    await pushes.enqueue(tx, lead.id);
    await events.emit(tx, ...bookingEvents(lead, before, changes, assignee));
    return { booked: true, lead, conflicts };
  });
}

/** A new client: lead.created and appointment.booked; a lead booked again: lead.updated and booked or rescheduled. */
function bookingEvents(lead: Lead, before: LockedLead | undefined, changes: string[] | null, assignee: string): DomainEventInput[] {
  if (!before || !changes) return [{ type: "lead.created", leadId: lead.id }, ...appointmentEvent(lead.id, null, lead)];
  return leadChangeEvents(lead.id, before, { ...lead, assignedTo: assignee }, changes);
}

/** What writing a booking needs, whether it makes a new lead or books an existing one. */
interface BookingWrite {
  tx: Queryable;
  input: BookingRequest;
  when: Interval;
  assignee: string;
  actor: Actor;
}

async function insertBookedLead({ tx, input, when, assignee, actor }: BookingWrite): Promise<Lead> {
  const zipCode = blankToNull(input.zipCode) ?? zipFromAddress(input.address);
  const [row] = await tx<LeadRow[]>`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, notes, estimated_value,
                       scheduled_date, duration_minutes, assigned_to)
    VALUES (${input.clientName!}, ${input.email!}, ${input.phone!}, ${input.address!}, ${zipCode}, ${input.service!},
            'scheduled', ${input.priority ?? "medium"}, 'appointment-booking', ${blankToNull(input.notes)},
            ${blankToNull(input.estimatedValue)}, ${when.start}, ${input.durationMinutes}, ${assignee})
    RETURNING ${leadColumns(tx)}`;
  await recordLeadEvents(tx, row!.id, actor, [
    { kind: "created", to: "scheduled" },
    { kind: "schedule", from: null, to: when.start.toISOString() },
  ]);
  return toLead(row!);
}

async function rescheduleLead({
  tx,
  id,
  before,
  input,
  when,
  assignee,
  actor,
}: BookingWrite & { id: string; before: LockedLead }): Promise<{ lead: Lead; changes: string[] }> {
  const changes: Record<string, string | number | Date | null> = {
    status: "scheduled",
    scheduledDate: when.start,
    durationMinutes: input.durationMinutes,
    assignedTo: assignee,
  };
  if (input.clientName !== undefined) changes.name = input.clientName;
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (blankToNull(input.zipCode)) changes.zipCode = blankToNull(input.zipCode);
  if (input.service !== undefined) changes.service = input.service;
  if (input.priority !== undefined) changes.priority = input.priority;
  if (input.notes !== undefined) changes.notes = blankToNull(input.notes);
  if (input.estimatedValue !== undefined) changes.estimatedValue = blankToNull(input.estimatedValue);
  const [after] = await tx<LeadRow[]>`
    UPDATE leads SET ${tx(changes, Object.keys(changes))}, updated_at = now() WHERE id = ${id}
    RETURNING ${leadColumns(tx)}`;
  await recordLeadEvents(tx, id, actor, diffLead(before, after!));
  return { lead: toLead(after!), changes: Object.keys(changes) };
}

/** POST /api/calendar/appointment: the same booking, answered as the Schedule Appointment modal reads it. */
export async function scheduleFromCalendar(call: BookingCall): Promise<CalendarAppointmentResult> {
  // One rule set for both booking calls (ADR 020): the same schema, checks and messages.
  const result = await bookAppointment(call);
  return { success: true, message: calendarMessage(result), lead: result.lead, conflicts: result.conflicts };
}

function calendarMessage({ conflicts }: BookingResult): string {
  const n = conflicts.length;
  return n === 0
    ? "Appointment has been scheduled successfully."
    : `Appointment has been scheduled successfully, over ${n} conflict${n === 1 ? "" : "s"}.`;
}

/**
 * The 409's message: what the time clashes with, and how to book anyway. For someone other than
 * the booker, whose calendar it is: "Not scheduled: Sam Lee's calendar: Overlaps …".
 */
export function notScheduledMessage(conflicts: readonly Conflict[], assigneeName?: string): string {
  const whose = assigneeName ? `${assigneeName}'s calendar: ` : "";
  return `Not scheduled: ${whose}${conflicts.map((c) => c.message).join("; ")}. Send confirm: true to book anyway.`;
}

// ---------------------------------------------------------------------------------------------
// Calendar range, free slots, settings

const DAY_MS = 86_400_000;

/**
 * Appointments and time-block occurrences overlapping [start, end) for the calendar: "mine" is
 * my appointments, the unassigned ones and my blocks; "all" is everyone's. Recurring blocks are
 * expanded here, in the business zone. Other staff members' blocks are busy periods unless the viewer is an admin.
 */
export async function calendarRange(
  sql: Queryable,
  query: { start: string; end: string; scope: "mine" | "all" },
  viewer: Viewer,
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

  const appointments = appointmentRows.map((a): RangeAppointment => ({
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
  viewer: Viewer,
  zone: string,
  now: Date = new Date(),
): Promise<Availability> {
  const me = viewer.id;
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
