import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Sql } from "./sql.js";

/** Resolved through the package so it works from source, from tests and from the bundled server. */
export const migrationsDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@crawlguard/db/package.json")), "migrations");

// Any fixed 64-bit number; every instance that migrates takes the same lock.
const MIGRATION_LOCK_ID = 7_340_212_001;

/**
 * Applies pending migrations in order, each in its own transaction, under a session advisory lock
 * so that two servers starting at once never both migrate. Returns the names applied.
 */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await sql.reserve().then(async (conn) => {
    try {
      await conn`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await conn`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
      const done = new Set((await conn<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(dir, file), "utf8");
        await conn
          .unsafe(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`)
          .catch(async (err: unknown) => {
            await conn.unsafe("ROLLBACK").catch(() => {});
            throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
          });
        applied.push(file);
      }
    } finally {
      await conn`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
      conn.release();
    }
  });
  return applied;
}
