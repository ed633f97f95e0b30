import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.js";
import { migrate } from "./migrate.js";
import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, KEEPALIVE_MS, SocketWatch, STATEMENT_TIMEOUT_MS } from "./socket-watch.js";
import { createSql, type ConnectionTarget, type Sql } from "./sql.js";

/** The channel each instance's listener pings itself on: a listener that stops hearing it is reconnected. */
const LISTENER_PING_CHANNEL = "crawlguard_listener_ping";
const LISTENER_PING_MS = 15_000;
/** Three pings missed: the LISTEN connection is taken for dead. */
const LISTENER_DEAD_MS = 3 * LISTENER_PING_MS;

/**
 * node-postgres settings for another pool on the same PostgreSQL server (pg-boss's): the same
 * server-side timeouts, keepalive and silent-connection watch as the app's own pool.
 */
export interface NodePostgresSettings {
  stream: () => Socket;
  keepAlive: true;
  keepAliveInitialDelayMillis: number;
  statement_timeout: number;
  idle_in_transaction_session_timeout: number;
  connectionTimeoutMillis: number;
}

export interface Database {
  /** The application client: camelCase rows. */
  sql: Sql;
  mode: "embedded" | "postgres";
  /** The most connections the client opens (the embedded database: one). */
  poolSize: number;
  /** Migrations applied by this start. */
  applied: string[];
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (from any client of this database), and
   * `onListen` each time listening starts: at first and after a lost connection came back, when
   * notifications may have been missed. PostgreSQL: postgres.js's own listening connection.
   * Embedded: PGlite is one session behind the socket and hands a notification to the connection
   * whose statement raised it, so the app's one connection listens (no other client writes).
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<{ unlisten(): Promise<void> }>;
  /** PostgreSQL: what pg-boss's pool needs to be as careful with its connections (null when embedded). */
  nodePostgres: NodePostgresSettings | null;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A real PostgreSQL server; when absent, the embedded PGlite is started. */
  databaseUrl?: string | undefined;
  /** Where the embedded database persists; null keeps it in memory. */
  dataDir: string | null;
  poolSize?: number;
  /** PostgreSQL's application_name for this client's connections. */
  applicationName?: string;
  /** PostgreSQL: told each time a silent connection is destroyed (it is replaced by a new one). */
  onConnectionDropped?: (reason: string) => void;
}

/**
 * Opens the database and migrates it. On PostgreSQL, the app's pool, pg-boss's and the LISTEN
 * connection survive connections that go silent without a FIN or RST (a NAT that forgot them, a
 * failover): each statement is limited by the server, keepalive probes run, and a connection that
 * leaves a request unanswered past the statement timeout is destroyed and replaced (socket-watch.ts).
 * Migrations run on a connection of their own without those limits: a migration or the wait for
 * another instance's may rightly take minutes.
 */
export async function openDatabase({
  databaseUrl,
  dataDir,
  poolSize = 10,
  applicationName,
  onConnectionDropped,
}: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let target: ConnectionTarget;
  if (databaseUrl) {
    target = { url: databaseUrl };
  } else {
    embedded = await startEmbeddedDatabase(dataDir);
    target = { path: embedded.path, password: embedded.password };
  }
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const watch = embedded ? undefined : new SocketWatch({ onDestroy: onConnectionDropped });
  const sql = createSql(target, {
    max: poolSize,
    applicationName,
    watch,
    ...(embedded ? { onnotify: (channel: string, payload: string) => handlers.get(channel)?.forEach((handler) => handler(payload)) } : {}),
  });
  const listener = embedded ? null : pingedListener({ target, sql, applicationName, onConnectionDropped });
  const listen: Database["listen"] = async (channel, onNotify, onListen) => {
    if (listener) return listener.listen(channel, onNotify, onListen);
    const set = handlers.get(channel) ?? new Set();
    handlers.set(channel, set);
    set.add(onNotify);
    await sql.unsafe(`LISTEN ${quoteIdentifier(channel)}`);
    onListen?.();
    return {
      async unlisten() {
        set.delete(onNotify);
        if (set.size === 0) {
          handlers.delete(channel);
          await sql.unsafe(`UNLISTEN ${quoteIdentifier(channel)}`);
        }
      },
    };
  };
  try {
    const applied = embedded ? await migrate(sql) : await migrateAlone(target, applicationName);
    return {
      sql,
      mode: embedded ? "embedded" : "postgres",
      poolSize: embedded ? 1 : poolSize,
      applied,
      listen,
      nodePostgres: watch
        ? {
            stream: watch.nodePostgres,
            keepAlive: true,
            keepAliveInitialDelayMillis: KEEPALIVE_MS,
            statement_timeout: STATEMENT_TIMEOUT_MS,
            idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
            connectionTimeoutMillis: 10_000,
          }
        : null,
      async close() {
        await listener?.close();
        await sql.end({ timeout: 5 });
        await embedded?.stop();
      },
    };
  } catch (err) {
    await listener?.close();
    await sql.end({ timeout: 1 });
    await embedded?.stop();
    throw err;
  }
}

/** Migrations on a client of their own, without the statement timeout or the silent-connection watch. */
async function migrateAlone(target: ConnectionTarget, applicationName: string | undefined): Promise<string[]> {
  const migrator = createSql(target, { max: 1, ...(applicationName ? { applicationName } : {}) });
  try {
    return await migrate(migrator);
  } finally {
    await migrator.end({ timeout: 5 });
  }
}

/**
 * LISTEN on a PostgreSQL server, on a client of its own that pings itself: every 15 s the app's
 * pool sends a NOTIFY on a channel the listener hears. A listener that has heard none for 45 s
 * (its connection went silent while sending nothing, so no answer is overdue) has its connection
 * destroyed; postgres.js then connects again and listens to every channel anew (`onListen` runs).
 */
function pingedListener({
  target,
  sql,
  applicationName,
  onConnectionDropped,
}: {
  target: ConnectionTarget;
  sql: Sql;
  applicationName: string | undefined;
  onConnectionDropped: ((reason: string) => void) | undefined;
}) {
  const watch = new SocketWatch({ onDestroy: onConnectionDropped });
  const client = createSql(target, { max: 1, ...(applicationName ? { applicationName } : {}), watch });
  const token = randomUUID();
  let lastHeard = Date.now();
  let pinging: NodeJS.Timeout | undefined;
  let started: Promise<unknown> | null = null;
  const start = () =>
    (started ??= client
      .listen(LISTENER_PING_CHANNEL, () => {
        lastHeard = Date.now();
      })
      .then(() => {
        lastHeard = Date.now();
        pinging = setInterval(() => {
          if (Date.now() - lastHeard > LISTENER_DEAD_MS) {
            watch.destroyAll(`the listener heard none of its pings for ${Math.round((Date.now() - lastHeard) / 1000)} s`);
            lastHeard = Date.now();
          }
          // The pool may be down too: the next ping tries again.
          sql.notify(LISTENER_PING_CHANNEL, token).catch(() => {});
        }, LISTENER_PING_MS);
        pinging.unref();
      })
      .catch((err: unknown) => {
        started = null;
        throw err;
      }));
  return {
    async listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void) {
      await start();
      const listening = await client.listen(channel, onNotify, onListen);
      return { unlisten: () => listening.unlisten() };
    },
    async close() {
      clearInterval(pinging);
      await client.end({ timeout: 5 });
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
