// Webhooks (ADR 030): endpoints registered by admins, events signed per Standard Webhooks
// and verified by a local receiver with `standardwebhooks`, sent after commit (nothing for a rolled
// back change, nothing lost when the instance dies between commit and send), retried with
// backoff, delivered once per event across instances, refused for addresses inside the building,
// and an endpoint failing for its whole window disabled.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventTypes } from "@crawlguard/validators";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import type { RunningServer } from "@crawlguard/testing/harness";
import { JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { ApiClient, newAccount, registerInvited, startTestServer, type TestServer, startServerOn } from "@crawlguard/testing/harness";
import { imageOf } from "@crawlguard/testing/images";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const ENV = {
  WEBHOOKS_ALLOW_HTTP: "true",
  WEBHOOKS_RETRY_BASE_SECONDS: "0.2",
  WEBHOOKS_POLL_MS: "100",
  WEBHOOKS_RETRY_WINDOW_SECONDS: "120",
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Another server on the same database (a second instance, or the one that starts after a crash). */
function startOn(testDb: TestDatabase, env: Record<string, string> = ENV): Promise<RunningServer> {
  return startServerOn(testDb, env);
}

async function register(admin: ApiClient, receiver: WebhookReceiver, path: string, events: readonly string[] = webhookEventTypes) {
  const res = await admin.call("rest", "webhooks.create", { url: `${receiver.url}${path}`, events, description: `test ${path}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  receiver.expect(path, res.body.secret);
  return res.body as { id: string; secret: string; url: string };
}

const lead = (name = `Kim Park ${randomUUID().slice(0, 6)}`) => ({
  name,
  email: `kim${randomUUID().slice(0, 6)}@example.com`,
  zipCode: "28801",
  service: "crawl-space",
});

describe(`webhooks (${POSTGRES ? "PostgreSQL" : "embedded database"})`, () => {
  let srv: TestServer;
  let receiver: WebhookReceiver;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    srv = await startTestServer(ENV);
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, "rest")).status).toBe(200);
  });
  afterAll(async () => {
    await srv?.stop();
    await receiver?.stop();
  });

  it("registers endpoints for admins only: https (http only to loopback with the flag), never private or metadata addresses; the secret once", async () => {
    for (const door of ["rest", "trpc"] as const) {
      const res = await staff.call(door, "webhooks.create", { url: `${receiver.url}/staff`, events: ["lead.created"] });
      expect(res.status).toBe(403);
      expect((await staff.call(door, "webhooks.list")).status).toBe(403);
    }
    const refused: [string, string][] = [
      ["http://hooks.example.com/x", "Plain http is only allowed to this machine (localhost); use https://"],
      ["https://10.0.0.1/hook", "Webhooks cannot be sent to a private address (10.0.0.1)"],
      ["https://169.254.169.254/latest/meta-data", "Webhooks cannot be sent to the cloud metadata address (169.254.169.254)"],
      ["https://[::ffff:a9fe:a9fe]/", "Webhooks cannot be sent to the cloud metadata address (in an IPv6 form) (::ffff:a9fe:a9fe)"],
      ["https://[fd00:ec2::254]/", "Webhooks cannot be sent to the cloud metadata address (fd00:ec2::254)"],
      ["https://192.168.1.20/", "Webhooks cannot be sent to a private address (192.168.1.20)"],
      ["ftp://hooks.example.com/", "The URL must start with https://"],
      ["https://user:pw@hooks.example.com/", "The URL must not contain a user name or password"],
      ["not a url", "Please enter a valid URL"],
    ];
    for (const [url, message] of refused) {
      const res = await admin.call("rest", "webhooks.create", { url, events: ["lead.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(`url: ${message}`);
    }
    expect((await admin.call("rest", "webhooks.create", { url: "https://hooks.example.com/", events: [] })).body.message).toBe(
      "events: Choose at least one event",
    );
    expect((await admin.call("rest", "webhooks.create", { url: "https://hooks.example.com/", events: ["lead.nope"] })).status).toBe(400);
    expect(
      (await admin.call("rest", "webhooks.create", { url: "https://hooks.example.com/", events: ["lead.created"], extra: 1 })).status,
    ).toBe(400);

    // An event named twice counts once.
    const created = await admin.call("rest", "webhooks.create", {
      url: "https://hooks.example.com/crawlguard",
      events: ["lead.created", "lead.created"],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      url: "https://hooks.example.com/crawlguard",
      events: ["lead.created"],
      enabled: true,
      disabledReason: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await admin.call("rest", "webhooks.list");
    const listed = list.body.find((w: { id: string }) => w.id === created.body.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty("secret");
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    expect((await admin.call("trpc", "webhooks.get", { id: created.body.id })).body).not.toHaveProperty("secret");

    const off = await admin.call("rest", "webhooks.update", { id: created.body.id, enabled: false });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: null });
    expect(off.body.disabledAt).not.toBeNull();
    expect((await admin.call("rest", "webhooks.update", { id: created.body.id, url: "https://10.1.1.1/" })).status).toBe(400);
    expect((await admin.call("rest", "webhooks.remove", { id: created.body.id })).status).toBe(200);
    expect((await admin.call("rest", "webhooks.remove", { id: created.body.id })).status).toBe(404);
    expect((await admin.call("rest", "webhooks.deliveries", { id: randomUUID() })).status).toBe(404);
  });

  it(
    "sends every event type, signed, once each, with public data only (staff fields named when changed, never their values)",
    { timeout: 60_000 },
    async () => {
      const path = `/all-${randomUUID().slice(0, 8)}`;
      await register(admin, receiver, path);
      const seen = () => receiver.on(path).map((r) => r.body.type);

      const anon = new ApiClient(srv.url);
      const email = `lee${randomUUID().slice(0, 6)}@example.com`;
      expect(
        (
          await anon.call("rest", "contact.submit", {
            name: "Lee Grant",
            email,
            zipCode: "28801",
            service: "french-drain",
            message: "Water under the house",
          })
        ).status,
      ).toBe(200);

      const created = await admin.call("rest", "leads.create", {
        ...lead("Pat Secret"),
        notes: "STAFF-ONLY-NOTE gate code 4321",
        estimatedValue: "98765",
      });
      expect(created.status).toBe(200);
      const id = created.body.id as string;
      // Only staff fields: the change is told, the fields named, their values not sent.
      await admin.call("rest", "leads.update", { id, notes: "STAFF-ONLY-NOTE again", estimatedValue: "55555", priority: "high" });
      await admin.call("rest", "leads.update", { id, status: "contacted" });
      const start = julyAt(JULY_TUESDAY, "10:00");
      await admin.call("rest", "leads.update", { id, scheduledDate: start, status: "scheduled" });
      const moved = await admin.call("rest", "appointments.book", {
        leadId: id,
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "13:00",
        confirm: true,
      });
      expect(moved.status).toBe(200);
      await admin.call("rest", "leads.update", { id, status: "lost" });
      expect((await admin.call("rest", "leads.delete", { id })).status).toBe(200);
      const { done } = await uploadThrough(admin, "rest", await imageOf("jpeg"));
      const image = await admin.call("rest", "gallery.create", {
        title: "Encapsulated",
        altText: "a crawl space",
        imageUrl: done!.body.imageUrl,
        isPublished: true,
      });
      expect(image.status).toBe(200);

      const expected = [
        "contact.received",
        "lead.created",
        "lead.updated",
        "lead.updated",
        "lead.updated",
        "appointment.booked",
        "lead.updated",
        "appointment.rescheduled",
        "lead.updated",
        "appointment.cancelled",
        "lead.deleted",
        "gallery.published",
      ];
      await receiver.until(() => seen().length >= expected.length, 30_000);
      await sleep(500);
      expect(seen().sort()).toEqual([...expected].sort());
      const got = receiver.on(path);
      expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
      for (const r of got) {
        expect(r.id).toMatch(/^msg_[0-9a-f-]{36}$/);
        expect(Object.keys(r.body).sort()).toEqual(["data", "timestamp", "type"]);
        expect(Date.parse(r.body.timestamp)).toBeGreaterThan(Date.now() - 120_000);
        expect(r.raw).not.toMatch(/STAFF-ONLY|98765|55555|googleCalendarEventId|"secret"/);
        const sent = (r.body.data.lead ?? {}) as Record<string, unknown>;
        for (const field of ["notes", "estimatedValue", "priority", "assignedTo", "assigneeName"]) expect(sent).not.toHaveProperty(field);
      }
      expect(receiver.rejected).toEqual([]);

      const byType = (type: string) => got.filter((r) => r.body.type === type).map((r) => r.body.data);
      expect(byType("contact.received")[0]).toMatchObject({
        submission: {
          name: "Lee Grant",
          email,
          zipCode: "28801",
          service: "french-drain",
          serviceLabel: "French Drain Systems",
          message: "Water under the house",
        },
      });
      expect(byType("lead.created").find((d) => d.lead.id === id)).toMatchObject({
        lead: { name: "Pat Secret", status: "new", service: "crawl-space", serviceLabel: "Crawl Space Encapsulation" },
      });
      expect(byType("lead.updated").map((d) => [...(d.changed as string[])].sort())).toEqual(
        expect.arrayContaining([["estimatedValue", "notes", "priority"], ["status"], expect.arrayContaining(["scheduledDate", "status"])]),
      );
      expect(byType("appointment.booked")[0]).toMatchObject({ appointment: { leadId: id, start }, lead: { id } });
      expect(byType("appointment.rescheduled")[0]).toMatchObject({
        appointment: { start: julyAt(JULY_TUESDAY, "13:00"), previous: { start } },
      });
      expect(byType("appointment.cancelled")[0]).toMatchObject({ appointment: { leadId: id, start: julyAt(JULY_TUESDAY, "13:00") } });
      expect(byType("lead.deleted")[0]).toMatchObject({
        lead: { id, name: "Pat Secret", status: "lost", service: "crawl-space", serviceLabel: "Crawl Space Encapsulation" },
      });
      expect(byType("gallery.published")[0]).toMatchObject({
        image: { id: image.body.id, title: "Encapsulated", altText: "a crawl space" },
      });

      // The log lists each one delivered on its first attempt, with the receiver's answer.
      const webhooks = (await admin.call("rest", "webhooks.list")).body as { id: string; url: string }[];
      const endpoint = webhooks.find((w) => w.url.endsWith(path))!;
      const log = (await admin.call("rest", "webhooks.deliveries", { id: endpoint.id })).body as {
        status: string;
        attempts: number;
        responseStatus: number;
        webhookId: string;
      }[];
      expect(log).toHaveLength(expected.length);
      for (const d of log) expect(d).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 204 });
      expect(new Set(log.map((d) => d.webhookId))).toEqual(new Set(got.map((r) => r.id)));
      await admin.call("rest", "webhooks.remove", { id: endpoint.id });
    },
  );

  it("sends nothing for a change that rolls back (the delivery and its job go with the transaction)", async () => {
    const path = `/rollback-${randomUUID().slice(0, 8)}`;
    const endpoint = await register(admin, receiver, path, ["lead.created", "lead.updated"]);
    const POISON = "Refused By A Later Subscriber";
    const unsubscribe = srv.running.events.subscribe({
      async handle(tx, event) {
        if (!("leadId" in event) || !event.leadId) return;
        const [row] = await tx<{ name: string }[]>`SELECT name FROM leads WHERE id = ${event.leadId}`;
        if (row?.name === POISON) throw new Error("refused");
      },
    });
    try {
      const refused = await admin.call("rest", "leads.create", lead(POISON));
      expect(refused.status).toBe(500);
      const kept = await admin.call("rest", "leads.create", lead("Kept Lead"));
      expect(kept.status).toBe(200);
      await receiver.until(() => receiver.on(path).length >= 1);
      await sleep(700);
      expect(receiver.on(path).map((r) => r.body.data.lead.name)).toEqual(["Kept Lead"]);
      const [rows] = await srv.running.db.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`;
      expect(rows!.n).toBe(1);
    } finally {
      unsubscribe();
      await admin.call("rest", "webhooks.remove", { id: endpoint.id });
    }
  });

  it(
    "retries after 500s with backoff, with the same webhook-id each time, then delivers; resend sends it again",
    { timeout: 30_000 },
    async () => {
      const path = `/flaky-${randomUUID().slice(0, 8)}`;
      const endpoint = await register(admin, receiver, path, ["lead.created"]);
      receiver.status = (p, n) => (p === path && n <= 2 ? 500 : 204);
      try {
        await admin.call("rest", "leads.create", lead("Flaky Receiver"));
        await receiver.until(() => receiver.on(path).length >= 3);
        const attempts = receiver.on(path);
        expect(new Set(attempts.map((a) => a.id)).size).toBe(1);
        expect(new Set(attempts.map((a) => a.raw)).size).toBe(1);
        let log = (await admin.call("rest", "webhooks.deliveries", { id: endpoint.id })).body;
        expect(log).toHaveLength(1);
        expect(log[0]).toMatchObject({ status: "delivered", attempts: 3, responseStatus: 204, error: null });
        const webhook = (await admin.call("rest", "webhooks.get", { id: endpoint.id })).body;
        expect(webhook).toMatchObject({ enabled: true, failingSince: null });

        const resent = await admin.call("rest", "webhooks.resend", { id: endpoint.id, deliveryId: log[0].id });
        expect(resent.status).toBe(200);
        expect(resent.body).toMatchObject({ status: "pending", webhookId: attempts[0]!.id });
        await receiver.until(() => receiver.on(path).length >= 4);
        expect(receiver.on(path)[3]!.id).toBe(attempts[0]!.id);
        await sleep(300);
        log = (await admin.call("rest", "webhooks.deliveries", { id: endpoint.id })).body;
        expect(log[0]).toMatchObject({ status: "delivered", attempts: 4 });
        expect((await admin.call("rest", "webhooks.resend", { id: endpoint.id, deliveryId: randomUUID() })).status).toBe(404);
      } finally {
        receiver.status = () => 204;
        await admin.call("rest", "webhooks.remove", { id: endpoint.id });
      }
    },
  );

  it(
    "refuses at send time an address inside the building (an endpoint stored before the rules, the metadata address)",
    { timeout: 30_000 },
    async () => {
      const [row] = await srv.running.db.sql<{ id: string }[]>`
      INSERT INTO webhook_endpoints (url, events, secret) VALUES ('https://169.254.169.254/latest/meta-data', '{lead.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
      RETURNING id`;
      try {
        await admin.call("rest", "leads.create", lead("Metadata Probe"));
        let log: { error: string | null; responseStatus: number | null; attempts: number; status: string }[] = [];
        // The sender's first attempt, finished (it runs because the tests above registered
        // endpoints). A delivery counts its attempt when it is claimed ("sending") and records the
        // outcome after.
        const end = Date.now() + 20_000;
        while (Date.now() < end) {
          log = (await admin.call("rest", "webhooks.deliveries", { id: row!.id })).body;
          if (log[0]?.attempts && log[0].status !== "sending") break;
          await sleep(100);
        }
        expect(log[0]).toMatchObject({
          responseStatus: null,
          error: expect.stringContaining("resolves to the cloud metadata address (169.254.169.254)"),
        });
      } finally {
        await admin.call("rest", "webhooks.remove", { id: row!.id });
      }
    },
  );
});

