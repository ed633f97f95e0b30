import { company, getServiceLabel } from "@crawlguard/content";
import {
  eventFingerprint,
  eventFromAppointment,
  eventIdForLead,
  GoogleCalendarError,
  type CalendarClient,
  type CalendarEventSummary,
} from "@crawlguard/google-calendar";
import {
  GOOGLE_RANGE_MAX_EVENTS,
  GOOGLE_UPCOMING_EVENTS_MAX,
  type GoogleCalendarEvent,
  type GoogleEventsRangeQuery,
  type GoogleSyncResult,
} from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { LEAD_NOT_FOUND, type LeadRow } from "../leads/lead-row.js";
import type { Queryable } from "../queryable.js";
import { badInput } from "../scheduling/errors.js";
import { EVENT_ADDED_MESSAGE, GoogleConnection, LOST_LEAD_MESSAGE, NEEDS_RECONNECT_MESSAGE, NO_APPOINTMENT_MESSAGE } from "./connection.js";

export {
  BAD_STATE_MESSAGE,
  EVENT_ADDED_MESSAGE,
  KEY_MISMATCH_MESSAGE,
  LOST_LEAD_MESSAGE,
  NEEDS_RECONNECT_MESSAGE,
  NO_APPOINTMENT_MESSAGE,
  NOT_CONFIGURED_MESSAGE,
  NOT_CONNECTED_MESSAGE,
  type GoogleCalendarOptions,
  type GoogleReadiness,
} from "./connection.js";

/*
 * Google Calendar (ADR 014): the business's one connection, and the push of every
 * appointment to its calendar. A change to an appointment queues a push in the same transaction
 * (the lead is saved whatever Google does); the worker pushes the lead as it is when the push runs.
 */
/** Pushes Sync does itself before leaving the rest to the queue. */
const SYNC_DIRECT_MAX = 50;
/** Jobs the worker claims at a time. */
const WORKER_BATCH = 10;
const DAY_MS = 86_400_000;
/**
 * Lead fields the event is made of: changing any other field queues no push. Notes and the
 * estimated value are not among them: they never leave the building.
 */
const EVENT_FIELDS = new Set(["name", "email", "phone", "address", "zipCode", "service", "scheduledDate", "durationMinutes", "status"]);

/** Queues pushes inside a lead change's transaction (the leads and appointments services call it). */
export interface CalendarPushes {
  /** Queues a push of the lead when a connection exists; `tx` is the change's transaction. */
  enqueue(tx: Queryable, leadId: string): Promise<void>;
}

export const NO_PUSHES: CalendarPushes = { enqueue: () => Promise.resolve() };

/** Whether a lead patch touches what its event shows. */
export function changesEvent(keys: readonly string[]): boolean {
  return keys.some((k) => EVENT_FIELDS.has(k));
}

/** What a push reads of a lead: its stored fields and the hash of what was last sent to Google. */
type PushLeadRow = Pick<
  LeadRow,
  | "id"
  | "name"
  | "email"
  | "phone"
  | "address"
  | "zipCode"
  | "service"
  | "status"
  | "scheduledDate"
  | "durationMinutes"
  | "googleCalendarEventId"
> & { googleCalendarPushedHash: string | null };

type PushOutcome = "pushed" | "removed" | "absent";

/**
 * The Google Calendar side of the server: the connection (connection.ts), reading events, pushing
 * appointments (directly, and through the queue's worker).
 */
export class GoogleCalendar extends GoogleConnection implements CalendarPushes {
  // -------------------------------------------------------------------------------------------
  // Reading events

  /** Upcoming events of the calendar (the panel shows 5). */
  async upcomingEvents(): Promise<GoogleCalendarEvent[]> {
    return this.withGoogle("Could not read Google Calendar", (client) =>
      client.listEvents({ timeMin: new Date(), max: GOOGLE_UPCOMING_EVENTS_MAX }),
    );
  }

