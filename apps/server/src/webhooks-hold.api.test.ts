// Webhook deliveries after a restore: the deliveries pending in a backup may have reached their
// receivers from the original installation since, so `db:restore --hold-deliveries` restores them
// held. Nothing is sent (not those, not new ones) until an admin resumes, through either door;
// then every waiting delivery goes, under its webhook-id. Admins only, never with an API key.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { backup, restore } from "./backup.js";
import { loadEnv } from "./env.js";
import type { RunningServer } from "./server.js";
import {
  ApiClient,
  doors,
  newAccount,
  registerInvited,
  startServerOn,
  startTestServer,
  type TestServer,
} from "@crawlguard/testing/harness";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const ENV = { WEBHOOKS_ALLOW_HTTP: "true", WEBHOOKS_RETRY_BASE_SECONDS: "0.2", WEBHOOKS_POLL_MS: "100" };
const HELD_RESEND = "Webhook deliveries are held since a restore. Resume deliveries before resending.";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lead = () => ({
  name: `Held ${randomUUID().slice(0, 6)}`,
  email: `held${randomUUID().slice(0, 6)}@example.com`,
  zipCode: "28801",
  service: "crawl-space",
});

describe(`webhook deliveries held after a restore (${POSTGRES ? "PostgreSQL" : "embedded database"})`, () => {
  let receiver: WebhookReceiver;
  let source: TestServer;
  let sourceStopped = false;
  let restored: RunningServer | undefined;
  let target: TestDatabase | undefined;
  let work: string;
  const account = newAccount("holdadmin");
  let admin: ApiClient;
  let staff: ApiClient;
  let endpointId: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    work = await mkdtemp(path.join(os.tmpdir(), "crawlguard-hold-"));
    source = await startTestServer(ENV);
    admin = new ApiClient(source.url);
    expect((await admin.call("rest", "auth.register", account)).status).toBe(200);
    staff = new ApiClient(source.url);
    expect((await registerInvited(admin, staff, "rest")).status).toBe(200);
    const made = await admin.call("rest", "webhooks.create", { url: `${receiver.url}/crm`, events: ["lead.created"] });
    expect(made.status).toBe(200);
    receiver.expect("/crm", made.body.secret);
    endpointId = made.body.id;
  });
  afterAll(async () => {
    await restored?.stop();
    await target?.drop();
    if (sourceStopped) await source.testDb.drop();
    else await source?.stop();
    await receiver?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("shows the state to admins only, never to an API key; resuming when nothing is held changes nothing", async () => {
    const key = await admin.call("rest", "apiKeys.create", { name: "Zapier hold", scope: "read-write" });
    expect(key.status).toBe(200);
    const withKey = new ApiClient(source.url, { origin: null, headers: { authorization: `Bearer ${key.body.key}` } });
    const anonymous = new ApiClient(source.url);
    for (const door of doors) {
      expect((await admin.call(door, "webhooks.deliveriesHold")).body, door).toEqual({
        held: false,
        since: null,
        reason: null,
        waiting: 0,
      });
      expect((await admin.call(door, "webhooks.resumeDeliveries")).body, door).toMatchObject({ held: false, waiting: 0 });
      for (const name of ["webhooks.deliveriesHold", "webhooks.resumeDeliveries"]) {
        expect((await staff.call(door, name)).status, `${door} ${name} staff`).toBe(403);
        expect((await withKey.call(door, name)).status, `${door} ${name} key`).toBe(403);
        expect((await anonymous.call(door, name)).status, `${door} ${name} anonymous`).toBe(401);
      }
    }
  });

  it(
    "restores with --hold-deliveries: nothing is sent until an admin resumes, then every waiting delivery goes",
    { timeout: 120_000 },
    async () => {
      // Deliveries waiting when the backup is made: the sender is stopped, the events are queued.
      await source.running.webhooks.pause();
      for (let i = 0; i < 2; i++) expect((await admin.call("rest", "leads.create", lead())).status).toBe(200);
      expect((await admin.call("rest", "webhooks.deliveriesHold")).body).toMatchObject({ held: false, waiting: 2 });
      await source.running.stop();
      sourceStopped = true;
      const archive = path.join(work, "held.tar.gz");
      await backup(loadEnv({ NODE_ENV: "test", DATA_DIR: source.testDb.dataDir, DATABASE_URL: source.testDb.databaseUrl }), archive);

      // An empty target: a new PostgreSQL database, or an empty DATA_DIR.
      target = POSTGRES ? await createTestDatabase() : await createTestDatabase(undefined, { fromTemplate: false });
      const into = loadEnv({ NODE_ENV: "test", DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
      expect(await restore(into, archive, { holdDeliveries: true })).toMatchObject({ deliveriesHeld: true });

      restored = await startServerOn(target, ENV);
      const back = new ApiClient(restored.url);
      expect((await back.call("rest", "auth.login", { email: account.email, password: account.password })).status).toBe(200);
      for (const door of doors) {
        const hold = await back.call(door, "webhooks.deliveriesHold");
        expect(hold.status, door).toBe(200);
        expect(hold.body, door).toMatchObject({
          held: true,
          waiting: 2,
          reason: expect.stringMatching(/^Restored from the backup made at /),
        });
        expect(Date.parse(hold.body.since), door).not.toBeNaN();
      }
      // Held: neither the restored deliveries nor a new event's go out, and a resend is refused.
      expect((await back.call("rest", "leads.create", lead())).status).toBe(200);
      await sleep(1500);
      expect(receiver.received).toEqual([]);
      const log = await back.call("rest", "webhooks.deliveries", { id: endpointId });
      expect(log.body).toHaveLength(3);
      for (const door of doors) {
        const resend = await back.call(door, "webhooks.resend", { id: endpointId, deliveryId: log.body[0].id });
        expect(resend.status, door).toBe(409);
        expect(resend.body.message, door).toBe(HELD_RESEND);
      }

      // Resumed through tRPC: all three arrive, once each.
      const resumed = await back.call("trpc", "webhooks.resumeDeliveries");
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ held: false, since: null, reason: null });
      await receiver.until(() => receiver.received.length >= 3, 30_000);
      await sleep(500);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(3);
      expect(receiver.received).toHaveLength(3);
      expect((await back.call("rest", "webhooks.deliveriesHold")).body).toEqual({ held: false, since: null, reason: null, waiting: 0 });

      // Held again (as a second restore would leave it) and resumed through REST.
      await restored.db.sql`INSERT INTO webhook_deliveries_hold (reason) VALUES ('Restored again')`;
      expect((await back.call("rest", "leads.create", lead())).status).toBe(200);
      await sleep(1000);
      expect(receiver.received).toHaveLength(3);
      expect((await back.call("rest", "webhooks.deliveriesHold")).body).toMatchObject({ held: true, reason: "Restored again", waiting: 1 });
      expect((await back.call("rest", "webhooks.resumeDeliveries")).body).toMatchObject({ held: false });
      await receiver.until(() => receiver.received.length >= 4, 30_000);
      expect(receiver.rejected).toEqual([]);
    },
  );
});
