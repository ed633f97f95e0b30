// The job queues in GET /metrics: mail, webhook deliveries and calendar pushes queued (all
// instances, read from the database at scrape time) and how long the one due longest has waited,
// this instance's failed attempts, disabled webhook endpoints and readiness; and a scrape that
// answers on time, without the database readings, while the database hangs.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { MAIL_QUEUE } from "@crawlguard/api";
import { PUSH_QUEUE } from "@crawlguard/google-calendar";
import { DEFAULT_CLIENT, startGoogleEmulator, type GoogleEmulator } from "@crawlguard/google-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { scrapeMetrics, valueOf } from "@crawlguard/testing/prometheus";
import { freePort } from "@crawlguard/testing/spawn-server";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";

const embedded = !process.env.TEST_DATABASE_URL;
const TOKEN = randomBytes(24).toString("base64url");
const QUEUES = ["mail", "webhooks", "calendar"] as const;

describe(`job queue metrics (${embedded ? "embedded database" : "PostgreSQL"})`, () => {
  let google: GoogleEmulator;
  let receiver: WebhookReceiver;
  let srv: TestServer;
  let admin: ApiClient;
  const scrape = () => scrapeMetrics(srv.url, TOKEN);
  const sql = () => srv.running.db.sql;
  const queued = (text: string, queue: string) => valueOf(text, "crawlguard_jobs_queued", { queue });
  const oldest = (text: string, queue: string) => valueOf(text, "crawlguard_jobs_oldest_age_seconds", { queue });
  const failed = (text: string, queue: string) => valueOf(text, "crawlguard_jobs_failed_total", { queue });
  let contacts = 0;
  const contact = (door: (typeof doors)[number]) =>
    new ApiClient(srv.url).call(door, "contact.submit", {
      name: "Dana Home",
      email: `home${++contacts}-${door}@example.com`,
      zipCode: "28801",
      service: "crawl-space",
      message: `Water under the house (${contacts})`,
    });

  beforeAll(async () => {
    google = await startGoogleEmulator({ port: 0 });
    receiver = await WebhookReceiver.start();
    receiver.status = () => 500;
    // Nothing listens there: every send fails at once.
    const noSmtp = await freePort();
    srv = await startTestServer({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${noSmtp}`,
      OFFICE_NOTIFY_EMAILS: "office@crawlguard.test",
      // The workers run when a test drains them (or a change nudges them); retries wait past the tests.
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "600",
      WEBHOOKS_ALLOW_HTTP: "true",
      WEBHOOKS_POLL_MS: "600000",
      WEBHOOKS_RETRY_BASE_SECONDS: "600",
      GOOGLE_CLIENT_ID: DEFAULT_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
      GOOGLE_API_BASE_URL: google.url,
      GOOGLE_PUSH_POLL_MS: "600000",
      GOOGLE_PUSH_RETRY_SECONDS: "600",
      ...(embedded ? {} : { GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64") }),
      CONTACT_RATE_LIMIT: "50",
    });
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("jobs"))).status).toBe(200);
  });
  afterAll(async () => {
    await srv.stop();
    await receiver.stop();
    await google.close();
  });

  it("names every queue from the start: nothing queued, waiting or failed, no endpoint disabled, ready", async () => {
    const text = await scrape();
    for (const queue of QUEUES) {
      expect(queued(text, queue), queue).toBe(0);
      expect(oldest(text, queue), queue).toBe(0);
      expect(failed(text, queue), queue).toBe(0);
    }
    expect(text).toContain("# TYPE crawlguard_jobs_queued gauge");
    expect(text).toContain("# TYPE crawlguard_jobs_oldest_age_seconds gauge");
    expect(text).toContain("# TYPE crawlguard_jobs_failed_total counter");
    expect(valueOf(text, "crawlguard_webhook_endpoints_disabled")).toBe(0);
    expect(valueOf(text, "crawlguard_ready")).toBe(1);
  });

  it("serves every metric the example alerting rules in docs/ use", async () => {
    const rules = readFileSync(new URL("../../../docs/prometheus-alerts.yml", import.meta.url), "utf8");
    const used = new Set(rules.match(/\bcrawlguard_\w+/g));
    expect(used.size).toBeGreaterThanOrEqual(4);
    const text = await scrape();
    for (const name of used) expect(text, name).toContain(`# TYPE ${name} `);
  });

  it("mail: contact requests' messages queued and waiting, then every failed send counted (both doors)", async () => {
    const before = await scrape();
    for (const door of doors) expect((await contact(door)).status).toBe(200);
    // Each request: the office's mail and the acknowledgement, waiting for the worker.
    const waiting = await scrape();
    expect(queued(waiting, "mail")).toBe(queued(before, "mail")! + 4);
    expect(oldest(waiting, "mail")).toBeLessThan(60);
    // One of them due for 90 s (the worker stalled): the age an alert watches.
    await sql().unsafe(
      `UPDATE pgboss.job SET start_after = now() - interval '90 seconds'
       WHERE id = (SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created' LIMIT 1)`,
      [MAIL_QUEUE],
    );
    const stalled = await scrape();
    expect(oldest(stalled, "mail")).toBeGreaterThanOrEqual(90);
    expect(oldest(stalled, "mail")).toBeLessThan(120);

    await srv.running.mail.drain();
    const after = await scrape();
    const [attempts] = await sql()<
      { n: number }[]
    >`SELECT coalesce(sum(attempts), 0)::int AS n FROM mail_deliveries WHERE status = 'failed'`;
    expect(attempts!.n).toBe(4);
    expect(failed(after, "mail")).toBe(failed(before, "mail")! + attempts!.n);
    // Still queued (each waits for its retry), none due now.
    expect(queued(after, "mail")).toBe(queued(before, "mail")! + 4);
    expect(oldest(after, "mail")).toBe(0);
    expect(failed(after, "webhooks")).toBe(0);
    expect(failed(after, "calendar")).toBe(0);
  });

  it("webhooks: deliveries a receiver refuses are counted as failed attempts and stay queued for their retry (both doors)", async () => {
    const made = await admin.call("rest", "webhooks.create", { url: `${receiver.url}/refuses`, events: ["contact.received"] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Signed as it should be: the receiver checks, then answers 500 all the same.
    receiver.expect("/refuses", made.body.secret as string);
    const before = await scrape();
    for (const door of doors) expect((await contact(door)).status).toBe(200);
    // The change nudges the sender; draining waits for what it is doing and runs what is left.
    await srv.running.webhooks.drain();
    const after = await scrape();
    const [row] = await sql()<{ attempts: number; refused: number }[]>`
      SELECT coalesce(sum(attempts), 0)::int AS attempts, count(*) FILTER (WHERE response_status = 500)::int AS refused
      FROM webhook_deliveries`;
    expect(row).toEqual({ attempts: 2, refused: 2 });
    expect(failed(after, "webhooks")).toBe(failed(before, "webhooks")! + 2);
    expect(queued(after, "webhooks")).toBe(2);
    expect(oldest(after, "webhooks")).toBe(0);
  });

  it("webhooks: endpoints disabled and enabled again through both doors", async () => {
    const before = valueOf(await scrape(), "crawlguard_webhook_endpoints_disabled")!;
    const ids: string[] = [];
    for (const door of doors) {
      const made = await admin.call(door, "webhooks.create", { url: `${receiver.url}/${door}`, events: ["lead.created"] });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.id as string);
      expect((await admin.call(door, "webhooks.update", { id: made.body.id, enabled: false })).status).toBe(200);
    }
    expect(valueOf(await scrape(), "crawlguard_webhook_endpoints_disabled")).toBe(before + 2);
    expect((await admin.call("trpc", "webhooks.update", { id: ids[0], enabled: true })).status).toBe(200);
    expect((await admin.call("rest", "webhooks.update", { id: ids[1], enabled: true })).status).toBe(200);
    expect(valueOf(await scrape(), "crawlguard_webhook_endpoints_disabled")).toBe(before);
  });

  it("calendar: pushes Google refuses with a 503 are counted as failed attempts and stay queued for their retry (both doors)", async () => {
    const url = await admin.call("rest", "googleCalendar.authUrl");
    expect(url.status).toBe(200);
    const consent = await fetch(url.body.authUrl as string, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const connected = await admin.call("rest", "googleCalendar.callback", {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    await srv.running.google.drain();
    google.faults.set({ calendarFailure: 503 });

    const before = await scrape();
    for (const [index, door] of doors.entries()) {
      const booked = await admin.call(door, "appointments.schedule", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: index === 0 ? "10:00" : "13:00",
        confirm: true,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    }
    await srv.running.google.drain();
    const after = await scrape();
    expect(failed(after, "calendar")).toBe(failed(before, "calendar")! + 2);
    expect(queued(after, "calendar")).toBe(2);
    expect(oldest(after, "calendar")).toBe(0);

    // A push due for 90 s that no worker takes.
    await sql().unsafe(
      `UPDATE pgboss.job SET start_after = now() - interval '90 seconds'
       WHERE id = (SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created' LIMIT 1)`,
      [PUSH_QUEUE],
    );
    const stalled = await scrape();
    expect(oldest(stalled, "calendar")).toBeGreaterThanOrEqual(90);
    expect(oldest(stalled, "calendar")).toBeLessThan(120);
    google.faults.set({ calendarFailure: null });
  });

  it("a hung database: the scrape answers in time, not ready and without the database's readings; they come back with it", async () => {
    const held = await sql().reserve();
    try {
      await held`BEGIN`;
      // PostgreSQL: every table the readings and the readiness probe read, locked. The embedded
      // database has one connection, and it is held here: everything else waits.
      if (!embedded) await held`LOCK TABLE users, schema_migrations, webhook_endpoints, pgboss.job IN ACCESS EXCLUSIVE MODE`;
      const started = Date.now();
      const text = await scrape();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(valueOf(text, "crawlguard_ready")).toBe(0);
      expect((await fetch(`${srv.url}/api/health/ready`)).status).toBe(503);
      for (const queue of QUEUES) {
        expect(queued(text, queue), queue).toBeUndefined();
        expect(oldest(text, queue), queue).toBeUndefined();
        // Counted in memory: still there.
        expect(failed(text, queue), queue).toBeGreaterThanOrEqual(0);
      }
      expect(valueOf(text, "crawlguard_webhook_endpoints_disabled")).toBeUndefined();
      expect(valueOf(text, "crawlguard_build_info")).toBe(1);
      // A second scrape joins the hung reading instead of queueing another behind it, and is as quick.
      const again = Date.now();
      expect(valueOf(await scrape(), "crawlguard_ready")).toBe(0);
      expect(Date.now() - again).toBeLessThan(5000);
    } finally {
      await held`ROLLBACK`;
      held.release();
    }
    const text = await scrape();
    expect(valueOf(text, "crawlguard_ready")).toBe(1);
    for (const queue of QUEUES) expect(queued(text, queue), queue).toBeGreaterThanOrEqual(0);
  });
});