  /**
   * Events overlapping [startDate, endDate) for the calendar tab, soonest first (at most 2500).
   * Not connected, or Google failing: an empty list (docs/product.md), the failure recorded for the status.
   */
  async eventsInRange(query: GoogleEventsRangeQuery): Promise<CalendarEventSummary[]> {
    const start = new Date(query.startDate);
    const end = new Date(query.endDate);
    if (end.getTime() <= start.getTime()) throw badInput([{ path: "endDate", message: "endDate must be after startDate" }]);
    if (!this.configured) return [];
    try {
      return await this.withGoogle("Could not read Google Calendar", (client) =>
        client.listEvents({ timeMin: start, timeMax: end, max: GOOGLE_RANGE_MAX_EVENTS }),
      );
    } catch (error) {
      if (error instanceof DomainError) return [];
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Pushing

  async enqueue(tx: Queryable, leadId: string): Promise<void> {
    if (!this.queue) return;
    const [connected] = await tx`SELECT 1 FROM google_calendar_connection`;
    if (!connected) return;
    await this.queue.enqueue(tx, leadId);
  }

  private async readLead(leadId: string): Promise<PushLeadRow | null> {
    const [row] = await this.sql<PushLeadRow[]>`
      SELECT id, name, email, phone, address, zip_code, service, status, scheduled_date, duration_minutes,
             google_calendar_event_id, google_calendar_pushed_hash
      FROM leads WHERE id = ${leadId}`;
    return row ?? null;
  }

  private eventOf(lead: PushLeadRow & { scheduledDate: Date }) {
    return eventFromAppointment(
      {
        leadId: lead.id,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        zipCode: lead.zipCode,
        serviceLabel: getServiceLabel(lead.service),
        start: lead.scheduledDate,
        durationMinutes: lead.durationMinutes,
        company: { name: company.name, phone: company.phone.display },
      },
      this.timeZone,
    );
  }

  /** A lead has an event when it has a date and is not lost (docs/product.md's cancelled appointment). */
  private static wantsEvent(this: void, lead: PushLeadRow | null): lead is PushLeadRow & { scheduledDate: Date } {
    return lead !== null && lead.scheduledDate !== null && lead.status !== "lost";
  }

  /** Makes Google match the lead as it is now: its event inserted or updated, or removed. */
  private async pushWith(client: CalendarClient, leadId: string): Promise<PushOutcome> {
    const lead = await this.readLead(leadId);
    const eventId = eventIdForLead(leadId);
    if (!GoogleCalendar.wantsEvent(lead)) {
      const removed = await client.deleteEvent(eventId);
      if (lead?.googleCalendarEventId || lead?.googleCalendarPushedHash) {
        await this.sql`UPDATE leads SET google_calendar_event_id = NULL, google_calendar_pushed_hash = NULL WHERE id = ${leadId}`;
      }
      return removed ? "removed" : "absent";
    }
    const event = this.eventOf(lead);
    await client.upsertEvent({ ...event, id: eventId });
    await this
      .sql`UPDATE leads SET google_calendar_event_id = ${eventId}, google_calendar_pushed_hash = ${eventFingerprint(event)} WHERE id = ${leadId}`;
    return "pushed";
  }

  /**
   * 'Add to Google': pushes the lead's appointment now. When Google fails, the push stays queued
   * (the worker retries it) and the answer says so (503).
   */
  async addEvent(leadId: string): Promise<{ message: string }> {
    const lead = await this.readLead(leadId);
    if (!lead) throw new DomainError("not-found", LEAD_NOT_FOUND);
    if (!lead.scheduledDate) throw new DomainError("bad-input", NO_APPOINTMENT_MESSAGE);
    if (lead.status === "lost") throw new DomainError("bad-input", LOST_LEAD_MESSAGE);
    try {
      await this.withGoogle("Failed to add event to calendar", (client) => this.pushWith(client, leadId));
    } catch (error) {
      if (error instanceof DomainError && error.kind === "unavailable") {
        await this.enqueue(this.sql, leadId);
        this.nudge();
        throw new DomainError("unavailable", `${error.message}. It is queued and will be added when Google answers again.`);
      }
      throw error;
    }
    return { message: EVENT_ADDED_MESSAGE };
  }

  /**
   * 'Sync with Google Calendar': every future appointment whose event is missing in Google or
   * differs from what it should be is pushed (the first 50 now, the rest queued), and events of
   * leads no longer scheduled (lost, or the date cleared) are removed.
   */
  async sync(): Promise<GoogleSyncResult> {
    const client = await this.client();
    const leads = await this.sql<PushLeadRow[]>`
      SELECT id, name, email, phone, address, zip_code, service, status, scheduled_date, duration_minutes,
             google_calendar_event_id, google_calendar_pushed_hash
      FROM leads
      WHERE (scheduled_date > now() AND status <> 'lost')
         OR (google_calendar_event_id IS NOT NULL AND (scheduled_date IS NULL OR status = 'lost'))
      ORDER BY scheduled_date NULLS FIRST, id`;
    const future = leads.filter(GoogleCalendar.wantsEvent);
    const stale = leads.filter((l) => !GoogleCalendar.wantsEvent(l));

    const inGoogle = new Set<string>();
    try {
      if (future.length > 0) {
        const last = future.reduce((max, l) => Math.max(max, l.scheduledDate.getTime() + l.durationMinutes * 60_000), 0);
        for (const e of await client.listEvents({ timeMin: new Date(Date.now() - DAY_MS), timeMax: new Date(last + DAY_MS), max: 10_000 }))
          inGoogle.add(e.id);
      }
    } catch (error) {
      if (error instanceof GoogleCalendarError) await this.recordFailure(error, client);
      throw this.domainErrorOf(error, "Failed to sync calendar");
    }

    const due = future.filter(
      (l) => !inGoogle.has(eventIdForLead(l.id)) || l.googleCalendarPushedHash !== eventFingerprint(this.eventOf(l)),
    );
    const work = [...stale.map((l) => l.id), ...due.map((l) => l.id)];
    let pushed = 0;
    let removed = 0;
    let queued = 0;
    let failure: GoogleCalendarError | null = null;
    for (const [index, leadId] of work.entries()) {
      if (failure || index >= SYNC_DIRECT_MAX) {
        await this.enqueue(this.sql, leadId);
        queued++;
        continue;
      }
      try {
        const outcome = await this.pushWith(client, leadId);
        if (outcome === "pushed") pushed++;
        else removed++;
      } catch (error) {
        if (!(error instanceof GoogleCalendarError)) throw error;
        failure = error;
        await this.recordFailure(error, client);
        if (error.kind === "revoked") throw new DomainError("conflict", NEEDS_RECONNECT_MESSAGE);
        await this.enqueue(this.sql, leadId);
        queued++;
      }
    }
    if (!failure) await this.recordSuccess();
    if (queued > 0) this.nudge();
    const upToDate = future.length - due.length;
    const parts = [`${pushed} added or updated`, `${upToDate} already up to date`];
    if (removed > 0) parts.push(`${removed} removed`);
    if (queued > 0) parts.push(`${queued} queued${failure ? ` (${failure.message})` : ""}`);
    return { message: `Synced with Google Calendar: ${parts.join(", ")}.`, pushed, upToDate, removed, queued };
  }

  // -------------------------------------------------------------------------------------------
  // The worker

  /**
   * One round of the worker: claims due pushes (unless the connection needs reconnecting) and
   * does them. Google unavailable: each comes back after its backoff; invalid_grant: the
   * connection is marked and the pushes wait, due at once, for the reconnection; Google refusing
   * a push (a 4xx): it is recorded and dropped (the next change of the lead queues it again).
   * Answers how many pushes it handled.
   */
  async runPushes(stopping: () => boolean = () => false): Promise<number> {
    if (!this.queue || !this.configured) return 0;
    const row = await this.connectionRow();
    if (row?.needsReconnect) return 0;
    // Stored under another key: the jobs stay for the instances that can read the tokens.
    if (row && !(await this.keyMatches(row))) return 0;
    const jobs = await this.queue.fetch(WORKER_BATCH);
    if (jobs.length === 0) return 0;
    if (!row) {
      // Disconnected since: nothing to push to.
      for (const job of jobs) await this.queue.complete(job);
      return jobs.length;
    }
    let client: CalendarClient;
    try {
      client = await this.client();
    } catch {
      // No usable tokens (the refresh failed): none of these pushes could be made.
      this.onPushFailed(jobs.length);
      for (const job of jobs) await this.queue.retryLater(job, { delaySeconds: 0 });
      return jobs.length;
    }
    let revoked = false;
    let succeeded = false;
    for (const job of jobs) {
      if (revoked) {
        await this.queue.retryLater(job, { delaySeconds: 0 });
        continue;
      }
      if (stopping()) {
        // The instance is shutting down: the jobs not started go back, due at once.
        await this.queue.release(job);
        continue;
      }
      try {
        await this.pushWith(client, job.leadId);
        await this.queue.complete(job);
        succeeded = true;
      } catch (error) {
        this.onPushFailed(1);
        const failure = error instanceof GoogleCalendarError ? error : null;
        if (failure) await this.recordFailure(failure, client);
        else this.log.error({ err: error, leadId: job.leadId }, "calendar push failed");
        if (failure?.kind === "revoked") {
          revoked = true;
          await this.queue.retryLater(job, { delaySeconds: 0 });
        } else if (failure?.kind === "refused") {
          this.log.warn({ leadId: job.leadId, reason: failure.message }, "Google refused a calendar push; dropped");
          await this.queue.complete(job);
        } else {
          const delay = await this.queue.retryLater(job);
          this.log.warn(
            { leadId: job.leadId, attempt: job.attempt + 1, retryInSeconds: delay, reason: failure?.message },
            "calendar push failed; will retry",
          );
        }
      }
    }
    if (succeeded && !revoked) await this.recordSuccess();
    return jobs.length;
  }
}
