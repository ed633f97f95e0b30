// Webhooks once per event across instances (ADR 030) with real server processes: leads
// are created through both instances, the receiver (verifying every Standard Webhooks signature)
// withholds its answer to the first delivery, and the instance sending it is killed with SIGKILL,
// between the commit and the answer. Another instance (PostgreSQL: the second one running;
// embedded: the same one started again) takes the dead one's job over once its heartbeat is silent
// and sends when the row's lease has run out. The guarantee ADR 030 gives, asserted exactly: every
// event arrives, each under one webhook-id with the same bytes every time; only a delivery that
// reached the receiver before the kill (the stalled one, at least) arrives a second time, and the
// receiver dedupes it by its webhook-id.
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount, registerInvited } from "@crawlguard/testing/harness";
import { socketOwner } from "@crawlguard/testing/socket-owner";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const LEADS = 4;

describe(`webhooks: an instance killed between commit and send (${POSTGRES ? "PostgreSQL, two instances" : "embedded database, restarted"})`, () => {
  let receiver: WebhookReceiver | undefined;
  let testDb: TestDatabase | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await receiver?.stop();
    await testDb?.drop();
  });

  const start = async () => {
    const server = await spawnServer({
      dataDir: testDb!.dataDir,
      databaseUrl: testDb!.databaseUrl,
      env: {
        WEBHOOKS_ALLOW_HTTP: "true",
        WEBHOOKS_RETRY_BASE_SECONDS: "0.2",
        WEBHOOKS_POLL_MS: "100",
        JOBS_HEARTBEAT_SECONDS: "10",
        JOBS_SUPERVISE_SECONDS: "1",
      },
    });
    servers.push(server);
    return server;
  };

  it(
    "every event arrives under one webhook-id; only what was in flight at the kill comes again, same id, same bytes",
    { timeout: 120_000 },
    async () => {
      receiver = await WebhookReceiver.start();
      testDb = await createTestDatabase();
      const running = [await start(), ...(POSTGRES ? [await start()] : [])];
      const clients = running.map((s) => new ApiClient(s.url));
      const admin = clients[0]!;
      expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
      if (clients[1]) expect((await registerInvited(admin, clients[1], "rest")).status).toBe(200);
      const made = await admin.call("rest", "webhooks.create", {
        url: `${receiver.url}/crash`,
        events: ["lead.created"],
        description: "crash",
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      receiver.expect("/crash", made.body.secret);
      const endpointId = made.body.id as string;
      // The first delivery to arrive is never answered. (Leads are made through both instances: a
      // change wakes its instance's sender, so either may be the one sending it.)
      receiver.hold = (_path, n) => n === 1;

      const names = Array.from({ length: LEADS }, (_, i) => `Crash Lead ${i} ${Date.now()}`);
      const created = await Promise.all(
        names.map((name, i) =>
          clients[i % clients.length]!.call("rest", "leads.create", {
            name,
            email: `crash${i}@example.com`,
            zipCode: "28801",
            service: "crawl-space",
          }),
        ),
      );
      for (const res of created) expect(res.status, JSON.stringify(res.body)).toBe(200);

      await receiver.until(() => receiver!.on("/crash").length >= 1, 15_000, "the delivery to stall");
      const held = receiver.on("/crash")[0]!;
      const owner = await socketOwner(
        held.remotePort,
        running.map((s) => s.pid),
      );
      expect(owner, "the process sending the stalled delivery").toBeDefined();
      const victim = running.find((s) => s.pid === owner)!;
      const killedAt = performance.now();
      await victim.kill9();
      // What reached the receiver while the victim lived: only these may come again (in flight at the kill).
      const beforeKill = receiver.on("/crash").length;
      const survivors = running.filter((s) => s !== victim);
      if (!POSTGRES) survivors.push(await start());

      const ids = () => new Set(receiver!.on("/crash").map((r) => r.id));
      await receiver.until(() => ids().size === LEADS && receiver!.on("/crash").filter((r) => r.id === held.id).length === 2, 60_000);
      const takeoverMs = performance.now() - killedAt;
      await new Promise((r) => setTimeout(r, 1500));

      const got = receiver.on("/crash");
      expect(receiver.rejected).toEqual([]);
      expect(ids().size).toBe(LEADS);
      expect([...new Set(got.map((r) => r.body.data.lead.name as string))].sort()).toEqual([...names].sort());
      // Each event under one webhook-id, with the same bytes every time; at most twice, and twice only
      // when its first copy reached the receiver before the kill (the held one, or one answered in
      // the moment between the receiver's answer and the victim recording it). After the kill, once.
      const earlier = new Set(got.slice(0, beforeKill).map((r) => r.id));
      for (const id of ids()) {
        const copies = got.filter((r) => r.id === id);
        expect(copies.length, `copies of ${id}`).toBeLessThanOrEqual(earlier.has(id) ? 2 : 1);
        for (const copy of copies) expect(copy.raw).toBe(copies[0]!.raw);
      }
      expect(got.filter((r) => r.id === held.id)).toHaveLength(2);
      expect(got.slice(beforeKill).every((r) => r.remotePort !== held.remotePort)).toBe(true);

      // The delivery log on the instance left: all delivered, the stalled one on its second attempt.
      const reader = new ApiClient(survivors[0]!.url);
      reader.cookies = admin.cookies;
      const log = (await reader.call("rest", "webhooks.deliveries", { id: endpointId })).body as { status: string; attempts: number }[];
      expect(log.map((d) => d.status)).toEqual(Array(LEADS).fill("delivered"));
      // Attempts: 2 for each event sent again after the kill, 1 for the rest.
      const again = [...ids()].filter((id) => got.filter((r) => r.id === id).length === 2).length;
      expect(log.map((d) => d.attempts).sort()).toEqual([...Array<number>(LEADS - again).fill(1), ...Array<number>(again).fill(2)]);
      console.log(
        `webhooks crash test (${POSTGRES ? "PostgreSQL" : "embedded"}): all delivered ${Math.round(takeoverMs)} ms after the kill; ` +
          `${beforeKill} received before it, ${again} sent again`,
      );
    },
  );
});
