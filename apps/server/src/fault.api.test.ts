// Faults: the server is killed with SIGKILL in the middle of a stream of writes (contact
// submissions, lead updates, bookings), then started again on the same database. Every write that
// was acknowledged must be there with its acknowledged values, nothing may be half-written (a lead
// and its timeline agree, a submission is whole or absent, counts add up), and the embedded
// database must start cleanly after each unclean stop.
//
// The server runs as a child process from source (src/test/server-process.ts through tsx), so the
// test needs no build and always tests the current code. FAULT_SEED=n replays a run's choices
// (which write, which door, when to kill); FAULT_CYCLES=n sets the number of kills.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { seededRandom, streamWrites, WriteLedger } from "@crawlguard/testing/write-stream";

const embedded = !process.env.TEST_DATABASE_URL;
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 100_000);
// The embedded database is killed with the process, so it gets more rounds; on PostgreSQL only the
// application dies (its open transactions are rolled back by the database server).
const CYCLES = Number(process.env.FAULT_CYCLES ?? (embedded ? 3 : 2));
const WORKERS = 6;
const LEADS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`kill -9 during a stream of writes (${embedded ? "embedded database" : "PostgreSQL"}, seed ${SEED})`, () => {
  let testDb: TestDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("keeps every acknowledged write, whole, and starts cleanly after each kill", { timeout: 180_000 }, async () => {
    const random = seededRandom(SEED);
    const start = (port?: number) => spawnServer({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, port });
    server = await start();
    const { port } = server;
    // The same port after every restart, so the clients (and their session cookie) carry over.
    const staff = new ApiClient(server.url);
    expect((await staff.call("rest", "auth.register", newAccount("fault"))).status).toBe(200);
    const ledger = new WriteLedger(random, "fault.example");
    await ledger.createLeads(staff, LEADS);

    const rounds: string[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      let killed = false;
      const acksBefore = Object.values(ledger.counts.acked).reduce((a, b) => a + b, 0);
      const stream = streamWrites(ledger, staff, { workers: WORKERS, stopped: () => killed, tagPrefix: `c${cycle}` });
      // Let some writes be acknowledged, then kill after a seeded delay, mid-stream.
      const until = Date.now() + 20_000;
      while (Object.values(ledger.counts.acked).reduce((a, b) => a + b, 0) < acksBefore + 10 && Date.now() < until) await sleep(20);
      await sleep(200 + Math.floor(random() * 1200));
      await server.kill9();
      killed = true;
      await stream;
      expect(ledger.refused, "requests answered with an error status").toEqual([]);

      server = await start(port);
      expect(server.problems(), "warnings or errors while starting after kill -9").toEqual([]);
      const user = await staff.call("rest", "auth.me");
      expect(user.status, "the session made before the kill still signs in").toBe(200);
      const failures = await ledger.verify(staff);
      expect(failures, `data after kill ${cycle}`).toEqual([]);
      rounds.push(`kill ${cycle}: restart ${Math.round(server.startMs)} ms`);
    }

    // The database recovered for good: the server writes, reads back, and stops gracefully.
    const streamEnd = Date.now() + 1000;
    await streamWrites(ledger, staff, { workers: 2, stopped: () => Date.now() > streamEnd, tagPrefix: "after" });
    expect(await ledger.verify(staff)).toEqual([]);
    expect(ledger.refused).toEqual([]);
    expect(await server.stop(), "exit code of the graceful stop").toBe(0);
    expect(server.problems(), "warnings or errors after recovery").toEqual([]);
    server = undefined;

    const { acked, unknown } = ledger.counts;
    console.log(
      `fault test (${embedded ? "embedded" : "PostgreSQL"}, seed ${SEED}): acknowledged ${JSON.stringify(acked)}; ` +
        `in flight at a kill ${JSON.stringify(unknown)}; ${rounds.join("; ")}`,
    );
    expect(acked.contact + acked["lead update"] + acked.booking).toBeGreaterThan(CYCLES * 10);
  });
});
