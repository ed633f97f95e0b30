/**
 * What the fuzzer can see of the server's state: digests of the stored data (to prove a
 * rejected request changed nothing) and the ids, emails and secrets it must never leak.
 * With the database at hand (the fuzzer started the server) it reads the tables; against a
 * server it only knows by URL it reads the admin's API listings instead.
 */
import { createHash } from "node:crypto";
import type { Sql } from "@crawlguard/db";

/** Secrets only the database shows (the API never should). */
export interface Snapshot {
  userIds: string[];
  passwordHashes: string[];
  sessionIds: string[];
}

export interface Inspector {
  kind: "database" | "api";
  /** A digest per table (or listing) of everything a rejected request must leave alone. */
  digest(): Promise<Record<string, string>>;
  snapshot(): Promise<Snapshot>;
}

/**
 * Tables and the columns that count. Left out: rate_limit_hits, login_failures and
 * login_known_addresses (a refused login or contact form is *meant* to count against its sender,
 * a sign-in remembers its address; ADR 015) and sessions.expires_at (lucia slides it on use).
 */
const IGNORED_TABLES = new Set(["rate_limit_hits", "login_failures", "login_known_addresses", "schema_migrations"]);
const COLUMNS: Record<string, string> = { sessions: "id, user_id, created_at" };

export function databaseInspector(sql: Sql): Inspector {
  let digestQuery: string | null = null;
  return {
    kind: "database",
    async digest() {
      if (!digestQuery) {
        const tables = await sql<{ tableName: string }[]>`
          SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
        digestQuery = tables
          .map((t) => t.tableName)
          .filter((name) => !IGNORED_TABLES.has(name))
          .map((name) => {
            const id = `"${name.replaceAll('"', '""')}"`;
            return `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM (SELECT ${COLUMNS[name] ?? "*"} FROM ${id}) x`;
          })
          .join("\nUNION ALL\n");
      }
      const rows = await sql.unsafe<{ t: string; h: string }[]>(digestQuery);
      return Object.fromEntries(rows.map((r) => [r.t, r.h]));
    },
    async snapshot() {
      const [users, sessions] = await Promise.all([
        sql<{ id: string; password: string }[]>`SELECT id, password FROM users`,
        sql<{ id: string }[]>`SELECT id FROM sessions`,
      ]);
      return { userIds: users.map((u) => u.id), passwordHashes: users.map((u) => u.password), sessionIds: sessions.map((s) => s.id) };
    },
  };
}

/** Reads state through the admin's listings (GET /api/users, /api/leads, /api/contact-submissions). */
export function apiInspector(get: (path: string) => Promise<{ status: number; text: string }>): Inspector {
  const listing = async (path: string) => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`Inspector: GET ${path} answered ${res.status}`);
    return res.text;
  };
  return {
    kind: "api",
    async digest() {
      const out: Record<string, string> = {};
      for (const path of ["/api/users", "/api/leads", "/api/contact-submissions"]) {
        out[path] = createHash("md5")
          .update(await listing(path))
          .digest("hex");
      }
      return out;
    },
    // The API shows no password hash or session id: the leak checks look for their shapes instead.
    snapshot: () => Promise.resolve({ userIds: [], passwordHashes: [], sessionIds: [] }),
  };
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
