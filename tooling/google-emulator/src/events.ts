import { calendarError } from "./errors.js";
import { isLocalDateTime, isTimeZone, parseDate, parseLocalDateTime, parseTimestamp } from "./time.js";

export type JsonObject = Record<string, unknown>;

export interface EventDateTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export type EventStatus = "confirmed" | "tentative" | "cancelled";

/** An event as the Calendar API answers it; fields the emulator does not interpret are kept as sent. */
export interface CalendarEvent {
  kind: "calendar#event";
  etag: string;
  id: string;
  status: EventStatus;
  htmlLink: string;
  created: string;
  updated: string;
  creator: { email: string; self: boolean };
  organizer: { email: string; self: boolean };
  start: EventDateTime;
  end: EventDateTime;
  iCalUID: string;
  sequence: number;
  reminders: { useDefault: boolean; overrides?: { method: string; minutes: number }[] };
  eventType: string;
  /** Fields as Google defines them: attendees are checked, the others kept as sent. */
  summary?: string;
  description?: string;
  location?: string;
  attendees?: { email: string; [field: string]: unknown }[];
  [field: string]: unknown;
}

/** The client-writable fields of an event body, checked, and the instants its start and end stand for. */
export interface ValidatedEvent {
  fields: JsonObject;
  start: number;
  end: number;
}

/** Fields the server sets; a client sending them is ignored, as by Google. */
const SERVER_FIELDS = new Set([
  "kind",
  "etag",
  "id",
  "htmlLink",
  "created",
  "updated",
  "creator",
  "organizer",
  "iCalUID",
  "sequence",
  "hangoutLink",
]);
const STATUSES: readonly unknown[] = ["confirmed", "tentative", "cancelled"];
const REMINDER_METHODS: readonly unknown[] = ["email", "popup"];
/** Google's rule for client-chosen ids: base32hex characters (a–v, 0–9), 5 to 1024 of them. */
const EVENT_ID = /^[a-v0-9]{5,1024}$/;
/** Four weeks: the longest reminder Google allows. */
const MAX_REMINDER_MINUTES = 40_320;

/** Whether a JSON value is an object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string) {
  return calendarError(400, "invalid", message);
}

/** Checks an event id a client chose against Google's rules; 400 invalid otherwise. */
export function checkEventId(id: unknown): string {
  if (typeof id !== "string" || !EVENT_ID.test(id)) throw invalid("Invalid resource id value.");
  return id;
}

function checkTime(value: unknown, which: "start" | "end"): { time: EventDateTime; instant: number; allDay: boolean } {
  const { date, dateTime, timeZone } = isObject(value) ? value : {};
  if (date == null && dateTime == null) throw calendarError(400, "required", `Missing ${which} time.`);
  if (timeZone != null && (typeof timeZone !== "string" || !isTimeZone(timeZone))) {
    throw invalid(`Invalid time zone definition for ${which} time.`);
  }
  const zone = typeof timeZone === "string" ? { timeZone } : {};
  if (date != null) {
    const instant = typeof date === "string" && dateTime == null ? parseDate(date) : null;
    if (instant === null) throw invalid(`Invalid ${which} time.`);
    return { time: { date: date as string, ...zone }, instant, allDay: true };
  }
  if (typeof dateTime !== "string") throw invalid(`Invalid ${which} time.`);
  if (isLocalDateTime(dateTime)) {
    if (typeof timeZone !== "string") throw calendarError(400, "required", `Missing time zone definition for ${which} time.`);
    return { time: { dateTime, timeZone }, instant: parseLocalDateTime(dateTime, timeZone), allDay: false };
  }
  const instant = parseTimestamp(dateTime);
  if (instant === null) throw invalid(`Invalid ${which} time.`);
  return { time: { dateTime, ...zone }, instant, allDay: false };
}

function checkAttendees(value: unknown): JsonObject[] {
  if (!Array.isArray(value)) throw invalid("Invalid attendees.");
  return value.map((attendee: unknown) => {
    if (!isObject(attendee) || typeof attendee.email !== "string" || !attendee.email.includes("@")) {
      throw invalid("Invalid attendee email.");
    }
    return { responseStatus: "needsAction", ...attendee };
  });
}

function checkReminders(value: unknown): CalendarEvent["reminders"] {
  if (!isObject(value)) throw invalid("Invalid reminders.");
  const overrides = value.overrides ?? [];
  const valid = (o: unknown) =>
    isObject(o) &&
    REMINDER_METHODS.includes(o.method) &&
    Number.isInteger(o.minutes) &&
    (o.minutes as number) >= 0 &&
    (o.minutes as number) <= MAX_REMINDER_MINUTES;
  if (!Array.isArray(overrides) || !overrides.every(valid)) throw invalid("Invalid reminder override.");
  const useDefault = value.useDefault === true;
  if (useDefault && overrides.length > 0) {
    throw calendarError(
      400,
      "cannotUseDefaultRemindersAndSpecifyOverride",
      "Cannot specify both default reminders and overrides at the same time.",
    );
  }
  return { useDefault, ...(overrides.length > 0 ? { overrides: overrides as { method: string; minutes: number }[] } : {}) };
}

/**
 * Checks an event body as events.insert/update do and keeps its client-writable fields: start
 * and end required, both dates or both date-times, end not before start ("The specified time
 * range is empty."), a known status, attendees with an email, reminders Google would accept.
 * Null fields count as absent; server-managed fields are dropped.
 */
export function validateEvent(body: unknown): ValidatedEvent {
  if (!isObject(body)) throw calendarError(400, "parseError", "Parse Error");
  const fields = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== null && !SERVER_FIELDS.has(key)));
  const end = checkTime(fields.end, "end");
  const start = checkTime(fields.start, "start");
  if (start.allDay !== end.allDay) throw calendarError(400, "invalid", "Start and end times must either both be date or both be dateTime.");
  if (end.instant < start.instant || (end.allDay && end.instant === start.instant)) {
    throw calendarError(400, "timeRangeEmpty", "The specified time range is empty.", {
      domain: "calendar",
      location: "end.dateTime",
      locationType: "parameter",
    });
  }
  if (fields.status !== undefined && !STATUSES.includes(fields.status))
    throw invalid(`Invalid value for status: ${typeof fields.status === "string" ? fields.status : JSON.stringify(fields.status)}`);
  if (fields.attendees !== undefined) fields.attendees = checkAttendees(fields.attendees);
  if (fields.reminders !== undefined) fields.reminders = checkReminders(fields.reminders);
  return { fields: { ...fields, start: start.time, end: end.time }, start: start.instant, end: end.instant };
}

/**
 * Applies a patch body the way Google's patch semantics do: fields present replace, nested
 * objects merge, arrays are replaced whole, `null` clears a field.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const merged: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = mergePatch(merged[key], value);
  }
  return merged;
}

/** The free-text search of events.list `q`: every word appears in the summary, description, location or an attendee. */
export function matchesText(event: CalendarEvent, q: string): boolean {
  const attendees = Array.isArray(event.attendees) ? (event.attendees as JsonObject[]) : [];
  const text = [event.summary, event.description, event.location, ...attendees.flatMap((a) => [a.email, a.displayName])]
    .filter((part): part is string => typeof part === "string")
    .join(" ")
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
