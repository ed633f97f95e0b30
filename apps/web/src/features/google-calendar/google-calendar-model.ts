import {
  GOOGLE_CALENDAR_CHANNEL,
  GOOGLE_CALENDAR_MESSAGE_TYPE,
  type GoogleCalendarEvent,
  type GoogleCalendarStatus,
  type Lead,
} from "@crawlguard/validators";
import { DATE_FORMAT, formatInZone, parseDateInput, TIME_FORMAT } from "../../lib/business-time";

/*
 * The Google Calendar panel's rules as plain functions (docs/product.md "Screens and routes",
 * Google Calendar; "States and transitions"; "Business constants and limits"; ADR 014).
 */

export { GOOGLE_CALENDAR_CHANNEL, GOOGLE_CALENDAR_MESSAGE_TYPE };

/** docs/product.md "Business constants and limits": the panel lists the next 5 Google events. */
export const UPCOMING_EVENTS_SHOWN = 5;
/** docs/product.md "Business constants and limits": the authorization popup is 500 × 600. */
export const POPUP_SIZE = { width: 500, height: 600 } as const;
/** The popup's window name: a second Connect reuses the open window. */
export const POPUP_NAME = "google-calendar";
/** docs/product.md "Business constants and limits": the popup's closure is checked every second, and the status 1 s after it closes. */
export const POPUP_POLL_MS = 1000;
export const STATUS_RECHECK_MS = 1000;

// ---------------------------------------------------------------------------------------------
// The connection

export type ConnectionState = "connected" | "needs-reconnect" | "not-connected";

/** Which of the panel's states the status is in (docs/product.md "States and transitions", Google Calendar connection). */
export function connectionState(status: Pick<GoogleCalendarStatus, "authenticated" | "needsReconnect">): ConnectionState {
  if (status.authenticated) return "connected";
  return status.needsReconnect ? "needs-reconnect" : "not-connected";
}

/** What a server without a Google OAuth client tells staff, before anyone clicks anything. */
export const NOT_SET_UP_TEXT = "Google Calendar is not set up on this server — ask your administrator.";

/**
 * The tab's promise under its heading, true to the state: it says appointments go to
 * Google only when they do.
 */
export function calendarPromise(status: Pick<GoogleCalendarStatus, "configured" | "authenticated" | "needsReconnect">): string {
  if (!status.configured && !status.authenticated) {
    return "Google Calendar is not set up on this server, so appointments stay in this dashboard and nothing is sent to Google.";
  }
  switch (connectionState(status)) {
    case "connected":
      return "Every appointment booked here goes to the office's Google Calendar, with the client invited and reminders set.";
    case "needs-reconnect":
      return "Appointments booked here wait and go to the office's Google Calendar once the connection is renewed.";
    case "not-connected":
      return "Once Google Calendar is connected, every appointment booked here goes to the office's calendar, with the client invited and reminders set.";
  }
}

