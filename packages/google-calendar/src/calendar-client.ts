import { calendar, type calendar_v3 } from "@googleapis/calendar";
import type { Credentials } from "google-auth-library";
import { classifyGoogleError, googleStatus } from "./errors.js";
import { notifiesAttendees, type CalendarEventBody } from "./event-mapping.js";
import { createOAuthClient, toCredentials, toStoredTokens, type StoredTokens } from "./oauth.js";
import type { GoogleSettings } from "./settings.js";

/** An event as the panel and the calendar read it (docs/product.md "Entities and their fields", Calendar event). */
export interface CalendarEventSummary {
  id: string;
  summary: string | null;
  start: { dateTime: string | null; date: string | null; timeZone: string | null };
  end: { dateTime: string | null; date: string | null; timeZone: string | null };
  location: string | null;
  status: string | null;
  htmlLink: string | null;
}

/** What a push did: created or updated the event, and whether Google was asked to e-mail the attendees. */
export interface UpsertOutcome {
  outcome: "created" | "updated";
  sendUpdates: "all" | "none";
}

function summarize(e: calendar_v3.Schema$Event): CalendarEventSummary {
  const time = (t: calendar_v3.Schema$EventDateTime | undefined) => ({
    dateTime: t?.dateTime ?? null,
    date: t?.date ?? null,
    timeZone: t?.timeZone ?? null,
  });
  return {
    id: e.id ?? "",
    summary: e.summary ?? null,
    start: time(e.start),
    end: time(e.end),
    location: e.location ?? null,
    status: e.status ?? null,
    htmlLink: e.htmlLink ?? null,
  };
}

/**
 * The Calendar API for one connection. Retries are off in the client library: the push queue
 * retries with backoff, and a request of the panel answers at once. A refresh of the access token
 * hands the new tokens to `onTokens` (the refresh token merged in: Google omits it on refresh).
 */
export class CalendarClient {
  private readonly api: calendar_v3.Calendar;
  private readonly calendarId: string;

  constructor(settings: GoogleSettings, tokens: StoredTokens, onTokens: (tokens: StoredTokens) => void) {
    const auth = createOAuthClient(settings);
    auth.setCredentials(toCredentials(tokens));
    let current = tokens;
    auth.on("tokens", (credentials: Credentials) => {
      // Copied at once: the library adds to this object after emitting it.
      const merged = toStoredTokens({ ...credentials }, current);
      if (merged) {
        current = merged;
        onTokens(merged);
      }
    });
    this.api = calendar({ version: "v3", auth, rootUrl: settings.endpoints.apiRootUrl, retry: false });
    this.calendarId = settings.calendarId;
  }

  /**
   * Inserts the event under its own id (the client gets the invitation); a taken id (the event
   * exists, or was deleted) is updated instead, which also restores it. An update e-mails the
   * attendees only when the time, place or attendees change or a cancelled event comes back
   * (`notifiesAttendees`, compared with the event as Google has it): a reconnection or a sync
   * that changes nothing for the client sends no new invitation.
   */
  async upsertEvent(event: CalendarEventBody & { id: string }): Promise<UpsertOutcome> {
    try {
      await this.api.events.insert({ calendarId: this.calendarId, sendUpdates: "all", requestBody: event });
      return { outcome: "created", sendUpdates: "all" };
    } catch (error) {
      if (googleStatus(error) !== 409) throw classifyGoogleError(error);
    }
    try {
      const { data: current } = await this.api.events.get({ calendarId: this.calendarId, eventId: event.id });
      const sendUpdates = notifiesAttendees(current, event) ? "all" : "none";
      await this.api.events.update({ calendarId: this.calendarId, eventId: event.id, sendUpdates, requestBody: event });
      return { outcome: "updated", sendUpdates };
    } catch (error) {
      throw classifyGoogleError(error);
    }
  }

  /** Deletes the event; one that is already gone (404, 410) is fine. Answers whether it was there. */
  async deleteEvent(eventId: string): Promise<boolean> {
    try {
      await this.api.events.delete({ calendarId: this.calendarId, eventId, sendUpdates: "all" });
      return true;
    } catch (error) {
      const status = googleStatus(error);
      if (status === 404 || status === 410) return false;
      throw classifyGoogleError(error);
    }
  }

  /** Single events overlapping [timeMin, timeMax) by start time, at most `max`, cancelled ones left out. */
  async listEvents({ timeMin, timeMax, max }: { timeMin: Date; timeMax?: Date | undefined; max: number }): Promise<CalendarEventSummary[]> {
    const out: CalendarEventSummary[] = [];
    let pageToken: string | undefined;
    try {
      do {
        const res = await this.api.events.list({
          calendarId: this.calendarId,
          timeMin: timeMin.toISOString(),
          ...(timeMax ? { timeMax: timeMax.toISOString() } : {}),
          singleEvents: true,
          orderBy: "startTime",
          maxResults: Math.min(250, max - out.length),
          ...(pageToken ? { pageToken } : {}),
        });
        for (const item of res.data.items ?? []) if (item.status !== "cancelled") out.push(summarize(item));
        pageToken = res.data.nextPageToken ?? undefined;
      } while (pageToken && out.length < max);
    } catch (error) {
      throw classifyGoogleError(error);
    }
    return out.slice(0, max);
  }
}
