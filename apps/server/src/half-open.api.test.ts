// Database connections that go silent without a FIN or RST (a NAT that forgot them, a failover):
// the health probes must not wait for a probe stuck on such a connection. A TCP proxy between the
// server and PostgreSQL freezes every connection open at that moment while new ones still work;
// both doors' /api/health and /api/health/ready must answer 200 again well before the frozen
// connections are destroyed (35 s), over new connections. The full drill (a server process, mail,
// the frozen connections destroyed): half-open-drill.api.test.ts.
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "./server.js";
import { FreezingProxy } from "@crawlguard/testing/freezing-proxy";
import { ApiClient, doors, startServerOn } from "@crawlguard/testing/harness";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only: the embedded database runs inside the server process, reached over a Unix socket the
// process opens itself; nothing lies between them that can go half-open.
describe.skipIf(!POSTGRES)("health probes with the database's connections frozen (PostgreSQL)", () => {
  let testDb: TestDatabase;
  let proxy: FreezingProxy;
  let running: RunningServer;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const through = await FreezingProxy.forUrl(testDb.databaseUrl!);
    proxy = through.proxy;
    running = await startServerOn({ dataDir: testDb.dataDir, databaseUrl: through.url });
  });
  afterAll(async () => {
    running.server.closeIdleConnections();
    // The pool's frozen connections are cut by the proxy, so the stop does not wait on them.
    await proxy.close();
    await running.stop();
    await testDb.drop();
  });

  it(
    "answers 200 again on both doors within seconds, over new connections, while the old ones stay frozen",
    { timeout: 60_000 },
    async () => {
      const client = new ApiClient(running.url);
      const check = async () => {
        const [rest, trpc, ready] = await Promise.all([
          client.call("rest", "health.check"),
          client.call("trpc", "health.check"),
          fetch(`${running.url}/api/health/ready`).then((r) => r.status),
        ]);
        return { rest: rest.status, trpc: trpc.status, ready };
      };
      // A few connections open and idle, as on a server that has been answering.
      await Promise.all([check(), check(), check()]);
      expect(await check()).toEqual({ rest: 200, trpc: 200, ready: 200 });

      const frozen = proxy.freeze();
      expect(frozen).toBeGreaterThan(0);
      const frozenAt = performance.now();
      const seen: string[] = [];
      let answer = await check();
      while (!(answer.rest === 200 && answer.trpc === 200 && answer.ready === 200) && performance.now() - frozenAt < 30_000) {
        seen.push(JSON.stringify(answer));
        await sleep(500);
        answer = await check();
      }
      const back = performance.now() - frozenAt;
      expect(answer, `answers after the freeze: ${seen.join(" ")}`).toEqual({ rest: 200, trpc: 200, ready: 200 });
      // Before the silent connections are destroyed (35 s): the probes did not wait for the stuck one.
      expect(back).toBeLessThan(20_000);
      expect(proxy.counts.frozen).toBe(frozen);
      for (const door of doors) expect((await client.call(door, "health.check")).status).toBe(200);
      console.log(
        `half-open probes: 200 on both doors ${Math.round(back)} ms after freezing ${frozen} connections (${seen.length} answers before)`,
      );
    },
  );
});
