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
  const sql = createSql(target, { max: poolSize, applicationName });
  try {
    const applied = await migrate(sql);
    return {
      sql,
      mode: embedded ? "embedded" : "postgres",
      poolSize: embedded ? 1 : poolSize,
      applied,
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
