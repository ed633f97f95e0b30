import postgres from "postgres";
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, KEEPALIVE_MS, STATEMENT_TIMEOUT_MS, type SocketWatch } from "./socket-watch.js";

export type Sql = postgres.Sql;

/**
 * Where a postgres.js client connects: a URL (real server) or the embedded database's Unix socket
 * with its per-start password.
 */
export type ConnectionTarget = { url: string } | { path: string; password: string };

export interface SqlOptions {
  max?: number;
  /** PostgreSQL's application_name of the connections (so one instance's pool shows in pg_stat_activity). */
  applicationName?: string;
  /** NOTIFY messages that arrive on the client's own connections (the embedded database, where LISTEN shares the one session). */
  onnotify?: (channel: string, payload: string) => void;
  /**
   * A PostgreSQL server (not the embedded one): its connections opened and watched by `watch`
   * (silent ones destroyed), with the server's statement and idle-in-transaction timeouts. Without
   * it (backups, restores, migrations: work that may rightly wait long), only TCP keepalive.
   */
  watch?: SocketWatch;
}

/** A client whose rows have camelCase keys (snake_case in SQL). */
export function createSql(target: ConnectionTarget, { max = 10, applicationName, onnotify, watch }: SqlOptions = {}): Sql {
  const common = {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    transform: postgres.camel,
    ...(onnotify ? { onnotify } : {}),
  } as const;
  if ("url" in target) {
    const connection = {
      ...(applicationName ? { application_name: applicationName } : {}),
      ...(watch ? { statement_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS } : {}),
    };
    return postgres(target.url, {
      ...common,
      // Probes that keep NAT and firewall state alive and, on a dead path, end the connection.
      keep_alive: KEEPALIVE_MS / 1000,
      ...(Object.keys(connection).length > 0 ? { connection } : {}),
      ...(watch ? { socket: watch.postgresJs } : {}),
    });
  }
  // The embedded socket has a single database. PGlite is ONE backend behind
  // the socket: messages of concurrent connections interleave and their statements collide, so
  // results get crossed. One connection (queries queue in postgres.js) is exactly as fast, since
  // PGlite runs one statement at a time anyway.
  return postgres({
    ...common,
    max: 1,
    path: target.path,
    password: target.password,
    username: "postgres",
    database: "postgres",
  });
}

/** What code written for raw column names (lucia's adapter) calls: `unsafe` with snake_case rows. */
export interface RawUnsafe {
  unsafe(query: string, args?: unknown[]): Promise<Record<string, unknown>[]>;
}

export function withSnakeCaseRows(sql: Sql): RawUnsafe {
  return {
    async unsafe(query, args = []) {
      const rows = await sql.unsafe(query, args as postgres.ParameterOrJSON<never>[]);
      return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [postgres.fromCamel(k), v])));
    },
  };
}
