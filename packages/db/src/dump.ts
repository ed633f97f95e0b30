import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

/** pg_dump's options for every backup: plain SQL any PostgreSQL 15+ (or PGlite) can run, no owners or grants. */
export const DUMP_ARGS = ["--no-owner", "--no-privileges", "--rows-per-insert=500"];

interface Setting {
  name: string;
  setting: string;
}

/**
 * Dumps a PGlite database with PGlite's own pg_dump (Debian's cannot read PGlite's PostgreSQL 18
 * through a socket, ADR 022). The caller makes sure nothing else runs meanwhile (the bridge lends
 * the database out between transactions), which also makes the dump consistent.
 *
 * PGlite is ONE session: pg_dump's session settings (search_path '', row_security off, …), its
 * read-only REPEATABLE READ transaction (pg_dump never commits: it just disconnects) and its
 * `DEALLOCATE ALL` (which would drop the app's prepared statements) would all stay behind for the
 * app. So the transaction is rolled back, the settings that changed are set back, and only the
 * statements pg_dump prepared are deallocated.
 */
export async function dumpAlone(db: PGlite): Promise<string> {
  const settingsQuery = "SELECT name, setting FROM pg_settings WHERE context IN ('user', 'superuser') ORDER BY name";
  const before = (await db.query<Setting>(settingsQuery)).rows;
  const preparedQuery = "SELECT name FROM pg_prepared_statements";
  const prepared = new Set((await db.query<{ name: string }>(preparedQuery)).rows.map((r) => r.name));
  // pg_dump's wrapper only needs these three; its DEALLOCATE ALL becomes "just pg_dump's" below.
  const lent = {
    query: (q: string) => db.query(q),
    exec: (q: string) => (q.trim().toUpperCase() === "DEALLOCATE ALL" ? Promise.resolve([]) : db.exec(q)),
    execProtocolRawStream: (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) =>
      db.execProtocolRawStream(message, options),
  } as unknown as PGlite;
  try {
    const file = await pgDump({ pg: lent, args: DUMP_ARGS });
    return await file.text();
  } finally {
    if (db.isInTransaction()) await db.exec("ROLLBACK");
    for (const { name } of (await db.query<{ name: string }>(preparedQuery)).rows) {
      if (!prepared.has(name)) await db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`);
    }
    const after = new Map((await db.query<Setting>(settingsQuery)).rows.map((r) => [r.name, r.setting]));
    for (const { name, setting } of before) {
      if (after.get(name) !== setting && name !== "transaction_isolation" && name !== "transaction_read_only") {
        await db.query("SELECT set_config($1, $2, false)", [name, setting]);
      }
    }
  }
}
