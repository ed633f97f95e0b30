import { z } from "zod";
import { isoInstant } from "./text.js";

/*
 * Google Calendar (docs/product.md "Google Calendar", "The calls it makes" /api/calendar/*, "Error
 * catalogue"; ADR 014).
 * The business connects one Google account; every appointment is pushed to its calendar.
 */

/** docs/product.md "Business constants and limits": the panel lists 5 upcoming events; the server answers up to this many. */
export const GOOGLE_UPCOMING_EVENTS_MAX = 50;
/** The most events GET /api/calendar/events/range answers (soonest first). */
export const GOOGLE_RANGE_MAX_EVENTS = 2500;
/** The BroadcastChannel the OAuth popup announces itself on when its opener is out of reach. */
export const GOOGLE_CALENDAR_CHANNEL = "crawlguard-google-calendar";
/** The `type` of the message the OAuth popup posts to its opener (and on the channel). */
export const GOOGLE_CALENDAR_MESSAGE_TYPE = "crawlguard:google-calendar";

export const googleCalendarStatusSchema = z
  .object({
    authenticated: z.boolean().meta({ description: "Connected and usable: the panel shows Connected." }),
    configured: z
      .boolean()
      .meta({ description: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (and a token key is at hand) on this server." }),
    setupMessage: z.string().nullable().meta({
      description: "Why Google Calendar cannot be used on this server, for the Connect button's explanation; null when configured.",
    }),
    account: z.string().nullable().meta({ description: "The connected Google account's email address." }),
    connectedBy: z.string().nullable().meta({ description: "The username of the admin who connected it." }),
    connectedAt: z.string().nullable().meta({ description: "When it was connected (ISO 8601)." }),
    needsReconnect: z
      .boolean()
      .meta({ description: "Google no longer accepts the connection (revoked, expired): an admin must reconnect; pushes wait." }),
    pendingPushes: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Appointment changes waiting to be pushed to Google Calendar, or being pushed." }),
    lastError: z.string().nullable().meta({ description: "The last failure talking to Google, cleared by the next success." }),
    lastErrorAt: z.string().nullable().meta({ description: "When that failure happened (ISO 8601)." }),
    redirectUri: z
      .string()
      .meta({ description: "The address Google sends people back to after they allow access: register it in the Google Cloud console." }),
  })
  .meta({ id: "CalendarStatus", description: "The business's Google Calendar connection, as the Google Calendar panel shows it." });
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

export const googleAuthUrlSchema = z.object({
  authUrl: z.string().meta({ description: "Google's consent page to open in the authorization popup (500 by 600)." }),
});

export const googleCallbackInputSchema = z.object({
  code: z.string().min(1, "code is required").max(4096).meta({ description: "The authorization code Google added to the redirect URI." }),
  state: z
    .string()
    .min(1, "state is required")
    .max(512)
    .meta({ description: "The state Google sent back with it (ties the code to the auth-url call that started it)." }),
});

const eventTimeSchema = z
  .object({
    dateTime: z.string().nullable().meta({ description: "The instant (ISO 8601); null for an all-day event." }),
    date: z.string().nullable().meta({ description: "The day (yyyy-MM-dd) of an all-day event; null otherwise." }),
    timeZone: z.string().nullable().meta({ description: "The event's time zone, when Google gives one." }),
  })
  .meta({ id: "CalendarEventTime", description: "When a calendar event starts or ends." });

/** docs/product.md "Entities and their fields", Calendar event: id, summary, start.dateTime, location, status, htmlLink (and the end). */
export const googleCalendarEventSchema = z
  .object({
    id: z.string().meta({ description: "The event's Google Calendar id." }),
    summary: z.string().nullable().meta({ description: "The event's title." }),
    start: eventTimeSchema.meta({ description: "When it starts." }),
    end: eventTimeSchema.meta({ description: "When it ends." }),
    location: z.string().nullable().meta({ description: "Where it takes place." }),
    status: z.string().nullable().meta({ description: "confirmed or tentative (cancelled events are left out)." }),
    htmlLink: z.string().nullable().meta({ description: "The event's page in Google Calendar." }),
  })
  .meta({
    id: "CalendarEvent",
    description: "An event of the connected Google Calendar: its id, title, start and end, place, status and link.",
  });
export type GoogleCalendarEvent = z.infer<typeof googleCalendarEventSchema>;

/** GET /api/calendar/events/range: ISO 8601 instants with an offset, as GET /api/calendar/range takes them. */
export const googleEventsRangeQuerySchema = z.object({
  startDate: isoInstant().meta({ description: "The range's start, an ISO 8601 instant with an offset." }),
  endDate: isoInstant().meta({ description: "The range's end, an ISO 8601 instant with an offset." }),
});
export type GoogleEventsRangeQuery = z.infer<typeof googleEventsRangeQuerySchema>;

export const googleMessageSchema = z.object({ message: z.string().meta({ description: "What happened, for the toast." }) });

export const googleSyncResultSchema = z
  .object({
    message: z.string().meta({ description: "What the sync did, for the Calendar Sync toast." }),
    pushed: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Future appointments whose event was missing or out of date, now added or updated." }),
    upToDate: z.number().int().min(0).meta({ description: "Future appointments whose event was already right." }),
    removed: z.number().int().min(0).meta({ description: "Events removed because their appointment was cancelled (lost) or unscheduled." }),
    queued: z.number().int().min(0).meta({ description: "Pushes left to the queue (Google failed, or too many for one request)." }),
  })
  .meta({ id: "CalendarSyncResult", description: "What Sync with Google Calendar did." });
export type GoogleSyncResult = z.infer<typeof googleSyncResultSchema>;

export const googleDisconnectResultSchema = z.object({
  success: z.literal(true).meta({ description: "Always true." }),
  message: z.string().meta({ description: "What happened, for the toast." }),
});
