import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.js";
import { migrate } from "./migrate.js";
import { createSql, type ConnectionTarget, type Sql } from "./sql.js";

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
}

export async function openDatabase({ databaseUrl, dataDir, poolSize = 10, applicationName }: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let target: ConnectionTarget;
  if (databaseUrl) {
    target = { url: databaseUrl };
  } else {
    embedded = await startEmbeddedDatabase(dataDir);
    target = { path: embedded.path, password: embedded.password };
  }
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const sql = createSql(target, {
    max: poolSize,
    applicationName,
    ...(embedded ? { onnotify: (channel: string, payload: string) => handlers.get(channel)?.forEach((handler) => handler(payload)) } : {}),
  });
  const listen: Database["listen"] = async (channel, onNotify, onListen) => {
    if (!embedded) {
      const listening = await sql.listen(channel, onNotify, onListen);
      return { unlisten: () => listening.unlisten() };
    }
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
    const applied = await migrate(sql);
    return {
      sql,
      mode: embedded ? "embedded" : "postgres",
      poolSize: embedded ? 1 : poolSize,
      applied,
      listen,
      async close() {
        await sql.end({ timeout: 5 });
        await embedded?.stop();
      },
    };
  } catch (err) {
    await sql.end({ timeout: 1 });
    await embedded?.stop();
    throw err;
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
