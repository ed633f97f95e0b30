import type { OnlineBookingView } from "@crawlguard/validators";
import { transaction, type Sql, type TransactionSql } from "@crawlguard/db";
import { DomainError } from "../errors.js";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import { diffLead, type LeadChange } from "../leads/lead-events.js";
import type { Queryable } from "../queryable.js";
import { addMinutes, type Interval } from "../scheduling/index.js";
import { conflict, freePersonFor, lockCrewCalendars, offeredWindow } from "./booking.js";
import { cancelledEvents, rescheduledEvents } from "./events.js";
import { getBookingSettings } from "./settings.js";
import { hashManageToken } from "./tokens.js";
import { bookingOff } from "./window-list.js";
import { windowLabel } from "./windows.js";

/*
 * The homeowner's manage link (/book/{token}): see the booking, move it to another free window,
 * cancel it. The token is looked up by its hash. A cancelled booking keeps its lead and history;
 * the lead loses its date and goes back to new, and the booking can no longer be moved.
 */

export const BOOKING_LINK_NOT_FOUND = "This booking link is not valid. Check the link in your confirmation e-mail.";
export const CANCELLED_CANNOT_MOVE = "This booking was cancelled, so it cannot be moved. Please book a new time.";
export const ALREADY_CANCELLED = "This booking is already cancelled.";

interface BookingRow {
  id: string;
  leadId: string;
  status: "booked" | "cancelled";
  windowStart: Date;
  windowEnd: Date;
  name: string;
  service: string;
  address: string | null;
  zipCode: string | null;
  leadStatus: string;
  scheduledDate: Date | null;
  durationMinutes: number;
  assignedTo: string | null;
  assigneeName: string | null;
}

async function findBooking(sql: Queryable, token: string, { lock = false } = {}): Promise<BookingRow> {
  const hash = hashManageToken(token);
  const rows = lock
    ? await sql<BookingRow[]>`
        SELECT b.id, b.lead_id, b.status, b.window_start, b.window_end, l.name, l.service, l.address, l.zip_code,
               l.status AS lead_status, l.scheduled_date, l.duration_minutes, l.assigned_to,
               (SELECT username FROM users u WHERE u.id = l.assigned_to) AS assignee_name
        FROM online_bookings b JOIN leads l ON l.id = b.lead_id WHERE b.token_hash = ${hash}
        FOR UPDATE OF b, l`
    : await sql<BookingRow[]>`
        SELECT b.id, b.lead_id, b.status, b.window_start, b.window_end, l.name, l.service, l.address, l.zip_code,
               l.status AS lead_status, l.scheduled_date, l.duration_minutes, l.assigned_to, NULL AS assignee_name
        FROM online_bookings b JOIN leads l ON l.id = b.lead_id WHERE b.token_hash = ${hash}`;
  const [row] = rows;
  if (!row) throw new DomainError("not-found", BOOKING_LINK_NOT_FOUND);
  return row;
}

/**
 * The appointment as it stands: the lead's date and length (staff may have moved it), or, once
 * cancelled (by the homeowner, or by staff clearing the date or losing the lead), the window it had.
 */
function current(row: BookingRow): { status: OnlineBookingView["status"]; window: Interval } {
  if (row.status === "booked" && row.scheduledDate && row.leadStatus !== "lost") {
    return { status: "booked", window: { start: row.scheduledDate, end: addMinutes(row.scheduledDate, row.durationMinutes) } };
  }
  return { status: "cancelled", window: { start: row.windowStart, end: row.windowEnd } };
}

function view(row: BookingRow, zone: string): OnlineBookingView {
  const { status, window } = current(row);
  return {
    status,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    label: windowLabel(window, zone),
    name: row.name,
    service: row.service,
    address: row.address,
    zipCode: row.zipCode,
  };
}

/** GET /api/public/booking/{token}. */
export async function viewBooking({ sql, token, zone }: { sql: Queryable; token: string; zone: string }): Promise<OnlineBookingView> {
  return view(await findBooking(sql, token), zone);
}

/** The homeowner's changes go on the lead's timeline without a staff member, as the public contact form's do. */
async function recordHomeownerChanges(tx: TransactionSql, leadId: string, changes: LeadChange[]): Promise<void> {
  for (const c of changes) {
    await tx`
      INSERT INTO lead_events (lead_id, user_id, actor_name, kind, from_value, to_value)
      VALUES (${leadId}, NULL, NULL, ${c.kind}, ${c.from ?? null}, ${c.to ?? null})`;
  }
}

