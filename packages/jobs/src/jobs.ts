import { PgBoss, type Db as IDatabase } from "pg-boss";

/*
 * One pg-boss per process (ADR 028): the Google Calendar pushes, the mail and the webhooks each
 * have their own queue (and settings) on the same PgBoss, started once by the server. Jobs are
 * queued in the change's own transaction (`db: postgresJsDatabase(tx)`): a rolled-back change
 * queues nothing and a committed one loses nothing.
 */

/** pg-boss's schema in the app's database. */
export const JOBS_SCHEMA = "pgboss";

/** How often pg-boss supervises its queues (heartbeats, expiry, maintenance). */
export const SUPERVISE_SECONDS = 10;

export const MAX_RETRY_DELAY_SECONDS = 3600;

/** What runs SQL text with $n parameters: the app's postgres.js client, or one of its transactions. */
export interface SqlText {
  unsafe(text: string, values?: never[]): PromiseLike<unknown>;
}

/** snake_case of a camelCase key, as postgres.js's `fromCamel`. */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * pg-boss's IDatabase over postgres.js. Two adaptations: a multi-statement text (no parameters) answers
 * one result per statement, whose rows pg-boss wants together; and the app's client turns column
 * names into camelCase, while pg-boss reads some as they are in SQL (pg_advisory_xact_lock) and
 * aliases others to camelCase itself. Each row carries both spellings, so both kinds of reads work.
 */
export function postgresJsDatabase(sql: SqlText): IDatabase {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await sql.unsafe(text, (values ?? []) as never[])) as Record<string, unknown>[] | Record<string, unknown>[][];
      const rows = (result.length > 0 && Array.isArray(result[0]) ? (result as Record<string, unknown>[][]).flat() : result) as Record<
        string,
        unknown
      >[];
      return {
        rows: rows.map((row) => {
          const both: Record<string, unknown> = { ...row };
          for (const [key, value] of Object.entries(row)) both[snake(key)] ??= value;
          return both;
        }),
      };
    },
  };
}

/** The delay before retry number `attempt` (1-based): base, 3 × base, then doubling, capped at an hour. */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  if (attempt <= 1) return baseSeconds;
  const delay = baseSeconds * 3 * 2 ** Math.min(attempt - 2, 20);
  return Math.min(MAX_RETRY_DELAY_SECONDS, delay);
}

export interface JobsOptions {
  /** PostgreSQL: pg-boss keeps its own small pool on this database. */
  databaseUrl?: string | undefined;
  /** The embedded database: pg-boss runs on the app's single connection (see postgresJsDatabase). */
  sql: SqlText;
  /**
   * PostgreSQL: node-postgres settings for pg-boss's pool (the database package's: statement and
   * idle-in-transaction timeouts, keepalive, connections that go silent destroyed). pg-boss's own
   * maintenance stays within them: it works in small batches on a table that keeps days of jobs.
   */
  pool?: object | null | undefined;
  /** How often pg-boss supervises (default SUPERVISE_SECONDS); tests shorten it so a dead instance's job comes back sooner. */
  superviseSeconds?: number | undefined;
  onError?: (error: unknown) => void;
}

/** Starts a PgBoss on the app's database (its own pool with PostgreSQL, the app's connection when embedded). */
export async function startBoss(options: JobsOptions): Promise<PgBoss> {
  const supervise = options.superviseSeconds ?? SUPERVISE_SECONDS;
  const common = {
    schema: JOBS_SCHEMA,
    schedule: false,
    supervise: true,
    // Heartbeats are checked on every supervision pass (which the monitor interval gates per queue).
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    reindex: false,
    monitorVacuum: false,
  } as const;
  const boss = options.databaseUrl
    ? new PgBoss({ ...common, ...options.pool, connectionString: options.databaseUrl, max: 3, application_name: "crawlguard-jobs" })
    : new PgBoss({ ...common, db: postgresJsDatabase(options.sql) });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  return boss;
}

/**
 * The process's one PgBoss, started when a queue first needs it (nothing starts it when no part of
 * the server queues jobs: no Google Calendar, no SMTP, no webhooks). Concurrent callers share one start.
 */
export interface Jobs {
  boss(): Promise<PgBoss>;
  /** Whether a queue started the boss. */
  readonly started: boolean;
  /** Stops the boss (graceful: the jobs under way finish first, up to 5 s). */
  stop(): Promise<void>;
}

export function startJobs(options: JobsOptions): Jobs {
  let starting: Promise<PgBoss> | null = null;
  return {
    boss() {
      starting ??= startBoss(options).catch((err: unknown) => {
        starting = null;
        throw err;
      });
      return starting;
    },
    get started() {
      return starting !== null;
    },
    async stop() {
      const boss = await starting?.catch(() => null);
      starting = null;
      await boss?.stop({ graceful: true, timeout: 5000 });
    },
  };
}
