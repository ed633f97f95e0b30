import { calendarError } from "./errors.js";
import {
  checkEventId,
  isObject,
  matchesText,
  mergePatch,
  validateEvent,
  type CalendarEvent,
  type EventDateTime,
  type JsonObject,
  type ValidatedEvent,
} from "./events.js";
import { randomEventId } from "./ids.js";
import { parseTimestamp } from "./time.js";

/** An event in the emulator's state report, with the `sendUpdates` of its last write (null when not sent). */
export interface StoredEvent {
  calendarId: string;
  sendUpdates: string | null;
  event: CalendarEvent;
}

interface EventRecord extends StoredEvent {
  /** The instants the event starts and ends, for the time filters and ordering of events.list. */
  start: number;
  end: number;
}

/** Who writes, where the emulator is, and the write's `sendUpdates` parameter. */
export interface WriteContext {
  account: string;
  baseUrl: string;
  sendUpdates: string | null;
}

const DEFAULT_PAGE_SIZE = 250;
const MAX_PAGE_SIZE = 2500;
/** The time zone of every emulated calendar: all-day dates start at midnight UTC. */
const TIME_ZONE = "UTC";

const notFound = () => calendarError(404, "notFound", "Not Found");

/** The `eid` of an event's htmlLink, as Google makes it: base64 of "eventId calendarId". */
export function encodeEid(eventId: string, calendarId: string): string {
  return Buffer.from(`${eventId} ${calendarId}`).toString("base64url");
}

function timeBound(query: URLSearchParams, name: string): number | null {
  const value = query.get(name);
  if (value === null) return null;
  const instant = parseTimestamp(value);
  if (instant === null) throw calendarError(400, "badRequest", "Bad Request", { location: name, locationType: "parameter" });
  return instant;
}

function pageSize(value: string | null): number {
  if (value === null) return DEFAULT_PAGE_SIZE;
  const size = /^\d+$/.test(value) ? Number(value) : 0;
  if (size < 1) {
    throw calendarError(400, "invalid", `Invalid value '${value}'. Values must be within the range: [1, ${MAX_PAGE_SIZE}]`, {
      location: "maxResults",
      locationType: "parameter",
    });
  }
  return Math.min(size, MAX_PAGE_SIZE);
}

function pageOffset(token: string | null): number {
  if (token === null) return 0;
  const match = /^o(\d+)$/.exec(Buffer.from(token, "base64url").toString());
  if (!match) throw calendarError(400, "invalid", "Invalid page token value.", { location: "pageToken", locationType: "parameter" });
  return Number(match[1]);
}

/** The calendars of the emulated accounts and their events, in memory. A calendar exists once it is used. */
export class CalendarStore {
  #calendars = new Map<string, Map<string, EventRecord>>();
  #writes = 0;

