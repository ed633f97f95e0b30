import {
  deliveriesHeld,
  DomainError,
  runDelivery,
  webhookSubscriber,
  type DomainEvents,
  type WebhookJobs,
  type WebhookSettings,
  type WebhooksDeps,
} from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import { holdingJobs, pollingWorker, postgresJsDatabase, type JobFailures, type Jobs } from "@crawlguard/jobs";
import type { Logger } from "pino";
import type { Env } from "./env.js";

/** The pg-boss queue of webhook deliveries: a job names a delivery row. */
export const WEBHOOK_QUEUE = "webhook-delivery";
/** Deliveries one round claims (sent at once, side by side). */
const BATCH = 5;
/** Rounds one wake-up may run. */
const MAX_ROUNDS = 50;

interface JobData {
  deliveryId: string;
}

export interface WebhooksRuntime {
  deps: WebhooksDeps;
  /** Sends what is due until nothing is (tests drive the sender with it). */
  drain(): Promise<number>;
  /** Takes no more jobs; resolves when the round under way has ended. */
  pause(): Promise<void>;
}

export function webhookSettings(env: Env): WebhookSettings {
  return {
    allowHttp: env.WEBHOOKS_ALLOW_HTTP,
    retryWindowSeconds: env.WEBHOOKS_RETRY_WINDOW_SECONDS,
    retryBaseSeconds: env.WEBHOOKS_RETRY_BASE_SECONDS,
  };
}

/**
 * Webhooks for this process (ADR 030): the delivery queue on the process's pg-boss, the
 * domain-event subscriber that fills it in each change's transaction, and the sender loop. Any
 * instance may send any delivery; a delivery row is claimed by one at a time (runDelivery), and a
 * job whose instance died comes back after its heartbeat stops.
 */