/** "1 appointment waiting to be sent to Google", "3 appointments …"; null when none wait. */
export function pendingPushesText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? "appointment" : "appointments"} waiting to be sent to Google`;
}

/** The `features` of window.open: 500 × 600, centred over the dashboard's window. */
export function popupFeatures(screen: { x: number; y: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(screen.x + (screen.width - POPUP_SIZE.width) / 2));
  const top = Math.max(0, Math.round(screen.y + (screen.height - POPUP_SIZE.height) / 2));
  return `width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top},popup=yes`;
}

// ---------------------------------------------------------------------------------------------
// The popup's message

/**
 * What the popup's landing page (GET /oauth/google/callback) tells the dashboard: whether it
 * finished the connection, a sentence for people, and, when it had no session to finish with,
 * Google's code and state for the dashboard to send to `googleCalendar.callback`.
 */
export type PopupResult = { ok: boolean; message: string; code?: string; state?: string };

const isText = (value: unknown): value is string => typeof value === "string";

/** The popup's message, or null when `data` is anything else (another script's message). */
export function parsePopupMessage(data: unknown): PopupResult | null {
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record["type"] !== GOOGLE_CALENDAR_MESSAGE_TYPE || typeof record["ok"] !== "boolean" || !isText(record["message"])) return null;
  const result: PopupResult = { ok: record["ok"], message: record["message"] };
  const code = record["code"];
  const state = record["state"];
  if (isText(code) && isText(state) && code !== "" && state !== "") {
    result.code = code;
    result.state = state;
  }
  return result;
}

/**
 * A `message` event's result when it comes from a page of this origin (the landing page posts
 * to its opener with its own origin as target; anything else is ignored), or null.
 */
export function popupMessageFrom(event: { origin: string; data: unknown }, ownOrigin: string): PopupResult | null {
  if (event.origin !== ownOrigin) return null;
  return parsePopupMessage(event.data);
}

// ---------------------------------------------------------------------------------------------
// Events

/** The event id the server gives a lead's appointment (ADR 014): the uuid's 32 hex digits. */
export function eventIdOfLead(leadId: string): string {
  return leadId.toLowerCase().replaceAll("-", "");
}

/** The ids of the events our own pushes made: every lead's derived id and any id it recorded. */
export function ownEventIds(leads: ReadonlyArray<Pick<Lead, "id" | "googleCalendarEventId">>): Set<string> {
  const ids = new Set<string>();
  for (const lead of leads) {
    ids.add(eventIdOfLead(lead.id));
    if (lead.googleCalendarEventId) ids.add(lead.googleCalendarEventId);
  }
  return ids;
}

/** Google's events that are not our own appointments (those are on the calendar already). */
export function externalEvents<T extends Pick<GoogleCalendarEvent, "id">>(events: readonly T[], ownIds: ReadonlySet<string>): T[] {
  return events.filter((event) => !ownIds.has(event.id));
}

/** The first events to list and how many are left out ("And N more events..."). */
export function upcomingPreview<T>(events: readonly T[], limit = UPCOMING_EVENTS_SHOWN): { shown: T[]; more: number } {
  return { shown: events.slice(0, limit), more: Math.max(0, events.length - limit) };
}

/** docs/product.md "Screens and routes": "And N more events..." under the list ("And 1 more event..." for one). */
export function moreEventsText(more: number): string | null {
  if (more <= 0) return null;
  return `And ${more} more ${more === 1 ? "event" : "events"}...`;
}

/** An event's title ("(No title)" when Google has none, as Google Calendar shows it). */
export function eventTitle(event: Pick<GoogleCalendarEvent, "summary">): string {
  const summary = event.summary?.trim();
  return summary ? summary : "(No title)";
}

/** docs/product.md "Screens and routes": the badge is the default style for a confirmed event, secondary otherwise. */
export function statusBadgeStyle(status: string | null): "default" | "secondary" {
  return status === "confirmed" ? "default" : "secondary";
}

/** "Confirmed", "Tentative"; "Unknown" when Google gave none. */
export function statusLabel(status: string | null): string {
  if (!status) return "Unknown";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

type EventTime = GoogleCalendarEvent["start"];

/** 'MMM d, yyyy' of an all-day event's date ('yyyy-MM-dd'), without any time zone shift. */
function dayOf(date: string): string | null {
  const day = parseDateInput(date);
  if (!day) return null;
  return formatInZone(Date.UTC(day.year, day.month - 1, day.day, 12), DATE_FORMAT, "UTC");
}

/** The day before an all-day event's (exclusive) end date. */
function lastDayOf(endDate: string): string | null {
  const day = parseDateInput(endDate);
  if (!day) return null;
  return formatInZone(Date.UTC(day.year, day.month - 1, day.day - 1, 12), DATE_FORMAT, "UTC");
}

/**
 * When an event is, on the business zone's clock (docs/product.md "Business constants and limits" formats):
 * "Mar 10, 2026 · 9:00 AM – 10:00 AM", "Mar 10, 2026 9:00 PM – Mar 11, 2026 1:00 AM",
 * "Mar 10, 2026 · All day", "Mar 10, 2026 – Mar 12, 2026 · All day".
 */
export function eventWhen(event: { start: EventTime; end: EventTime }, zone: string): string {
  const { start, end } = event;
  if (start.dateTime) {
    const startMs = Date.parse(start.dateTime);
    if (Number.isNaN(startMs)) return "";
    const startDay = formatInZone(startMs, DATE_FORMAT, zone);
    const startTime = formatInZone(startMs, TIME_FORMAT, zone);
    const endMs = end.dateTime ? Date.parse(end.dateTime) : Number.NaN;
    if (Number.isNaN(endMs)) return `${startDay} · ${startTime}`;
    const endDay = formatInZone(endMs, DATE_FORMAT, zone);
    const endTime = formatInZone(endMs, TIME_FORMAT, zone);
    return endDay === startDay ? `${startDay} · ${startTime} – ${endTime}` : `${startDay} ${startTime} – ${endDay} ${endTime}`;
  }
  if (start.date) {
    const first = dayOf(start.date);
    if (!first) return "";
    const last = end.date ? lastDayOf(end.date) : null;
    return last && last !== first ? `${first} – ${last} · All day` : `${first} · All day`;
  }
  return "";
}
