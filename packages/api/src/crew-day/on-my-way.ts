import { transaction, type Sql } from "@crawlguard/db";
import type { OnMyWayResult } from "@crawlguard/validators";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { DomainError, rateLimited } from "../errors.js";
import { recordLeadEvents } from "../leads/lead-events.js";
import { assertLeadVisible, type Viewer } from "../users/access.js";
import { displayNameOf } from "./display-name.js";

/*
 * "On my way" (docs/product.md "The crew's day"): the client is mailed that the crew member who
 * sends it will arrive around a clock time of the business zone. The mail goes through the mail
 * queue like every client mail (the domain event crew.on-my-way, heard by the mail subscriber), and
 * the lead's timeline records it; that entry also spaces the next one for the same appointment.
 */

/** One "On my way" per appointment per this many minutes. */
export const ON_MY_WAY_SPACING_MINUTES = 30;

export const NO_APPOINTMENT_MESSAGE = "This lead has no appointment to be on the way to.";
export const NO_EMAIL_MESSAGE = "This client has no e-mail address, so they can't be told by e-mail: call them instead.";
export const MAIL_OFF_MESSAGE = "E-mail is not configured on this server, so the client can't be told by e-mail: call them instead.";

export function tooSoonMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `The client was already told you are on your way less than ${ON_MY_WAY_SPACING_MINUTES} minutes ago. ` +
    `You can tell them again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
  );
}

/** "2:40 PM": a clock time of the business zone. */
export function clockTime(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(instant);
}

/** Now plus the ETA, to the nearest minute (the mail says "around" it). */
export function arrivalFrom(now: Date, etaMinutes: number): Date {
  return new Date(Math.round((now.getTime() + etaMinutes * 60_000) / 60_000) * 60_000);
}

interface LeadForTrip {
  email: string | null;
  status: string;
  scheduledDate: Date | null;
}

/**
 * Queues the client's "On my way" mail for the lead's appointment, sent by `viewer` (who must see the
 * lead: 404 otherwise). 409 when the lead has no appointment, no e-mail address, or this server sends
 * no mail; 429 (Retry-After) when the same appointment's client was told less than
 * ON_MY_WAY_SPACING_MINUTES ago. The lead row is locked, so two taps at once send one mail.
 */
export async function sendOnMyWay({
  sql,
  viewer,
  leadId,
  etaMinutes,
  zone,
  mailConfigured,
  events = NO_EVENTS,
  now = new Date(),
}: {
  sql: Sql;
  viewer: Viewer & { username: string };
  leadId: string;
  etaMinutes: number;
  zone: string;
  mailConfigured: boolean;
  events?: EventSink;
  now?: Date;
}): Promise<OnMyWayResult> {
  return transaction(sql, async (tx) => {
    await assertLeadVisible(tx, viewer, leadId, { lock: true });
    const [lead] = await tx<LeadForTrip[]>`SELECT email, status, scheduled_date FROM leads WHERE id = ${leadId}`;
    if (!lead?.scheduledDate || lead.status === "lost") throw new DomainError("conflict", NO_APPOINTMENT_MESSAGE);
    const email = lead.email?.trim();
    if (!email) throw new DomainError("conflict", NO_EMAIL_MESSAGE);
    if (!mailConfigured) throw new DomainError("conflict", MAIL_OFF_MESSAGE);
    const start = lead.scheduledDate.toISOString();
    const [last] = await tx<{ secondsAgo: number }[]>`
      SELECT extract(epoch FROM now() - created_at)::float8 AS seconds_ago FROM lead_events
      WHERE lead_id = ${leadId} AND kind = 'on-my-way' AND from_value = ${start}
      ORDER BY seq DESC LIMIT 1`;
    const spacing = ON_MY_WAY_SPACING_MINUTES * 60;
    if (last && last.secondsAgo < spacing) {
      const retryAfterSeconds = spacing - Math.max(0, last.secondsAgo);
      throw rateLimited(tooSoonMessage(retryAfterSeconds), { retryAfterSeconds, policy: "on-my-way", quota: 1, windowSeconds: spacing });
    }
    const arrival = arrivalFrom(now, etaMinutes);
    const crewName = (await displayNameOf(tx, viewer.id)) ?? viewer.username;
    await recordLeadEvents(tx, leadId, { id: viewer.id, username: crewName }, [
      { kind: "on-my-way", from: start, to: arrival.toISOString() },
    ]);
    await events.emit(tx, { type: "crew.on-my-way", leadId, userId: viewer.id, start, arrivalAt: arrival.toISOString() });
    return { leadId, arrivalAt: arrival.toISOString(), arrivalTime: clockTime(arrival, zone), crewName, sentTo: email };
  });
}
