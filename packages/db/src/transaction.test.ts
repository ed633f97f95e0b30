import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./open.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";
import { transaction } from "./transaction.js";

// A defect the outside fuzzer found: a 100-call batch arriving while contact submissions were in flight ended the
// process. postgres.js's begin() had sent BEGIN down the embedded database's one connection while
// that connection's pipeline was full, without reserving it; other requests' queries then ran
// inside the transaction, and a socket callback threw. Runs on the embedded database, and on
// PostgreSQL when TEST_DATABASE_URL is set (enough pipelined reads to fill every pooled connection).
describe("transactions under a full query pipeline", () => {
  let testDb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await db.sql`CREATE TABLE tx_probe (tag text NOT NULL)`;
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  it("never crashes, never lets another caller's query into a transaction, and commits every one", async () => {
    // postgres.js pipelines up to 100 queries per connection. Transactions start behind runs of
    // 90 to 110 reads, so some BEGIN lands on the 100th place of a connection's pipeline.
    const writers = db.mode === "embedded" ? 40 : 120;
    const outside: Promise<{ x: string | null }[]>[] = [];
    const inside: Promise<{ n: number; x: string | null } | undefined>[] = [];
    for (let i = 0; i < writers; i++) {
      for (let r = 0; r < 90 + (i % 21); r++) {
        // Outside any transaction, txid_current_if_assigned() is NULL; a read that lands inside
        // someone's transaction (after its INSERT) sees that transaction's id.
        outside.push(db.sql<{ x: string | null }[]>`SELECT txid_current_if_assigned()::text AS x`.execute());
      }
      const tag = `w${i}`;
      inside.push(
        transaction(db.sql, async (tx) => {
          await tx`INSERT INTO tx_probe (tag) VALUES (${tag})`;
          const [mine] = await tx<{ n: number; x: string | null }[]>`
            SELECT count(*)::int AS n, txid_current_if_assigned()::text AS x FROM tx_probe WHERE tag = ${tag}`;
          return mine;
        }),
      );
    }
    const [outsideRows, insideRows] = await Promise.all([Promise.all(outside), Promise.all(inside)]);
    expect(outsideRows.every(([row]) => row?.x === null)).toBe(true);
    for (const row of insideRows) expect(row).toMatchObject({ n: 1, x: expect.any(String) });
    const [count] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM tx_probe`;
    expect(count?.n).toBe(writers);
  });

  it("rolls back everything when the body throws, and the connection stays usable", async () => {
    await expect(
      transaction(db.sql, async (tx) => {
        await tx`INSERT INTO tx_probe (tag) VALUES ('rolled-back')`;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(
      transaction(db.sql, async (tx) => {
        await tx`INSERT INTO tx_probe (tag) VALUES ('bad-sql')`;
        await tx`SELECT no_such_column FROM tx_probe`;
      }),
    ).rejects.toThrow(/no_such_column/);
    const [row] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM tx_probe WHERE tag IN ('rolled-back', 'bad-sql')`;
    expect(row?.n).toBe(0);
  });
});
