// A calendar push that was running on an instance that died is due again within a
// minute (pg-boss heartbeats, ADR 022), while a push an instance is still running stays its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@crawlguard/db";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { HEARTBEAT_SECONDS, PushQueue } from "@crawlguard/google-calendar";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a push held by a dead instance comes back within a minute (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded database"})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  const queues: PushQueue[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    for (const q of queues) await q.stop().catch(() => {});
    await db?.close();
    await testDb?.drop();
  });

  const start = async () => {
    const queue = await PushQueue.start({ databaseUrl: testDb.databaseUrl, sql: db.sql, retryBaseSeconds: 10 });
    queues.push(queue);
    return queue;
  };

  it(
    "keeps a running push with its instance while it beats, and gives it to another within a minute once it stops",
    { timeout: 150_000 },
    async () => {
      const alive = await start();
      const other = await start();
      const leadId = crypto.randomUUID();
      await alive.enqueue(db.sql, leadId);
      const [job] = await alive.fetch(5);
      expect(job?.leadId).toBe(leadId);

      // Longer than a heartbeat interval plus a supervision pass: the running push is not taken.
      await sleep((HEARTBEAT_SECONDS + 15) * 1000);
      expect(await other.fetch(5)).toEqual([]);

      // The instance dies mid-push (its heartbeats stop; the job was never settled).
      await alive.stop();
      const died = Date.now();
      let back: Awaited<ReturnType<PushQueue["fetch"]>> = [];
      while (back.length === 0 && Date.now() - died < 90_000) {
        await sleep(1000);
        back = await other.fetch(5);
      }
      const seconds = (Date.now() - died) / 1000;
      expect(back.map((j) => j.leadId)).toEqual([leadId]);
      expect(seconds).toBeLessThan(60);
      await other.complete(back[0]!);
      expect(await other.pending(db.sql)).toBe(0);
    },
  );
});
