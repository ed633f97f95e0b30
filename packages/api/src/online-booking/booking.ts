import { randomBytes } from "node:crypto";
import { company, contactServiceOptions } from "@crawlguard/content";
import { blankToNull, type OnlineBookingRequest, type OnlineBookingResult } from "@crawlguard/validators";
import { transaction, type Sql, type TransactionSql } from "@crawlguard/db";
import type { ApiConfig } from "../context.js";
import { clientKey } from "../client-key.js";
import { badInput, DomainError, rateLimited } from "../errors.js";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import type { Logger } from "../logger.js";
import { takeHit } from "../rate-limit.js";
import { startOfDay, addDays as addCalendarDays, wallParts, type Interval } from "../scheduling/index.js";
import { CONTACT_RATE_WINDOW_MS } from "../submissions/contact.js";
import { readCrewCalendars } from "./crew-calendars.js";
import { bookedEvents, ONLINE_BOOKING_SOURCE } from "./events.js";
import { getBookingSettings, type StoredBookingSettings } from "./settings.js";
import { manageUrlOf, newManageToken } from "./tokens.js";
import { assertServed, bookingOff } from "./window-list.js";
import { candidateWindows, chooseAssignee, freeWindows, windowLabel } from "./windows.js";

/*
 * A homeowner books a window (ADR 036): the contact form's spam signals and per-address limit, the
 * service area, then one transaction that locks every bookable person's calendar (the same lock a
 * staff booking takes for its assignee), checks again who is free for the whole window, and writes
 * the lead, its appointment and the manage link's hash. Of several bookings racing for the last
 * place in a window, on any number of server instances, exactly one finds it free.
 */

export const NOT_OFFERED_MESSAGE = "That time is not one of the windows offered. Please pick one of the times listed.";
export const WINDOW_TAKEN_MESSAGE = "Sorry, that window was just taken. Please pick another time.";
export const ALREADY_BOOKED_MESSAGE =
  "You already have this window booked. Your confirmation e-mail has the link to see, move or cancel it.";
export const SERVICE_CHOICE_MESSAGE = "Choose one of the services listed";

/** The services a homeowner picks from (the contact form's list: the site's services and Other). */
export const BOOKABLE_SERVICES = contactServiceOptions;

export const conflict = (message: string) => new DomainError("conflict", message);

export function bookedMessage(label: string): string {
  return `You're booked: ${label}. We've e-mailed your confirmation with a link to change or cancel it.`;
}

export interface BookOnlineCall {
  sql: Sql;
  input: OnlineBookingRequest;
  zone: string;
  /** The client's address: the per-address limit counts it (an IPv6 client by its /64). */
  ip: string;
  /** Where the manage link points (PUBLIC_URL, or the address the request came to). */
  origin: string;
  config: Pick<ApiConfig, "contactMinElapsedMs" | "contactRateLimit">;
  log: Logger;
  pushes?: CalendarPushes;
  events?: EventSink;
  now?: Date;
}

/** The contact form's spam signals, read the same way (submissions/contact.ts). */
function spamSignal(input: OnlineBookingRequest, minElapsedMs: number): "honeypot" | "too-fast" | null {
  if (input.botTrap?.trim()) return "honeypot";
  if (input.elapsedMs !== undefined && input.elapsedMs < minElapsedMs) return "too-fast";
  return null;
}

/** The offered window starting at `windowStart`, or a 409. */
export function offeredWindow(settings: StoredBookingSettings, windowStart: string, now: Date, zone: string): Interval {
  const start = Date.parse(windowStart);
  const window = candidateWindows(settings, now, zone).find((w) => w.start.getTime() === start);
  if (!window) throw conflict(NOT_OFFERED_MESSAGE);
  return window;
}

/**
 * Locks the calendars of the bookable crew for the rest of the transaction: the advisory lock a
 * staff booking takes for its assignee (appointments/booking.ts), so neither can book over the other. Taken
 * in the order of the locks' own numbers, so two bookings never wait for each other in a circle.
 */
export async function lockCrewCalendars(tx: TransactionSql, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const keys = await tx<{ key: number }[]>`
    SELECT DISTINCT hashtext('booking:' || id) AS key FROM unnest(${[...userIds]}::text[]) AS id ORDER BY key`;
  for (const { key } of keys) await tx`SELECT pg_advisory_xact_lock(${key}::int)`;
}

/** The business day of a window, whole: a person's count of appointments that day decides who gets it. */
export function dayAround(window: Interval, zone: string): Interval {
  const { date } = wallParts(window.start, zone);
  const start = startOfDay(date, zone);
  const end = startOfDay(addCalendarDays(date, 1), zone);
  return { start: start < window.start ? start : window.start, end: end > window.end ? end : window.end };
}

/**
 * Who gets `window`, read inside the transaction: among the bookable crew free for all of it (or
 * only `only`, when that person is bookable and free), the one with the fewest appointments that
 * day; null when nobody is free.
 */