  #events(calendarId: string): Map<string, EventRecord> {
    let events = this.#calendars.get(calendarId);
    if (!events) {
      events = new Map();
      this.#calendars.set(calendarId, events);
    }
    return events;
  }

  #record(calendarId: string, eventId: string): EventRecord {
    const record = this.#calendars.get(calendarId)?.get(eventId);
    if (!record) throw notFound();
    return record;
  }

  #etag(): string {
    this.#writes += 1;
    return `"${Date.now()}${String(this.#writes).padStart(6, "0")}"`;
  }

  #save(
    calendarId: string,
    id: string,
    { fields, start, end }: ValidatedEvent,
    ctx: WriteContext,
    previous: CalendarEvent | { iCalUID: string },
  ): CalendarEvent {
    const now = new Date().toISOString();
    const before = "sequence" in previous ? previous : undefined;
    const moved =
      before && JSON.stringify([before.start, before.end, before.location]) !== JSON.stringify([fields.start, fields.end, fields.location]);
    const event: CalendarEvent = {
      kind: "calendar#event",
      etag: this.#etag(),
      id,
      status: "confirmed",
      htmlLink: `${ctx.baseUrl}/calendar/event?eid=${encodeEid(id, calendarId)}`,
      created: before?.created ?? now,
      updated: now,
      ...fields,
      creator: before?.creator ?? { email: ctx.account, self: true },
      organizer: { email: calendarId, self: true },
      start: fields.start as EventDateTime,
      end: fields.end as EventDateTime,
      iCalUID: previous.iCalUID,
      sequence: before ? before.sequence + (moved ? 1 : 0) : 0,
      reminders: (fields.reminders as CalendarEvent["reminders"] | undefined) ?? { useDefault: true },
      eventType: typeof fields.eventType === "string" ? fields.eventType : "default",
    };
    this.#events(calendarId).set(id, { calendarId, event, sendUpdates: ctx.sendUpdates, start, end });
    return event;
  }

  /**
   * events.insert. A client-chosen `id` must follow Google's rules and must not have been used in
   * this calendar, not even by a deleted event (409 duplicate).
   */
  insert(calendarId: string, body: unknown, ctx: WriteContext): CalendarEvent {
    const id = isObject(body) && body.id != null ? checkEventId(body.id) : randomEventId();
    const validated = validateEvent(body);
    if (this.#events(calendarId).has(id)) throw calendarError(409, "duplicate", "The requested identifier already exists.");
    const iCalUID = isObject(body) && typeof body.iCalUID === "string" ? body.iCalUID : `${id}@google.com`;
    return this.#save(calendarId, id, validated, ctx, { iCalUID });
  }

  /** events.get: deleted events too, with status "cancelled", as Google answers them. */
  get(calendarId: string, eventId: string): CalendarEvent {
    return this.#record(calendarId, eventId).event;
  }

  /** events.update: replaces the event's fields; a deleted event comes back ("confirmed" unless the body says otherwise). */
  update(calendarId: string, eventId: string, body: unknown, ctx: WriteContext): CalendarEvent {
    const record = this.#record(calendarId, eventId);
    return this.#save(calendarId, eventId, validateEvent(body), ctx, record.event);
  }

  /** events.patch: merges the body into the event (see mergePatch) and checks the result as an update. */
  patch(calendarId: string, eventId: string, body: unknown, ctx: WriteContext): CalendarEvent {
    const record = this.#record(calendarId, eventId);
    if (!isObject(body)) throw calendarError(400, "parseError", "Parse Error");
    return this.#save(calendarId, eventId, validateEvent(mergePatch(record.event, body)), ctx, record.event);
  }

  /** events.delete: the event stays, cancelled (its id stays taken); deleting it again is 410 deleted. */
  remove(calendarId: string, eventId: string, sendUpdates: string | null): void {
    const record = this.#record(calendarId, eventId);
    if (record.event.status === "cancelled") throw calendarError(410, "deleted", "Resource has been deleted");
    record.event = { ...record.event, status: "cancelled", updated: new Date().toISOString(), etag: this.#etag() };
    record.sendUpdates = sendUpdates;
  }

  /**
   * events.list: `timeMin` (exclusive, against the end) and `timeMax` (exclusive, against the
   * start) keep the events overlapping the window; `orderBy=startTime` needs `singleEvents=true`;
   * cancelled events only with `showDeleted=true`; `q` free text; `maxResults`/`pageToken` paging.
   */
  list(calendarId: string, query: URLSearchParams): JsonObject {
    const orderBy = query.get("orderBy");
    if (orderBy !== null && orderBy !== "startTime" && orderBy !== "updated") {
      throw calendarError(400, "invalid", `Invalid value for orderBy: ${orderBy}`, { location: "orderBy", locationType: "parameter" });
    }
    if (orderBy === "startTime" && query.get("singleEvents") !== "true") {
      throw calendarError(400, "badRequest", "The requested ordering is not available for the particular query.");
    }
    const timeMin = timeBound(query, "timeMin");
    const timeMax = timeBound(query, "timeMax");
    if (timeMin !== null && timeMax !== null && timeMax < timeMin) {
      throw calendarError(400, "timeRangeEmpty", "The specified time range is empty.", {
        domain: "calendar",
        location: "timeMax",
        locationType: "parameter",
      });
    }
    const size = pageSize(query.get("maxResults"));
    const offset = pageOffset(query.get("pageToken"));
    const q = query.get("q");
    const showDeleted = query.get("showDeleted") === "true";
    const all = [...(this.#calendars.get(calendarId)?.values() ?? [])];
    const records = all.filter(
      (r) =>
        (showDeleted || r.event.status !== "cancelled") &&
        (timeMin === null || r.end > timeMin) &&
        (timeMax === null || r.start < timeMax) &&
        (!q || matchesText(r.event, q)),
    );
    if (orderBy === "startTime") records.sort((a, b) => a.start - b.start);
    if (orderBy === "updated") records.sort((a, b) => a.event.updated.localeCompare(b.event.updated));
    const updated = all.reduce((latest, r) => (r.event.updated > latest ? r.event.updated : latest), new Date(0).toISOString());
    const next = offset + size;
    return {
      kind: "calendar#events",
      etag: `"p${Date.parse(updated)}"`,
      summary: calendarId,
      updated,
      timeZone: TIME_ZONE,
      accessRole: "owner",
      defaultReminders: [],
      ...(next < records.length ? { nextPageToken: Buffer.from(`o${next}`).toString("base64url") } : {}),
      items: records.slice(offset, next).map((r) => r.event),
    };
  }

  /** calendars.get: the calendar's metadata (it is created if it was never used). */
  calendar(calendarId: string): JsonObject {
    this.#events(calendarId);
    return { kind: "calendar#calendar", id: calendarId, summary: calendarId, timeZone: TIME_ZONE };
  }

  /** The event an htmlLink `eid` points at, if any. */
  findByEid(eid: string): StoredEvent | undefined {
    const [eventId = "", calendarId = ""] = Buffer.from(eid, "base64url").toString().split(" ");
    return this.#calendars.get(calendarId)?.get(eventId);
  }

  /** Every event of every calendar, deleted ones included, as copies. */
  snapshot(): StoredEvent[] {
    return [...this.#calendars.values()].flatMap((events) =>
      [...events.values()].map(({ calendarId, sendUpdates, event }) => ({ calendarId, sendUpdates, event: structuredClone(event) })),
    );
  }

  /** Forgets every calendar and event. */
  reset(): void {
    this.#calendars = new Map();
  }
}
