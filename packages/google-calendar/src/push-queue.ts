import type { PgBoss } from "pg-boss";
import {
  JOBS_SCHEMA as SCHEMA,
  MAX_RETRY_DELAY_SECONDS,
  postgresJsDatabase,
  retryDelaySeconds,
  startBoss,
  type SqlText,
} from "@crawlguard/jobs";

export { MAX_RETRY_DELAY_SECONDS, postgresJsDatabase, retryDelaySeconds, SUPERVISE_SECONDS, type SqlText } from "@crawlguard/jobs";

/** The queue of calendar pushes: one job names a lead; the push reads the lead's state when it runs. */
export const PUSH_QUEUE = "google-calendar-push";

export interface PushJob {
  id: string;
  leadId: string;
  /** How many tries of this push failed before (the backoff grows with it). */
  attempt: number;
}

interface JobData {
  leadId: string;
  attempt?: number;
}

export interface PushQueueOptions {
  /** The process's shared PgBoss (packages/jobs); without it the queue starts (and stops) its own. */
  boss?: PgBoss | undefined;
  /** PostgreSQL: pg-boss keeps its own small pool on this database (only when the queue starts its own boss). */
  databaseUrl?: string | undefined;
  /** The embedded database: pg-boss runs on the app's single connection (see postgresJsDatabase). */
  sql: SqlText;
  /** The first retry's delay; each further one doubles, up to an hour. */
  retryBaseSeconds: number;
  onError?: (error: unknown) => void;
}

/**
 * A running push beats every HEARTBEAT_SECONDS / 2. When its instance dies, the
 * beats stop: within HEARTBEAT_SECONDS plus one supervision pass (SUPERVISE_SECONDS) pg-boss fails
 * the job, and it is due again RETRY_SECONDS later: about 40 s at worst, no longer the
 * expiry's 5 minutes plus a 30 s retry delay (~6.5 min).
 */
export const HEARTBEAT_SECONDS = 20;
const DEAD_INSTANCE_RETRY_SECONDS = 5;
/**
 * Calendar pushes on pg-boss (ADR 014). The queue's `stately` policy keeps at most one waiting and
 * one running job per lead: a change while one waits is covered by it (the push reads the lead when
 * it runs: the latest state wins), and no two instances push the same lead at once. Jobs are
 * claimed with row locks (SKIP LOCKED), so each is done by exactly one instance.
 *
 * Retries are ours, not pg-boss's: a failed push completes its job and queues a follow-up that
 * starts after the backoff. pg-boss's own retries only bring back a job whose instance died.
 */
export class PushQueue {
  /** Jobs this instance claimed and has not settled: their heartbeat keeps them this instance's. */
  private readonly held = new Set<string>();
  private beat: NodeJS.Timeout | null = null;

  private constructor(
    private readonly boss: PgBoss,
    private readonly retryBaseSeconds: number,
    /** Whether this queue started the boss (and so stops it); the server's shared one stops with the server. */
    private readonly ownsBoss: boolean,
  ) {}

  private hold(ids: string[]): void {
    for (const id of ids) this.held.add(id);
    this.beat ??= setInterval(
      () => {
        const ids = [...this.held];
        if (ids.length === 0) return;
        // A beat that fails (the database busy a moment) is caught up by the next one.
        this.boss.touch(PUSH_QUEUE, ids).catch(() => {});
      },
      (HEARTBEAT_SECONDS / 2) * 1000,
    );
    this.beat.unref();
  }

  private settle(id: string): void {
    this.held.delete(id);
    if (this.held.size === 0 && this.beat) {
      clearInterval(this.beat);
      this.beat = null;
    }
  }

  static async start(options: PushQueueOptions): Promise<PushQueue> {
    const owned = !options.boss;
    const boss = options.boss ?? (await startBoss(options));
    const settings = {
      // Only for a job whose instance stopped mid-push (no heartbeat, or expired): it comes back soon.
      retryLimit: 100,
      retryDelay: DEAD_INSTANCE_RETRY_SECONDS,
      retryBackoff: true,
      retryDelayMax: MAX_RETRY_DELAY_SECONDS,
      expireInSeconds: 300,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      // A push may wait long for a reconnection; a reconnection also queues every future appointment.
      retentionSeconds: 90 * 86_400,
      deleteAfterSeconds: 86_400,
    };
    await boss.createQueue(PUSH_QUEUE, { policy: "stately", ...settings });
    // A queue made by an older version keeps its settings unless told: the same ones, every start.
    await boss.updateQueue(PUSH_QUEUE, settings);
    return new PushQueue(boss, options.retryBaseSeconds, owned);
  }

  /**
   * Queues a push of the lead, in the caller's transaction when `tx` is one (so it commits or rolls
   * back with the change). A push already waiting for this lead covers it.
   */
  async enqueue(tx: SqlText, leadId: string): Promise<void> {
    await this.boss.send(PUSH_QUEUE, { leadId } satisfies JobData, { singletonKey: leadId, db: postgresJsDatabase(tx) });
  }

  /** Claims up to `max` jobs that are due (row locks: no other instance gets them). */
  async fetch(max: number): Promise<PushJob[]> {
    const jobs = await this.boss.fetch<JobData>(PUSH_QUEUE, { batchSize: max });
    this.hold(jobs.map((job) => job.id));
    return jobs.map((job) => ({ id: job.id, leadId: job.data.leadId, attempt: job.data.attempt ?? 0 }));
  }

  async complete(job: PushJob): Promise<void> {
    await this.boss.complete(PUSH_QUEUE, job.id);
    this.settle(job.id);
  }

  /**
   * The push failed: try again after the backoff (`delaySeconds` 0: as soon as the worker takes
   * jobs again, e.g. after a reconnection). The follow-up is queued before the job completes, so
   * nothing is lost if the process stops in between.
   */
  async retryLater(job: PushJob, { delaySeconds }: { delaySeconds?: number } = {}): Promise<number> {
    const attempt = job.attempt + 1;
    const delay = delaySeconds ?? retryDelaySeconds(attempt, this.retryBaseSeconds);
    await this.boss.send(PUSH_QUEUE, { leadId: job.leadId, attempt } satisfies JobData, { singletonKey: job.leadId, startAfter: delay });
    await this.boss.complete(PUSH_QUEUE, job.id);
    this.settle(job.id);
    return delay;
  }

  /**
   * Gives a claimed job back untouched (the instance is stopping before it ran): due at once, for
   * whichever instance takes jobs next, with its attempt count unchanged. A push already waiting
   * for the lead covers it.
   */
  async release(job: PushJob): Promise<void> {
    await this.boss.send(PUSH_QUEUE, { leadId: job.leadId, attempt: job.attempt } satisfies JobData, { singletonKey: job.leadId });
    await this.boss.complete(PUSH_QUEUE, job.id);
    this.settle(job.id);
  }

  /**
   * Pushes waiting or running, counted in pg-boss's job table (its documented schema): getQueueStats
   * answers counts cached by pg-boss's monitor, up to a minute old.
   */
  async pending(sql: SqlText): Promise<number> {
    const rows = (await sql.unsafe(`SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = $1 AND state < 'completed'`, [
      PUSH_QUEUE,
    ] as never[])) as { n: number }[];
    return rows[0]?.n ?? 0;
  }

  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    if (this.ownsBoss) await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