export interface ManageCall {
  sql: Sql;
  token: string;
  zone: string;
  pushes?: CalendarPushes;
  events?: EventSink;
  now?: Date;
}

/**
 * POST /api/public/booking/{token}/reschedule: to another offered window someone bookable is free
 * for (its own time does not count against it). The person it was with keeps it when free then;
 * otherwise it goes to the free person with the fewest appointments that day.
 */
export async function rescheduleBooking(call: ManageCall & { windowStart: string }): Promise<OnlineBookingView> {
  const { sql, token, zone } = call;
  const now = call.now ?? new Date();
  const settings = await getBookingSettings(sql);
  if (!settings.enabled) throw bookingOff();
  const found = await findBooking(sql, token);
  if (current(found).status === "cancelled") throw conflict(CANCELLED_CANNOT_MOVE);
  const window = offeredWindow(settings, call.windowStart, now, zone);

  const row = await transaction(sql, async (tx) => {
    await lockCrewCalendars(tx, settings.bookableUserIds);
    const before = await findBooking(tx, token, { lock: true });
    const was = current(before);
    if (was.status === "cancelled") throw conflict(CANCELLED_CANNOT_MOVE);
    if (was.window.start.getTime() === window.start.getTime() && was.window.end.getTime() === window.end.getTime()) return before;
    const stays =
      before.assignedTo !== null &&
      (await freePersonFor(tx, { settings, window, zone, excludeLeadId: before.leadId, only: before.assignedTo }));
    const assignee = stays ? before.assignedTo : await freePersonFor(tx, { settings, window, zone, excludeLeadId: before.leadId });
    if (!assignee) throw conflict("Sorry, that window was just taken. Please pick another time.");
    const minutes = Math.round((window.end.getTime() - window.start.getTime()) / 60_000);
    const [after] = await tx<{ assigneeName: string | null }[]>`
      UPDATE leads SET scheduled_date = ${window.start}, duration_minutes = ${minutes}, assigned_to = ${assignee}, status = 'scheduled',
        updated_at = now()
      WHERE id = ${before.leadId}
      RETURNING (SELECT username FROM users u WHERE u.id = ${assignee}) AS assignee_name`;
    await tx`UPDATE online_bookings SET window_start = ${window.start}, window_end = ${window.end}, updated_at = now() WHERE id = ${before.id}`;
    const changes = diffLead(
      { status: before.leadStatus, estimatedValue: null, scheduledDate: before.scheduledDate, assigneeName: before.assigneeName },
      { status: "scheduled", estimatedValue: null, scheduledDate: window.start, assigneeName: after!.assigneeName },
    );
    await recordHomeownerChanges(tx, before.leadId, changes);
    const changed = [
      "scheduledDate",
      ...(minutes !== before.durationMinutes ? ["durationMinutes"] : []),
      ...(assignee !== before.assignedTo ? ["assignedTo"] : []),
    ];
    await (call.pushes ?? NO_PUSHES).enqueue(tx, before.leadId);
    await (call.events ?? NO_EVENTS).emit(
      tx,
      ...rescheduledEvents(before.leadId, { from: was.window, to: window, changed, manageToken: token }),
    );
    return findBooking(tx, token);
  });
  return view(row, zone);
}

/**
 * POST /api/public/booking/{token}/cancel: the booking is cancelled and its window free again; the
 * lead keeps its history and loses its date (back to new, for the office to follow up). A booking
 * already cancelled is a 409.
 */
export async function cancelBooking(call: ManageCall): Promise<OnlineBookingView> {
  const { sql, token, zone } = call;
  const row = await transaction(sql, async (tx) => {
    const before = await findBooking(tx, token, { lock: true });
    const was = current(before);
    if (before.status === "cancelled") throw conflict(ALREADY_CANCELLED);
    await tx`UPDATE online_bookings SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = ${before.id}`;
    if (was.status === "booked") {
      await tx`UPDATE leads SET scheduled_date = NULL, status = 'new', updated_at = now() WHERE id = ${before.leadId}`;
      await recordHomeownerChanges(
        tx,
        before.leadId,
        diffLead(
          { status: before.leadStatus, estimatedValue: null, scheduledDate: before.scheduledDate },
          { status: "new", estimatedValue: null, scheduledDate: null },
        ),
      );
      await (call.pushes ?? NO_PUSHES).enqueue(tx, before.leadId);
      await (call.events ?? NO_EVENTS).emit(tx, ...cancelledEvents(before.leadId, was.window));
    }
    return findBooking(tx, token);
  });
  return view(row, zone);
}
