import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./open.js";
import { transaction } from "./transaction.js";

// PGlite is one backend behind the socket: concurrent clients must never see each other's rows.
describe("embedded database under concurrency", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
  });
  afterAll(() => db.close());

  it("keeps results of concurrent queries on one connection apart", async () => {
    const [u] = await db.sql<{ id: string }[]>`INSERT INTO users (username, email, password) VALUES ('c', 'c@x.co', 'h') RETURNING id`;
    await db.sql`INSERT INTO leads (name, email, service) VALUES ('Lead', 'l@x.co', 'crawl-space')`;
    for (let round = 0; round < 20; round++) {
      const [users, leads, raw] = await Promise.all([
        db.sql`SELECT id, username FROM users WHERE id = ${u!.id}`,
        db.sql`SELECT name, service, status FROM leads WHERE email = ${"l@x.co"}`,
        db.sql.unsafe("SELECT user_id FROM sessions WHERE id = $1", ["missing"]),
      ]);
      expect(users[0]).toEqual({ id: u!.id, username: "c" });
      expect(leads[0]).toEqual({ name: "Lead", service: "crawl-space", status: "new" });
      expect(raw).toHaveLength(0);
    }
    // A transaction holds the single connection: a query sent while it is open waits for the
    // commit (it sees the committed row) and does not run inside it (no transaction id).
    let outside: Promise<{ n: number; x: string | null }[]> | undefined;
    await transaction(db.sql, async (tx) => {
      await tx`INSERT INTO leads (name, email, service) VALUES ('Tx', 't@x.co', 'x')`;
      outside = db.sql<
        { n: number; x: string | null }[]
      >`SELECT count(*)::int AS n, txid_current_if_assigned()::text AS x FROM leads`.execute();
      await tx`SELECT pg_sleep(0.05)`;
    });
    expect((await outside!)[0]).toEqual({ n: 2, x: null });
  });
});
