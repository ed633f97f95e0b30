import { transaction, type Sql } from "@crawlguard/db";
import type { EventLogPage, LoggedEvent, WebhookEventType } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";
import { decodeCursor, encodeCursor } from "../api-keys/sync.js";
import { webhookMessageId } from "./webhooks.js";

/*
 * The event log (GET /api/events; docs/api.md "Webhooks"): every webhook event of the last
 * EVENT_LOG_DAYS days, whether or not an endpoint listens, with the data a default endpoint gets,
 * for a receiver catching up after an outage. Written in the change's transaction (a rolled-back
 * change logs nothing) and numbered at commit like the synced rows (migration 0028), so a reader
 * paging by that number never misses an event that commits late.
 */

export const EVENT_LOG_DAYS = 30;
const DEFAULT_LIMIT = 100;

export interface LoggableEvent {
  /** The domain event's id (its deliveries' webhook-id is msg_<id>). */
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** Logs an event in `tx` and forgets those older than EVENT_LOG_DAYS. */
export async function logEvent(tx: Queryable, event: LoggableEvent): Promise<void> {
  await tx`
    INSERT INTO webhook_events (id, type, occurred_at, data)
    VALUES (${event.id}, ${event.type}, ${event.occurredAt}, ${JSON.stringify(event.data)})
    ON CONFLICT (id) DO NOTHING`;
  await tx`DELETE FROM webhook_events WHERE occurred_at < now() - make_interval(days => ${EVENT_LOG_DAYS})`;
}

/**
 * A page of the log, oldest first, after `cursor` (from the oldest event kept without one), in one
 * REPEATABLE READ snapshot. After the last page the cursor is past every event of the snapshot, so
 * polling with it answers only what happens from then on.
 */
export async function eventLogPage(
  sql: Sql,
  { limit = DEFAULT_LIMIT, cursor }: { limit?: number; cursor?: string },
): Promise<EventLogPage> {
  const after = decodeCursor(cursor);
  return transaction(sql, async (tx) => {
    await tx`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
    const rows = await tx<{ id: string; type: WebhookEventType; occurredAt: Date; data: string; seqText: string }[]>`
      SELECT id, type, occurred_at, data, change_seq::text AS seq_text FROM webhook_events
      WHERE change_seq > ${after.toString()}::bigint AND occurred_at >= now() - make_interval(days => ${EVENT_LOG_DAYS})
      ORDER BY change_seq LIMIT ${limit + 1}`;
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    let next = page.length ? BigInt(page.at(-1)!.seqText) : after;
    if (!hasMore) {
      const [max] = await tx<{ max: string | null }[]>`SELECT max(change_seq)::text AS max FROM webhook_events`;
      if (max?.max && BigInt(max.max) > next) next = BigInt(max.max);
    }
    const items: LoggedEvent[] = page.map((r) => ({
      id: webhookMessageId(r.id),
      type: r.type,
      timestamp: r.occurredAt.toISOString(),
      data: JSON.parse(r.data) as Record<string, unknown>,
    }));
    return { items, nextCursor: encodeCursor(next), hasMore };
  });
}