describe(`webhooks: an endpoint failing for its whole window is disabled (${POSTGRES ? "PostgreSQL" : "embedded database"})`, () => {
  it("retries until the window ends, then disables the endpoint and says why", { timeout: 120_000 }, async () => {
    const receiver = await WebhookReceiver.start();
    const srv = await startTestServer({ ...ENV, WEBHOOKS_RETRY_WINDOW_SECONDS: "3" });
    try {
      const admin = new ApiClient(srv.url);
      await admin.call("rest", "auth.register", newAccount("admin"));
      const endpoint = await register(admin, receiver, "/down", ["lead.created"]);
      receiver.status = () => 500;
      await admin.call("rest", "leads.create", lead("Down Receiver"));
      let webhook: { enabled: boolean; disabledReason: string | null; failingSince: string | null } = {
        enabled: true,
        disabledReason: null,
        failingSince: null,
      };
      const end = Date.now() + 25_000;
      while (webhook.enabled && Date.now() < end) {
        await sleep(200);
        webhook = (await admin.call("rest", "webhooks.get", { id: endpoint.id })).body;
      }
      expect(webhook).toMatchObject({
        enabled: false,
        disabledReason: "Disabled automatically: its deliveries failed for 3 seconds. Fix the receiver, then enable it again.",
      });
      expect(receiver.on("/down").length).toBeGreaterThanOrEqual(3);
      const log = (await admin.call("rest", "webhooks.deliveries", { id: endpoint.id })).body;
      expect(log[0]).toMatchObject({ status: "failed", responseStatus: 500, error: "The receiver answered 500" });
      // Disabled: nothing more is queued for it, and resend asks to enable it first.
      await admin.call("rest", "leads.create", lead("After Disable"));
      expect((await admin.call("rest", "webhooks.resend", { id: endpoint.id, deliveryId: log[0].id })).body.message).toBe(
        "This webhook is disabled. Enable it before resending.",
      );
      // Enabled again: the clock starts over, resend works.
      receiver.status = () => 204;
      const on = await admin.call("rest", "webhooks.update", { id: endpoint.id, enabled: true });
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null, disabledAt: null });
      expect((await admin.call("rest", "webhooks.resend", { id: endpoint.id, deliveryId: log[0].id })).status).toBe(200);
      await receiver.until(() =>
        receiver.on("/down").some((r, i, all) => i === all.length - 1 && r.body.data.lead.name === "Down Receiver"),
      );
      const after = (await admin.call("rest", "webhooks.deliveries", { id: endpoint.id })).body;
      expect(after).toHaveLength(1);
    } finally {
      await srv.stop();
      await receiver.stop();
    }
  });
});