export async function startWebhooks({
  env,
  sql,
  jobs,
  events,
  logger,
  failures,
}: {
  env: Env;
  sql: Sql;
  jobs: Jobs;
  events: DomainEvents;
  logger: Logger;
  /** Where a failed delivery attempt is counted. */
  failures?: JobFailures;
}): Promise<WebhooksRuntime> {
  const settings = webhookSettings(env);
  const heartbeatSeconds = env.JOBS_HEARTBEAT_SECONDS;
  const log = logger.child({ component: "webhooks" });
  let queueMade: Promise<void> | null = null;
  const queue = async () => {
    const boss = await jobs.boss();
    queueMade ??= (async () => {
      const options = {
        // Only a job whose instance died (no heartbeat) comes back through pg-boss; failures are ours (runDelivery).
        retryLimit: 100,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: 120,
        heartbeatSeconds,
        retentionSeconds: 3 * 86_400,
        deleteAfterSeconds: 86_400,
      };
      await boss.createQueue(WEBHOOK_QUEUE, options);
      await boss.updateQueue(WEBHOOK_QUEUE, options);
    })().catch((err: unknown) => {
      queueMade = null;
      throw err;
    });
    await queueMade;
    return boss;
  };

  const queueJobs: WebhookJobs = {
    async enqueue(tx, deliveryId, options = {}) {
      const boss = await queue();
      await boss.send(WEBHOOK_QUEUE, { deliveryId } satisfies JobData, {
        db: postgresJsDatabase(tx),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
  };

  let started = false;

  const round = async (): Promise<number> => {
    // Held after a restore (db:restore --hold-deliveries): the jobs stay queued until an admin resumes.
    if (await deliveriesHeld(sql)) return 0;
    const boss = await queue();
    const claimed: ClaimedJob[] = await boss.fetch<JobData>(WEBHOOK_QUEUE, { batchSize: BATCH });
    if (claimed.length === 0) return 0;
    await holdingJobs(
      (ids) => boss.touch(WEBHOOK_QUEUE, ids),
      claimed.map((j) => j.id),
      heartbeatSeconds,
      async () =>
        Promise.all(
          (await byEndpointInOrder(sql, claimed)).map(async (jobsOfOne) => {
            // One endpoint's deliveries go out one after another, oldest first, so a receiver sees
            // a quote sent before it is approved; different endpoints are sent to side by side.
            for (const job of jobsOfOne) await send(boss, job);
          }),
        ),
    );
    return claimed.length;
  };
  const send = async (boss: Awaited<ReturnType<typeof queue>>, job: ClaimedJob) => {
    try {
      const outcome = await runDelivery(sql, queueJobs, job.data.deliveryId, settings);
      // The receiver did not take it (an error status, no answer, a refused address).
      if (outcome === "retrying" || outcome === "failed") failures?.add("webhooks");
      if (outcome !== "skipped") log.info({ deliveryId: job.data.deliveryId, outcome }, "webhook delivery");
      await boss.complete(WEBHOOK_QUEUE, job.id);
    } catch (err) {
      // The database failed under it: pg-boss brings the job back after its delay.
      failures?.add("webhooks");
      log.warn({ err, deliveryId: job.data.deliveryId }, "webhook delivery could not run");
      await boss.fail(WEBHOOK_QUEUE, job.id).catch(() => {});
    }
  };
  const worker = pollingWorker({
    round,
    pollMs: env.WEBHOOKS_POLL_MS,
    maxRounds: MAX_ROUNDS,
    onError: (err) => log.warn({ err }, "webhook round failed"),
  });
  // The sender starts (and pg-boss with it) once there is an endpoint: a server without webhooks
  // runs no queue for them. Checked at start and whenever an endpoint is registered (`ready`), and
  // always outside a transaction: on the embedded database pg-boss shares the app's one
  // connection, which a change's transaction holds while its subscriber queues the delivery.
  const startSending = () => {
    if (started || worker.paused) return;
    started = true;
    worker.schedule(0);
  };
  const ready = async () => {
    await queue();
    startSending();
  };
  const anyEndpoint = async () => (await sql`SELECT 1 FROM webhook_endpoints LIMIT 1`).length > 0;
  if (await anyEndpoint()) await ready();
  // An endpoint registered on another instance: this one takes a share of the sending within a minute.
  const watch = setInterval(() => {
    if (started || worker.paused) return clearInterval(watch);
    anyEndpoint().then(
      (yes) => (yes ? ready() : undefined),
      () => {},
    );
  }, 60_000);
  watch.unref();

  const nudge = () => {
    startSending();
    // The change that queued a delivery commits after the subscriber returns: look a moment later.
    worker.schedule(50);
  };

  events.subscribe(
    webhookSubscriber({ jobs: queueJobs, settings, publicUrl: env.PUBLIC_URL?.replace(/\/$/, ""), onQueued: () => nudge() }),
  );

  return {
    deps: { settings, jobs: queueJobs, nudge: () => nudge(), ready },
    async drain() {
      started = true;
      return worker.drain();
    },
    async pause() {
      clearInterval(watch);
      await worker.pause();
    },
  };
}

/** An app built without the webhook runtime (tests of the app alone): endpoints can be managed, nothing is queued. */
export function noWebhooks(env: Env): WebhooksDeps {
  return {
    settings: webhookSettings(env),
    jobs: {
      enqueue: () => Promise.reject(new DomainError("unavailable", "Webhooks are not running on this server")),
    },
    nudge: () => {},
    ready: () => Promise.resolve(),
  };
}

type ClaimedJob = { id: string; data: JobData };

/** Claimed jobs grouped by their endpoint, each group in the order its deliveries were queued. */
async function byEndpointInOrder(sql: Sql, claimed: ClaimedJob[]): Promise<ClaimedJob[][]> {
  const rows = await sql<{ id: string; endpointId: string }[]>`
    SELECT id::text, endpoint_id::text AS "endpointId" FROM webhook_deliveries
    WHERE id::text = ANY(${claimed.map((j) => j.data.deliveryId)}::text[])
    ORDER BY created_at, id`;
  const groups = new Map<string, ClaimedJob[]>();
  const byDelivery = new Map(claimed.map((j) => [j.data.deliveryId, j]));
  for (const row of rows) {
    const job = byDelivery.get(row.id);
    if (!job) continue;
    byDelivery.delete(row.id);
    groups.set(row.endpointId, [...(groups.get(row.endpointId) ?? []), job]);
  }
  // A delivery gone with its endpoint still completes its job (runDelivery skips it).
  return [...groups.values(), ...[...byDelivery.values()].map((j) => [j])];
}
