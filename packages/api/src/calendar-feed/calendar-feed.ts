import { createHash, randomBytes } from "node:crypto";
import { createEvents, type EventAttributes } from "ics";
import type { CalendarFeed, CreatedCalendarFeed, Role } from "@crawlguard/validators";
import { company, getServiceLabel } from "@crawlguard/content";
import { DomainError } from "../errors.js";
import { calendarRange } from "../appointments/appointments.js";
import { busyness } from "../appointments/busy-status.js";
import type { Queryable } from "../queryable.js";

// A user's secret iCalendar feed (ADR 029): any calendar app subscribes without Google.

export const CALENDAR_FEED_PATH = "/api/calendar/ics";
export const FEED_NOT_FOUND = "This calendar feed does not exist or was revoked. Make a new feed URL in the dashboard.";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The feed covers 31 days back and 93 days ahead (recurring blocks expanded in it). */
const FEED_PAST_DAYS = 31;
const FEED_AHEAD_DAYS = 93;
/** calendarRange answers at most 62 days at a time. */
const RANGE_STEP_DAYS = 62;

const feedTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const feedUrl = (origin: string, token: string) => `${origin.replace(/\/$/, "")}${CALENDAR_FEED_PATH}?token=${token}`;

export async function getCalendarFeed(sql: Queryable, userId: string): Promise<CalendarFeed> {
  const [row] = await sql<{ createdAt: Date }[]>`SELECT created_at FROM calendar_feeds WHERE user_id = ${userId}`;
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new secret URL for the user's feed; the previous one stops working. The token is stored hashed. */
export async function createCalendarFeed(sql: Queryable, userId: string, origin: string): Promise<CreatedCalendarFeed> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await sql<{ createdAt: Date }[]>`
    INSERT INTO calendar_feeds (user_id, token_hash) VALUES (${userId}, ${feedTokenHash(token)})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()
    RETURNING created_at`;
  return { url: feedUrl(origin, token), createdAt: row!.createdAt.toISOString() };
}

export async function revokeCalendarFeed(sql: Queryable, userId: string): Promise<void> {
  await sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}`;
}

/** Seconds since the epoch as the `ics` package's UTC input. */
const utc = (iso: string) => Date.parse(iso);

/**
 * The feed of the token's user as iCalendar text: their appointments (and the unassigned ones, which
 * are everyone's) and their time blocks, every recurring block's occurrences expanded (the product's
 * recurrence is in the business zone's wall-clock time; each occurrence is its own UTC event, so
 * every calendar app shows the same instants). Never a lead's notes or estimated value.
 */
export async function calendarFeedIcs(sql: Queryable, token: string, zone: string, now = new Date()): Promise<string> {
  const [feed] = await sql<{ userId: string; isAdmin: boolean; role: Role; username: string }[]>`
    SELECT f.user_id, u.is_admin, u.role, u.username FROM calendar_feeds f JOIN users u ON u.id = f.user_id
    WHERE f.token_hash = ${feedTokenHash(token)}`;
  if (!feed) throw new DomainError("not-found", FEED_NOT_FOUND);
  // A crew member's feed holds only the appointments assigned to them (users/access.ts).
  const viewer = { id: feed.userId, isAdmin: feed.isAdmin, role: feed.role };
  const events = new Map<string, EventAttributes>();
  const from = now.getTime() - FEED_PAST_DAYS * DAY_MS;
  const until = now.getTime() + FEED_AHEAD_DAYS * DAY_MS;
  for (let start = from; start < until; start += RANGE_STEP_DAYS * DAY_MS) {
    const end = Math.min(until, start + RANGE_STEP_DAYS * DAY_MS);
    const range = await calendarRange(
      sql,
      { start: new Date(start).toISOString(), end: new Date(end).toISOString(), scope: "mine" },
      viewer,
      zone,
    );
    for (const a of range.appointments) {
      events.set(`appointment-${a.id}`, {
        uid: `appointment-${a.id}@crawlguard`,
        // The service by its catalogue label; the stored value may be any form's id.
        title: `${a.name}: ${getServiceLabel(a.service)}`,
        description: [
          `Service: ${getServiceLabel(a.service)}`,
          `Status: ${a.status}`,
          a.phone ? `Phone: ${a.phone}` : null,
          a.assigneeName ? `For: ${a.assigneeName}` : null,
        ]
          .filter(Boolean)
          .join("\n"),
        ...(a.address ? { location: a.address } : {}),
        start: utc(a.start),
        startInputType: "utc",
        startOutputType: "utc",
        end: utc(a.end),
        endInputType: "utc",
        endOutputType: "utc",
        status: a.status === "lost" ? "CANCELLED" : "CONFIRMED",
        ...busyness(a.status === "lost"),
      });
    }
    for (const b of range.blocks) {
      for (const o of b.occurrences) {
        const key = `block-${b.id}-${o.start}`;
        events.set(key, {
          uid: `${key.replace(/[^\w-]/g, "")}@crawlguard`,
          title: b.title,
          ...(b.description ? { description: b.description } : {}),
          start: utc(o.start),
          startInputType: "utc",
          startOutputType: "utc",
          end: utc(o.end),
          endInputType: "utc",
          endOutputType: "utc",
          ...busyness(false),
          categories: [b.blockType],
        });
      }
    }
  }
  const { error, value } = createEvents([...events.values()], {
    productId: "crawlguard/calendar-feed",
    calName: `${company.name}: ${feed.username}`,
  });
  if (error || value === null) throw error ?? new Error("The calendar feed could not be written");
  // An empty feed: the package answers a calendar without events, which calendar apps accept.
  return value;
}