describe(`webhooks: an instance that dies between commit and send loses nothing (${POSTGRES ? "PostgreSQL" : "embedded database"})`, () => {
  it("the next instance on the database sends what was committed", { timeout: 150_000 }, async () => {
    const receiver = await WebhookReceiver.start();
    const testDb = await createTestDatabase();
    let second: RunningServer | null = null;
    try {
      const first = await startOn(testDb);
      const admin = new ApiClient(first.url);
      await admin.call("rest", "auth.register", newAccount("admin"));
      await register(admin, receiver, "/crash", ["lead.created"]);
      // The sender stops before it sends (as if the process died right after the commit).
      await first.webhooks.pause();
      expect((await admin.call("rest", "leads.create", lead("Committed Before The Crash"))).status).toBe(200);
      await sleep(500);
      expect(receiver.on("/crash")).toEqual([]);
      const [pending] = await first.db.sql<{ status: string }[]>`SELECT status FROM webhook_deliveries`;
      expect(pending?.status).toBe("pending");
      await first.stop();

      second = await startOn(testDb);
      await receiver.until(() => receiver.on("/crash").length === 1, 30_000);
      expect(receiver.on("/crash")[0]!.body.data.lead.name).toBe("Committed Before The Crash");
    } finally {
      await second?.stop();
      await testDb.drop();
      await receiver.stop();
    }
  });
});

