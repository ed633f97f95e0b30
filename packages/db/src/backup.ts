import { spawn } from "node:child_process";
import { DUMP_ARGS } from "./dump.js";
import type { Sql } from "./sql.js";

/** The tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export async function userRelations(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT n.nspname || '.' || c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    ORDER BY 1`;
  return rows.map((r) => r.name);
}

/**
 * A dump made for one server fitted to another: psql's `\restrict` lines go (this runs the SQL
 * itself), and settings a PostgreSQL older than the dumping pg_dump lacks (PGlite is PostgreSQL 18,
 * the target may be 15) are left out.
 */
export function fitDump(script: string, serverVersionNum: number): string {
  return script
    .split("\n")
    .filter((line) => !/^\\(un)?restrict\b/.test(line))
    .filter((line) => serverVersionNum >= 170000 || !/^SET transaction_timeout\b/.test(line))
    .join("\n");
}

/**
 * Restores a plain-SQL dump into the database `sql` reaches, in one transaction, refusing a
 * database that already has tables (the target must be empty: nothing is merged or overwritten).
 */
export async function restoreDump(sql: Sql, script: string): Promise<void> {
  const existing = await userRelations(sql);
  if (existing.length > 0) {
    throw new Error(
      `the target database is not empty (${existing.length} tables and sequences, e.g. ${existing.slice(0, 3).join(", ")}): restore only into an empty database`,
    );
  }
  const [row] = await sql<{ version: string }[]>`SELECT current_setting('server_version_num') AS version`;
  const fitted = fitDump(script, Number(row?.version ?? 0));
  // One connection, and its session settings back afterwards: the dump sets search_path to ''.
  const conn = await sql.reserve();
  try {
    await conn.unsafe("BEGIN");
    try {
      await conn.unsafe(fitted);
      await conn.unsafe("COMMIT");
    } catch (err) {
      await conn.unsafe("ROLLBACK").catch(() => {});
      throw err;
    }
  } finally {
    await conn.unsafe("RESET ALL").catch(() => {});
    conn.release();
  }
}

/**
 * Dumps a PostgreSQL database with the machine's `pg_dump` (its major version must be at least the
 * server's), in the same plain-SQL form as the embedded database's dumps. The password goes in the
 * environment, not on the command line.
 */
export function dumpPostgres(databaseUrl: string, pgDumpPath = "pg_dump"): Promise<string> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(pgDumpPath, [...DUMP_ARGS, "--dbname", url.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.once("error", (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "ENOENT"
          ? new Error(`${pgDumpPath} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`)
          : e,
      ),
    );
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`pg_dump failed (exit ${code}): ${Buffer.concat(err).toString("utf8").trim()}`));
    });
  });
}