export async function freePersonFor(
  tx: TransactionSql,
  {
    settings,
    window,
    zone,
    excludeLeadId = null,
    only,
  }: { settings: StoredBookingSettings; window: Interval; zone: string; excludeLeadId?: string | null; only?: string },
): Promise<string | null> {
  const ids = only === undefined ? settings.bookableUserIds : settings.bookableUserIds.filter((id) => id === only);
  const crew = await readCrewCalendars(tx, ids, dayAround(window, zone), { excludeLeadId });
  const [checked] = freeWindows([window], crew, zone);
  return chooseAssignee(window, checked?.free ?? [], crew, zone);
}

/** POST /api/public/booking. */
export async function bookOnline(call: BookOnlineCall): Promise<OnlineBookingResult> {
  const { sql, input, zone, config, log } = call;
  const now = call.now ?? new Date();
  const settings = await getBookingSettings(sql);
  if (!settings.enabled) throw bookingOff();

  const dropped = spamSignal(input, config.contactMinElapsedMs);
  if (dropped) {
    // As the contact form: answered as a booking, nothing stored or sent, so a bot learns nothing.
    log.info({ reason: dropped, elapsedMs: input.elapsedMs }, "online booking dropped");
    const start = new Date(Date.parse(input.windowStart));
    const window = candidateWindows(settings, now, zone).find((w) => w.start.getTime() === start.getTime()) ?? {
      start,
      end: new Date(start.getTime() + 2 * 3_600_000),
    };
    return answer(window, zone, manageUrlOf(call.origin, randomBytes(32).toString("base64url")));
  }

  const hit = await takeHit(sql, "online-booking-ip", clientKey(call.ip), CONTACT_RATE_WINDOW_MS, config.contactRateLimit);
  if (!hit.allowed) {
    log.warn({ ip: call.ip }, "online booking rate-limited");
    throw rateLimited(
      `We have received several bookings from your network in the last few minutes. Please try again later or call us at ${company.phone.display}.`,
      {
        retryAfterSeconds: hit.retryAfterSeconds,
        policy: "booking-address",
        quota: config.contactRateLimit,
        windowSeconds: CONTACT_RATE_WINDOW_MS / 1000,
      },
    );
  }
  if (!BOOKABLE_SERVICES.some((s) => s.value === input.service)) throw badInput([{ path: "service", message: SERVICE_CHOICE_MESSAGE }]);
  assertServed(settings, input.zipCode);
  const window = offeredWindow(settings, input.windowStart, now, zone);
  const { token, hash } = newManageToken();

  const leadId = await transaction(sql, async (tx) => {
    await lockCrewCalendars(tx, settings.bookableUserIds);
    const [mine] = await tx`
      SELECT 1 FROM online_bookings b JOIN leads l ON l.id = b.lead_id
      WHERE b.status = 'booked' AND lower(l.email) = lower(${input.email}) AND l.scheduled_date = ${window.start}`;
    if (mine) throw conflict(ALREADY_BOOKED_MESSAGE);
    const assignee = await freePersonFor(tx, { settings, window, zone });
    if (!assignee) throw conflict(WINDOW_TAKEN_MESSAGE);
    const id = await insertBookedLead(tx, { input, window, assignee });
    await tx`
      INSERT INTO online_bookings (lead_id, token_hash, window_start, window_end) VALUES (${id}, ${hash}, ${window.start}, ${window.end})`;
    await (call.pushes ?? NO_PUSHES).enqueue(tx, id);
    await (call.events ?? NO_EVENTS).emit(tx, ...bookedEvents(id, window, token));
    return id;
  });
  log.info({ leadId }, "booked online");
  return answer(window, zone, manageUrlOf(call.origin, token));
}

function answer(window: Interval, zone: string, manageUrl: string): OnlineBookingResult {
  const label = windowLabel(window, zone);
  return { start: window.start.toISOString(), end: window.end.toISOString(), label, manageUrl, message: bookedMessage(label) };
}

const minutesOf = (window: Interval) => Math.round((window.end.getTime() - window.start.getTime()) / 60_000);

/** The lead a booking makes: scheduled at the window, for its whole length, with who gets it; its timeline says so. */
async function insertBookedLead(
  tx: TransactionSql,
  { input, window, assignee }: { input: OnlineBookingRequest; window: Interval; assignee: string },
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, notes,
                       scheduled_date, duration_minutes, assigned_to)
    VALUES (${input.name}, ${input.email}, ${input.phone}, ${input.address}, ${input.zipCode}, ${input.service},
            'scheduled', 'medium', ${ONLINE_BOOKING_SOURCE}, ${blankToNull(input.message)},
            ${window.start}, ${minutesOf(window)}, ${assignee})
    RETURNING id`;
  const id = row!.id;
  // The homeowner made these: no staff member, as for the public contact form.
  await tx`
    INSERT INTO lead_events (lead_id, user_id, actor_name, kind, from_value, to_value)
    VALUES (${id}, NULL, NULL, 'created', NULL, 'scheduled'), (${id}, NULL, NULL, 'schedule', NULL, ${window.start.toISOString()})`;
  return id;
}