describe.runIf(POSTGRES)("webhooks: two instances on one PostgreSQL database deliver each event exactly once", () => {
  it("every event once, whichever instance made it and whichever sends it", { timeout: 150_000 }, async () => {
    const receiver = await WebhookReceiver.start();
    const testDb = await createTestDatabase();
    const servers: RunningServer[] = [];
    try {
      servers.push(await startOn(testDb), await startOn(testDb));
      const [a, b] = servers.map((s) => new ApiClient(s.url));
      await a!.call("rest", "auth.register", newAccount("admin"));
      const account = newAccount("admin2");
      expect((await registerInvited(a!, b!, "rest", account, { isAdmin: true })).status).toBe(200);
      await register(a!, receiver, "/twice", ["lead.created", "lead.updated"]);
      const made = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? a! : b!).call("rest", "leads.create", lead(`Lead ${i}`))),
      );
      for (const res of made) expect(res.status).toBe(200);
      await Promise.all(made.map((res, i) => (i % 2 ? b! : a!).call("rest", "leads.update", { id: res.body.id, status: "contacted" })));
      await receiver.until(() => receiver.on("/twice").length >= 32, 40_000);
      await sleep(1500);
      const got = receiver.on("/twice");
      expect(got).toHaveLength(32);
      expect(new Set(got.map((r) => r.id)).size).toBe(32);
    } finally {
      for (const s of servers) await s.stop().catch(() => {});
      await testDb.drop();
      await receiver.stop();
    }
  });
});
