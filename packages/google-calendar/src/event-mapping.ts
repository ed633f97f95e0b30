import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import type { calendar_v3 } from "@googleapis/calendar";
import { format } from "date-fns";

/**
 * What an appointment's event is made of: a booked lead, read by the push, and the company. The
 * client is invited to the event and sees all of it, so it carries only what the product's "Rich
 * Details" names (client info, service, location) and the company's phone: never the lead's
 * notes (staff's own remarks) or its estimated value. Neither is a field here, so
 * no caller can put them in.
 */
export interface AppointmentForEvent {
  leadId: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  /** The service as people read it ("Crawl Space Encapsulation"). */
  serviceLabel: string;
  start: Date;
  durationMinutes: number;
  /** Who the client is dealing with, and the number to call about the appointment. */
  company: { name: string; phone: string };
}

export type CalendarEventBody = calendar_v3.Schema$Event;

/** docs/product.md "Business constants and limits": reminders 24 hours and 30 minutes before, by email and on screen. */
export const REMINDER_MINUTES = [1440, 30] as const;

/**
 * The event id of a lead's appointment: its uuid's 32 hex digits. Google's client-chosen ids are
 * base32hex (0-9, a-v), 5 to 1024 characters; hex digits are a subset. The same lead always gives
 * the same id, so a retry or a second "Add to Google" finds the event instead of duplicating it.
 */
export function eventIdForLead(leadId: string): string {
  const hex = leadId.toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`Not a uuid: ${leadId}`);
  return hex;
}

const BASE32HEX_ID = /^[0-9a-v]{5,1024}$/;
export function isValidEventId(id: string): boolean {
  return BASE32HEX_ID.test(id);
}

/** `2026-03-08T03:30:00-04:00`: the instant as a wall-clock time in `zone`, with that zone's offset then. */
export function zonedDateTime(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

function descriptionOf(a: AppointmentForEvent): string {
  const lines = [
    `Client: ${a.name}`,
    a.phone ? `Phone: ${a.phone}` : null,
    `Email: ${a.email}`,
    a.address ? `Address: ${a.address}${a.zipCode && !a.address.includes(a.zipCode) ? ` ${a.zipCode}` : ""}` : null,
    `Service: ${a.serviceLabel}`,
    `\nQuestions or changes: call ${a.company.name} at ${a.company.phone}.`,
  ];
  return lines.filter((l): l is string => l !== null).join("\n");
}

/**
 * The Google Calendar event of an appointment: summary, client details, service and the company's
 * phone, the address as location, start and end in the business time zone (the end is the start plus the
 * appointment's duration, as instants, so a DST change inside it is counted right), the client as
 * attendee, and reminders 24 hours and 30 minutes before. `status: confirmed` brings back an event
 * someone deleted in Google (its id stays taken).
 */
export function eventFromAppointment(a: AppointmentForEvent, timeZone: string): CalendarEventBody {
  const end = new Date(a.start.getTime() + a.durationMinutes * 60_000);
  return {
    id: eventIdForLead(a.leadId),
    summary: `${a.serviceLabel} — ${a.name}`,
    description: descriptionOf(a),
    location: a.address ?? undefined,
    start: { dateTime: zonedDateTime(a.start, timeZone), timeZone },
    end: { dateTime: zonedDateTime(end, timeZone), timeZone },
    attendees: [{ email: a.email, displayName: a.name }],
    reminders: {
      useDefault: false,
      overrides: REMINDER_MINUTES.flatMap((minutes) => [
        { method: "email", minutes },
        { method: "popup", minutes },
      ]),
    },
    status: "confirmed",
    extendedProperties: { private: { crawlguardLeadId: a.leadId } },
  };
}

/** The instant a Google date-time stands for (offsets written differently compare equal). */
function instantOf(t: CalendarEventBody["start"]): string | null {
  if (!t) return null;
  if (t.dateTime) {
    const ms = Date.parse(t.dateTime);
    return Number.isNaN(ms) ? t.dateTime : new Date(ms).toISOString();
  }
  return t.date ?? null;
}

const attendeeEmails = (e: CalendarEventBody) =>
  (e.attendees ?? [])
    .map((a) => a.email?.trim().toLowerCase() ?? "")
    .filter(Boolean)
    .sort()
    .join(",");

/**
 * Whether updating `before` (the event as Google has it) to `after` is news for the client: the
 * time, the place or the attendees changed, or the event was cancelled and comes back. Only then
 * does the push ask Google to e-mail the attendees (sendUpdates "all"); a reconnection, a sync or
 * a change of the description alone updates silently ("none").
 */
export function notifiesAttendees(before: CalendarEventBody, after: CalendarEventBody): boolean {
  return (
    before.status === "cancelled" ||
    instantOf(before.start) !== instantOf(after.start) ||
    instantOf(before.end) !== instantOf(after.end) ||
    (before.location ?? "").trim() !== (after.location ?? "").trim() ||
    attendeeEmails(before) !== attendeeEmails(after)
  );
}

/** A fingerprint of what was pushed: a lead whose event would differ from it is stale. */
export function eventFingerprint(event: CalendarEventBody): string {
  return createHash("sha256").update(JSON.stringify(event)).digest("hex").slice(0, 32);
}
