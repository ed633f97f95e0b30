import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitDump, restoreDump, userRelations } from "./backup.js";
import { findDumpSocket, requestDump } from "./dump-channel.js";
import { openDatabase, type Database } from "./open.js";
import { createSql, type Sql } from "./sql.js";
import { startEmbeddedDatabase } from "./embedded.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";

/** Every row of every table, as text, in a fixed order: two databases with equal snapshots hold the same data. */
async function snapshot(sql: Sql): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await sql.unsafe<{ r: string }[]>(`SELECT to_jsonb(t)::text AS r FROM public."${name}" t`);
    out[name] = rows.map((row) => row.r).sort();
  }
  return out;
}

describe("embedded backup while the app writes, restore into embedded and PostgreSQL", () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-backup-"));
    db = await openDatabase({ dataDir: path.join(dir, "data") });
    await db.sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now(), meta jsonb)`;
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("dumps over the local channel under write load; the dump is one consistent moment and the app's session is untouched", async () => {
    const socket = await findDumpSocket(path.join(dir, "data"));
    expect(socket).toBe(path.join(dir, "data", ".s.dump"));
    const session = () => db.sql<{ searchPath: string; rowSecurity: string; readOnly: string; floats: string }[]>`
      SELECT current_setting('search_path') AS search_path, current_setting('row_security') AS row_security,
             current_setting('transaction_read_only') AS read_only, current_setting('extra_float_digits') AS floats`;
    const [sessionBefore] = await session();
    expect(sessionBefore).toMatchObject({ rowSecurity: "on", readOnly: "off" });
    let writing = true;
    let acknowledged = 0;
    const writer = (async () => {
      let i = 0;
      while (writing) {
        // Two rows per transaction: a consistent dump never holds half of one.
        await db.sql.begin(async (tx) => {
          await tx`INSERT INTO notes (body, meta) VALUES (${`a${i}`}, ${tx.json({ i, quote: "it's" })})`;
          await tx`INSERT INTO notes (body) VALUES (${`b${i}`})`;
        });
        acknowledged += 2;
        i++;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const dump = await requestDump(socket!);
    const atDump = acknowledged;
    await new Promise((r) => setTimeout(r, 200));
    writing = false;
    await writer;
    expect(acknowledged).toBeGreaterThan(atDump);
    const inserted = dump;
    const count = (inserted.match(/'a\d+'/g) ?? []).length;
    expect(count).toBeGreaterThan(0);
    expect((inserted.match(/'b\d+'/g) ?? []).length).toBe(count);
    // The app's session: search_path, settings and transaction mode as before; prepared statements work.
    expect((await session())[0]).toEqual(sessionBefore);
    await db.sql.begin(async (tx) => {
      await tx`INSERT INTO notes (body) VALUES ('after')`;
    });
    expect((await db.sql`SELECT count(*)::int AS n FROM notes`)[0]!.n).toBe(acknowledged + 1);
  });

  it("restores into an empty embedded database and an empty PostgreSQL database with every row equal, and refuses non-empty ones", async () => {
    const socket = await findDumpSocket(path.join(dir, "data"));
    const dump = await requestDump(socket!);
    const source = await snapshot(db.sql);

    const embedded = await startEmbeddedDatabase(path.join(dir, "restored"));
    const target = createSql(embedded);
    try {
      await restoreDump(target, dump);
      expect(await snapshot(target)).toEqual(source);
      expect(await userRelations(target)).toContain("public.notes_id_seq");
      // Sequences carried over: the next id follows the restored ones.
      const [next] = await target<{ id: number }[]>`INSERT INTO notes (body) VALUES ('next') RETURNING id`;
      const [max] = await db.sql<{ id: number }[]>`SELECT max(id)::int AS id FROM notes`;
      expect(next!.id).toBe(max!.id + 1);
      await expect(restoreDump(target, dump)).rejects.toThrow(/not empty/);
    } finally {
      await target.end();
      await embedded.stop();
    }

    const pg: TestDatabase | null = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
    if (!pg) return;
    const pgSql = createSql({ url: pg.databaseUrl! });
    try {
      await restoreDump(pgSql, dump);
      expect(await snapshot(pgSql)).toEqual(source);
      await expect(restoreDump(pgSql, dump)).rejects.toThrow(/not empty/);
    } finally {
      await pgSql.end();
      await pg.drop();
    }
  });

  it("serves dumps on an owner-only socket; under a DATA_DIR too long for a socket, in a private directory DATA_DIR points to", async () => {
    expect((await stat(path.join(dir, "data", ".s.dump"))).mode & 0o777).toBe(0o600);
    const deep = path.join(dir, "d".repeat(60), "e".repeat(40));
    const embedded = await startEmbeddedDatabase(deep);
    try {
      const socket = await findDumpSocket(deep);
      expect(socket).not.toBeNull();
      expect(path.dirname(socket!)).not.toBe(deep);
      expect((await stat(path.dirname(socket!))).mode & 0o777).toBe(0o700);
      expect(await requestDump(socket!)).toContain("PostgreSQL database dump complete");
    } finally {
      await embedded.stop();
    }
    expect(await findDumpSocket(deep)).toBeNull();
  });

  it("a server that is not running offers no dump", async () => {
    expect(await findDumpSocket(path.join(dir, "nothing-here"))).toBeNull();
  });
});

describe("fitDump", () => {
  it("drops psql's \\restrict lines, and transaction_timeout for servers before 17", () => {
    const script = "\\restrict abc\nSET transaction_timeout = 0;\nSET lock_timeout = 0;\n\\unrestrict abc\n";
    expect(fitDump(script, 150020)).toBe("SET lock_timeout = 0;\n");
    expect(fitDump(script, 180000)).toBe("SET transaction_timeout = 0;\nSET lock_timeout = 0;\n");
  });
});
