// The Google token key's fingerprint: the connection remembers which GOOGLE_TOKEN_KEY
// encrypted its tokens. An instance started with another key says so (status, readiness), leaves
// the push jobs to the instances that can read the tokens, and never marks the shared connection
// "needs reconnect"; the right key picks everything up again.
import { randomBytes } from "node:crypto";
import { DEFAULT_CLIENT, startGoogleEmulator, type GoogleEmulator } from "@crawlguard/google-emulator";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "@crawlguard/testing/harness";
import { JULY_TUESDAY, addDays } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, startServerOn } from "@crawlguard/testing/harness";

const embedded = !process.env.TEST_DATABASE_URL;
const RIGHT_KEY = randomBytes(32).toString("base64");
const WRONG_KEY = randomBytes(32).toString("hex");

describe(`GOOGLE_TOKEN_KEY fingerprint (${embedded ? "embedded database" : "PostgreSQL"})`, () => {
  let google: GoogleEmulator;
  let testDb: TestDatabase;
  let running: RunningServer | undefined;
  let cookies = new Map<string, string>();

  const start = async (key: string) => {
    await running?.stop();
    running = await startServerOn(testDb, {
      GOOGLE_CLIENT_ID: DEFAULT_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
      GOOGLE_API_BASE_URL: google.url,
      GOOGLE_PUSH_RETRY_SECONDS: "1",
      // The test drives the worker itself (drain).
      GOOGLE_PUSH_POLL_MS: "600000",
      GOOGLE_TOKEN_KEY: key,
    });
    const client = new ApiClient(running.url);
    client.cookies = cookies;
    return { running, admin: client };
  };
  const connection = async () => {
    const [row] = await running!.db.sql<{ needsReconnect: boolean; tokenKeyFingerprint: string | null }[]>`
      SELECT needs_reconnect, token_key_fingerprint FROM google_calendar_connection`;
    return row;
  };
  const eventIds = () => google.state().events.map((e) => e.event.id);
  const book = async (admin: ApiClient, door: (typeof doors)[number], day: number) => {
    const res = await admin.call(door, "appointments.schedule", {
      ...newClient(),
      appointmentDate: addDays(JULY_TUESDAY, day),
      appointmentTime: "10:00",
      confirm: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { lead: { id: string } }).lead.id;
  };
  const eventId = (leadId: string) => leadId.replaceAll("-", "");
  const googleReadiness = async (url: string) =>
    ((await (await fetch(`${url}/api/health/ready`)).json()) as { checks: Record<string, string> }).checks.googleCalendar;

  beforeAll(async () => {
    google = await startGoogleEmulator({ port: 0 });
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await running?.stop();
    await testDb.drop();
    await google.close();
  });

  it("an instance with another key reports it, pushes nothing, marks nothing; the right key catches up", { timeout: 120_000 }, async () => {
    // Connected under the right key: the fingerprint is stored with the tokens.
    let { running: a, admin } = await start(RIGHT_KEY);
    expect((await admin.call("rest", "auth.register", newAccount("keys"))).status).toBe(200);
    cookies = admin.cookies;
    const url = await admin.call("rest", "googleCalendar.authUrl");
    const consent = await fetch(url.body.authUrl as string, { redirect: "manual" });
    const location = new URL(consent.headers.get("location")!);
    const callback = await admin.call("rest", "googleCalendar.callback", {
      code: location.searchParams.get("code"),
      state: location.searchParams.get("state"),
    });
    expect(callback.status, JSON.stringify(callback.body)).toBe(200);
    const first = await book(admin, "rest", 0);
    await a.google.drain();
    expect(eventIds()).toContain(eventId(first));
    const stored = await connection();
    expect(stored?.tokenKeyFingerprint).toMatch(/^k1:[\w-]{22}$/);
    expect(await googleReadiness(a.url)).toBe("ok");

    // Another key: not ready for Google work, the jobs left in the queue, the connection untouched.
    ({ running: a, admin } = await start(WRONG_KEY));
    const ready = await fetch(`${a.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.googleCalendar).toBe("key mismatch");
    const waiting: string[] = [];
    for (const [i, door] of doors.entries()) {
      const leadId = await book(admin, door, i + 1);
      waiting.push(leadId);
      const status = await admin.call(door, "googleCalendar.status");
      expect(status.body).toMatchObject({ configured: true, authenticated: false, needsReconnect: false });
      expect(status.body.lastError).toMatch(/GOOGLE_TOKEN_KEY/);
      const add = await admin.call(door, "googleCalendar.addEvent", { leadId });
      expect(add.status).toBe(503);
      expect(add.body.message).toMatch(/GOOGLE_TOKEN_KEY/);
      const events = await admin.call(door, "googleCalendar.events");
      expect(events.status).toBe(503);
      expect(events.body.message).toMatch(/GOOGLE_TOKEN_KEY/);
    }
    expect(await a.google.drain()).toBe(0);
    expect((await admin.call("rest", "googleCalendar.status")).body.pendingPushes).toBe(2);
    expect(eventIds()).not.toContain(eventId(waiting[0]!));
    expect(await connection()).toEqual(stored);

    // A connection stored before fingerprints (NULL): the wrong key still marks nothing...
    await a.db.sql`UPDATE google_calendar_connection SET token_key_fingerprint = NULL`;
    expect(await a.google.drain()).toBe(0);
    expect(await connection()).toEqual({ needsReconnect: false, tokenKeyFingerprint: null });

    // ...and the right key reads the tokens, fills the fingerprint in and pushes what waited.
    ({ running: a, admin } = await start(RIGHT_KEY));
    expect(await googleReadiness(a.url)).toBe("ok");
    await a.google.drain();
    for (const id of waiting) expect(eventIds()).toContain(eventId(id));
    expect(await connection()).toEqual(stored);
    expect((await admin.call("rest", "googleCalendar.status")).body).toMatchObject({
      authenticated: true,
      needsReconnect: false,
      pendingPushes: 0,
    });
  });

  it("a stopping worker gives the jobs it claimed back to the queue, untouched, for the next instance", { timeout: 60_000 }, async () => {
    const { running: a, admin } = await start(RIGHT_KEY);
    // The worker loop paused (as at SIGTERM), so the bookings' nudges start nothing.
    await a.google.pause();
    const leads = [await book(admin, "rest", 10), await book(admin, "trpc", 11), await book(admin, "rest", 12)];
    const pending = async (client = admin) => (await client.call("rest", "googleCalendar.status")).body.pendingPushes as number;
    expect(await pending()).toBe(3);
    // One round of a worker that is stopping: it claims the jobs and gives every one back.
    expect(await a.google.service.runPushes(() => true)).toBe(3);
    expect(await pending()).toBe(3);
    for (const id of leads) expect(eventIds()).not.toContain(eventId(id));
    const attempts = await a.db.sql.unsafe<{ attempt: number | null }[]>(
      `SELECT (data->>'attempt')::int AS attempt FROM pgboss.job WHERE state = 'created' AND data->>'leadId' = ANY($1)`,
      [leads],
    );
    expect(attempts.map((r) => r.attempt ?? 0)).toEqual([0, 0, 0]);
    // The next instance (a fresh one on the same database) pushes them.
    const next = await start(RIGHT_KEY);
    await next.running.google.drain();
    for (const id of leads) expect(eventIds()).toContain(eventId(id));
    expect(await pending(next.admin)).toBe(0);
  });
});
