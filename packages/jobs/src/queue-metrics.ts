import { JOBS_SCHEMA, type SqlText } from "./jobs.js";

/** The job queues an operator watches, by the name metrics give them. */
export const WATCHED_QUEUES = ["mail", "webhooks", "calendar"] as const;
export type WatchedQueue = (typeof WATCHED_QUEUES)[number];

/**
 * Job attempts that failed on this instance, by queue: a send, a delivery or a push that did not
 * happen and will be retried or given up. Counted where the attempt fails, in memory: every
 * instance counts only its own attempts, so the sum over instances is the whole, and a restart
 * starts again from 0 as a Prometheus counter may.
 */
export class JobFailures {
  private readonly counts = new Map<WatchedQueue, number>();

  add(queue: WatchedQueue, attempts = 1): void {
    this.counts.set(queue, this.count(queue) + attempts);
  }

  count(queue: WatchedQueue): number {
    return this.counts.get(queue) ?? 0;
  }
}

export interface QueueState {
  /** Jobs not finished: due, running, or waiting for their time (a retry's backoff, a reminder's hour). */
  queued: number;
  /** How long the job that has been due the longest has waited since it became due, in seconds (0 when none is due). */
  oldestDueSeconds: number;
}

/**
 * Each watched queue's jobs as they are in pg-boss's job table (its documented schema), across
 * every instance. `queues` maps a pg-boss queue name to the watched queue it belongs to. A queue
 * without jobs answers zeros, also before any instance has started pg-boss (no schema yet).
 */
export async function queueStates(sql: SqlText, queues: Record<string, WatchedQueue>): Promise<Record<WatchedQueue, QueueState>> {
  const states = Object.fromEntries(WATCHED_QUEUES.map((q) => [q, { queued: 0, oldestDueSeconds: 0 }])) as Record<WatchedQueue, QueueState>;
  const [schema] = (await sql.unsafe(`SELECT to_regclass($1)::text AS name`, [`${JOBS_SCHEMA}.job`] as never[])) as {
    name: string | null;
  }[];
  if (!schema?.name) return states;
  const rows = (await sql.unsafe(
    `SELECT name, count(*)::int AS queued,
       coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())), 0)::float8 AS oldest
     FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1) AND state < 'completed' GROUP BY name`,
    [Object.keys(queues)] as never[],
  )) as { name: string; queued: number; oldest: number }[];
  for (const row of rows) {
    const state = states[queues[row.name]!];
    state.queued += row.queued;
    state.oldestDueSeconds = Math.max(state.oldestDueSeconds, row.oldest);
  }
  return states;
}
