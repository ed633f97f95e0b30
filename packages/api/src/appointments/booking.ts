import {
  bookingIssues,
  type BookingRequest,
  type BookingResult,
  type CalendarAppointmentResult,
  type Conflict,
  type Lead,
} from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { ConflictError, DomainError, type FieldIssue } from "../errors.js";
import { addMinutes, findConflicts, isBeforeToday, parseDate, parseTime, resolveWallTime, type Interval } from "../scheduling/index.js";
import { appointmentEvent, leadChangeEvents, NO_EVENTS, type DomainEventInput, type EventSink } from "../domain-events.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import type { Actor } from "../leads/lead-events.js";
import { LEAD_NOT_FOUND } from "../leads/leads.js";
import { badInput, notFound } from "../scheduling/errors.js";
import { assigneeShownName, conflictInputs, type Viewer } from "./clashes.js";
import { insertBookedLead, rescheduleLead, type BookingWrite, type LockedLead } from "./booking-writes.js";
import { leadScope, leadScopeCondition, type Viewer as AccessViewer } from "../users/access.js";

/*
 * The booking rule: a booking checks the assignee's working hours, time blocks and other
 * appointments (clashes.ts); it books only when there is no conflict or the caller confirms
 * ("Book anyway"). ADR 009 records the rules.
 */

export const PAST_DATE_MESSAGE = "Appointment date cannot be in the past";
/** A crew member books only the leads assigned to them, for themselves (users/access.ts). */
export const CREW_BOOKS_OWN = "A crew member books only leads assigned to them, for themselves";

/** The field names differ between the two doors only in their messages. */
export interface BookingMessages {
  phone: string;
}

/** A booking: what is booked, by whom, in which zone, and where its side effects go. */
export interface BookingCall {
  sql: Sql;
  input: BookingRequest;
  actor: Actor & Viewer & AccessViewer;
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
  if (actor.role === "crew" && (!leadId || (input.assignedTo !== undefined && input.assignedTo !== actor.id))) {
    throw new DomainError("forbidden", CREW_BOOKS_OWN);
  }

  return transaction(sql, async (tx) => {
    let before: LockedLead | undefined;
    if (leadId) {
      [before] = await tx<LockedLead[]>`
        SELECT l.assigned_to, l.status, l.estimated_value, l.scheduled_date, l.notes, l.priority, u.username AS assignee_name,
               l.duration_minutes, l.name, l.email, l.phone, l.address, l.zip_code, l.service
        FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
        WHERE l.id = ${leadId} AND ${leadScopeCondition(tx, leadScope(actor), "l.assigned_to")} FOR UPDATE OF l`;
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
