import { z } from "zod";
import { isoInstant } from "./text.js";

/*
 * Google Calendar (docs/product.md §2 "Google Calendar panel", 7 /api/calendar/*, 8; issue #14).
 * The business connects one Google account; every appointment is pushed to its calendar.
 */

/** docs/product.md §9: the panel lists 5 upcoming events; the server answers up to this many. */
export const GOOGLE_UPCOMING_EVENTS_MAX = 50;
/** The most events GET /api/calendar/events/range answers (soonest first). */
export const GOOGLE_RANGE_MAX_EVENTS = 2500;
/** The BroadcastChannel the OAuth popup announces itself on when its opener is out of reach. */
export const GOOGLE_CALENDAR_CHANNEL = "crawlguard-google-calendar";
/** The `type` of the message the OAuth popup posts to its opener (and on the channel). */
export const GOOGLE_CALENDAR_MESSAGE_TYPE = "crawlguard:google-calendar";

export const googleCalendarStatusSchema = z.object({
  /** Connected and usable: the panel shows Connected. */
  authenticated: z.boolean(),
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (and a token key is at hand). */
  configured: z.boolean(),
  /** Why Google Calendar cannot be used on this server, for the Connect button's explanation; null when configured. */
  setupMessage: z.string().nullable(),
  /** The connected Google account's email. */
  account: z.string().nullable(),
  /** The username of whoever connected it. */
  connectedBy: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** Google no longer accepts the connection (revoked, expired): the panel offers Reconnect; pushes wait. */
  needsReconnect: z.boolean(),
  /** Pushes waiting or running. */
  pendingPushes: z.number().int().min(0),
  /** The last failure talking to Google, cleared by the next success. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** The address Google must send people back to: register it in the Google Cloud console. */
  redirectUri: z.string(),
});
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

export const googleAuthUrlSchema = z.object({ authUrl: z.string() });

export const googleCallbackInputSchema = z.object({
  code: z.string().min(1, "code is required").max(4096),
  state: z.string().min(1, "state is required").max(512),
});
export type GoogleCallbackInput = z.infer<typeof googleCallbackInputSchema>;

const eventTimeSchema = z.object({
  dateTime: z.string().nullable(),
  /** All-day events have a date (yyyy-MM-dd) instead. */
  date: z.string().nullable(),
  timeZone: z.string().nullable(),
});

/** docs/product.md §3, Calendar event: id, summary, start.dateTime, location, status, htmlLink (and the end). */
export const googleCalendarEventSchema = z.object({
  id: z.string(),
  summary: z.string().nullable(),
  start: eventTimeSchema,
  end: eventTimeSchema,
  location: z.string().nullable(),
  /** confirmed, tentative (cancelled ones are left out). */
  status: z.string().nullable(),
  htmlLink: z.string().nullable(),
});
export type GoogleCalendarEvent = z.infer<typeof googleCalendarEventSchema>;

/** GET /api/calendar/events/range: ISO 8601 instants with an offset, as GET /api/calendar/range takes them. */
export const googleEventsRangeQuerySchema = z.object({
  startDate: isoInstant(),
  endDate: isoInstant(),
});
export type GoogleEventsRangeQuery = z.infer<typeof googleEventsRangeQuerySchema>;

export const googleMessageSchema = z.object({ message: z.string() });

export const googleSyncResultSchema = z.object({
  message: z.string(),
  /** Future appointments whose event was missing or out of date, now added or updated. */
  pushed: z.number().int().min(0),
  /** Future appointments whose event was already right. */
  upToDate: z.number().int().min(0),
  /** Events removed because their appointment was cancelled (lost) or unscheduled. */
  removed: z.number().int().min(0),
  /** Pushes left to the queue (Google failed, or too many for one request). */
  queued: z.number().int().min(0),
});
export type GoogleSyncResult = z.infer<typeof googleSyncResultSchema>;

export const googleDisconnectResultSchema = z.object({ success: z.literal(true), message: z.string() });
