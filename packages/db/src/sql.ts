import postgres from "postgres";

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
}

/** A client whose rows have camelCase keys (snake_case in SQL). */
export function createSql(target: ConnectionTarget, { max = 10, applicationName, onnotify }: SqlOptions = {}): Sql {
  const common = {
    max,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    transform: postgres.camel,
    ...(onnotify ? { onnotify } : {}),
  } as const;
  if ("url" in target)
    return postgres(target.url, applicationName ? { ...common, connection: { application_name: applicationName } } : common);
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
