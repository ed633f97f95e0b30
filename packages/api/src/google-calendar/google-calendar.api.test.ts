import { randomBytes, randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { company } from "@crawlguard/content";
import { DEFAULT_CLIENT, startGoogleEmulator, type GoogleEmulator } from "@crawlguard/google-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, BUSINESS_ZONE, FALL_BACK, JANUARY_TUESDAY, JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import {
  ApiClient,
  doors,
  newAccount,
  newClient as bookingClient,
  startTestServer,
  type Door,
  type TestServer,
  registerInvited,
  startServerOn,
} from "@crawlguard/testing/harness";

const REDIRECT_PATH = "/oauth/google/callback";
const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** GOOGLE_* pointing at the emulator; the token key only where the server cannot make one (PostgreSQL). */
function googleEnv(google: GoogleEmulator, extra: Record<string, string> = {}): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: DEFAULT_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
    GOOGLE_API_BASE_URL: google.url,
    GOOGLE_PUSH_RETRY_SECONDS: "1",
    GOOGLE_PUSH_POLL_MS: "100",
    // Staff accounts are made by plain registration here; invitations have their own tests.
    REGISTRATION: "open",
    ...(usingPostgres ? { GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64") } : {}),
    ...extra,
  };
}

/** A booking's client, with staff notes and a quoted value: neither may reach the client's invitation. */
const STAFF_NOTES = "Musty smell under the house; owner hard to deal with";
const QUOTED_VALUE = "4875";
const newClient = (overrides: Record<string, unknown> = {}) =>
  bookingClient({ notes: STAFF_NOTES, estimatedValue: QUOTED_VALUE, ...overrides });

const eventIdOf = (leadId: string) => leadId.replaceAll("-", "");

/** Follows the auth URL like a browser with autoApprove: Google's redirect back, with code and state. */
async function consent(authUrl: string) {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  return { location, code: location.searchParams.get("code")!, state: location.searchParams.get("state")! };
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(doors)("Google Calendar through the %s door", (door: Door) => {
  let google: GoogleEmulator;
  let srv: TestServer;
  /** Connects, reconnects and disconnects (admin-only, ADR 018). */
  let admin: ApiClient;
  let adminAccount: ReturnType<typeof newAccount>;
  /** Books, reads and syncs. */
  let staff: ApiClient;

  const events = () => google.state().events.filter((e) => e.calendarId === google.state().accountEmail || e.calendarId === "primary");
  const eventOf = (leadId: string) => events().find((e) => e.event.id === eventIdOf(leadId));
  const drain = () => srv.running.google.drain();

  async function connect(client = admin) {
    const url = await client.call(door, "googleCalendar.authUrl");
    expect(url.status).toBe(200);
    const { code, state } = await consent(url.body.authUrl);
    const res = await client.call(door, "googleCalendar.callback", { code, state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true });
  }

  async function book(overrides: Record<string, unknown> = {}) {
    const res = await staff.call(door, "appointments.schedule", {
      ...newClient(),
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "10:00",
      confirm: true,
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.lead as { id: string; email: string; name: string; scheduledDate: string };
  }

  beforeAll(async () => {
    google = await startGoogleEmulator({ port: 0 });
    srv = await startTestServer(googleEnv(google));
    admin = new ApiClient(srv.url);
    adminAccount = newAccount("admin");
    expect((await admin.call(door, "auth.register", adminAccount)).body.isAdmin).toBe(true);
    staff = new ApiClient(srv.url);
    const account = newAccount("office");
    expect((await registerInvited(admin, staff, door, account)).body.isAdmin).toBe(false);
  });
  afterAll(async () => {
    await srv.stop();
    await google.close();
  });

  it("answers 401 to every call when logged out", async () => {
    const anon = new ApiClient(srv.url);
    for (const [name, input] of [
      ["googleCalendar.status", undefined],
      ["googleCalendar.init", {}],
      ["googleCalendar.authUrl", undefined],
      ["googleCalendar.callback", { code: "x", state: "y" }],
      ["googleCalendar.events", undefined],
      ["googleCalendar.eventsRange", { startDate: "2030-01-01T00:00:00Z", endDate: "2030-01-02T00:00:00Z" }],
      ["googleCalendar.addEvent", { leadId: randomUUID() }],
      ["googleCalendar.sync", {}],
      ["googleCalendar.disconnect", {}],
    ] as const) {
      expect((await anon.call(door, name, input)).status, name).toBe(401);
    }
  });

  it("connecting, reconnecting and disconnecting are for admins: staff get a 403 and nothing changes", async () => {
    for (const [name, input] of [
      ["googleCalendar.init", {}],
      ["googleCalendar.authUrl", undefined],
      ["googleCalendar.callback", { code: "x", state: "y" }],
      ["googleCalendar.disconnect", {}],
    ] as const) {
      const res = await staff.call(door, name, input);
      expect(res.status, name).toBe(403);
      expect(res.body.message, name).toBe("Admin access required");
    }
    const [states] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM google_oauth_states`;
    expect(states!.n).toBe(0);
    // Staff keep the status (and events, sync and add-event, used throughout below).
    expect((await staff.call(door, "googleCalendar.status")).status).toBe(200);
  });

  it("is configured but not connected at first; nothing that needs a connection pretends otherwise", async () => {
    for (const name of ["googleCalendar.status", "googleCalendar.init"]) {
      const res = await (name.endsWith("init") ? admin : staff).call(door, name, name.endsWith("init") ? {} : undefined);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        authenticated: false,
        configured: true,
        setupMessage: null,
        account: null,
        connectedBy: null,
        connectedAt: null,
        needsReconnect: false,
        pendingPushes: 0,
        lastError: null,
        lastErrorAt: null,
        redirectUri: `${srv.url}${REDIRECT_PATH}`,
      });
    }
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(409);
    expect((await staff.call(door, "googleCalendar.sync", {})).status).toBe(409);
    expect((await staff.call(door, "googleCalendar.addEvent", { leadId: randomUUID() })).status).toBe(404);
    const range = await staff.call(door, "googleCalendar.eventsRange", {
      startDate: julyAt(JULY_TUESDAY, "00:00"),
      endDate: julyAt(addDays(JULY_TUESDAY, 7), "00:00"),
    });
    expect(range.status).toBe(200);
    expect(range.body).toEqual([]);
    // A booking before any connection is saved and pushes nothing.
    await book({ appointmentTime: "08:00" });
    await drain();
    expect(events()).toHaveLength(0);
  });

  it("builds Google's consent URL: offline, consent prompt, events scope and email, state, redirect URI", async () => {
    const res = await admin.call(door, "googleCalendar.authUrl");
    expect(res.status).toBe(200);
    const url = new URL(res.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("client_id")).toBe(DEFAULT_CLIENT.clientId);
    expect(q.get("redirect_uri")).toBe(`${srv.url}${REDIRECT_PATH}`);
    expect(q.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["https://www.googleapis.com/auth/calendar.events", "email"]));
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(43);
  });

  it("refuses a wrong, foreign or reused state with a 400 and stores nothing", async () => {
    const url = await admin.call(door, "googleCalendar.authUrl");
    const { code, state } = await consent(url.body.authUrl);
    const notConnected = async () => expect((await staff.call(door, "googleCalendar.status")).body.authenticated).toBe(false);

    expect((await admin.call(door, "googleCalendar.callback", { code, state: "made-up-state" })).status).toBe(400);
    await notConnected();
    // Another session, even the same admin's, cannot use this session's state; a staff session is refused before that.
    const otherSession = new ApiClient(srv.url);
    expect((await otherSession.call(door, "auth.login", { email: adminAccount.email, password: adminAccount.password })).status).toBe(200);
    const foreign = await otherSession.call(door, "googleCalendar.callback", { code, state });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/not started from this session/);
    expect((await staff.call(door, "googleCalendar.callback", { code, state })).status).toBe(403);
    await notConnected();
    // A bad code uses the state up: the same state cannot be tried again.
    expect((await admin.call(door, "googleCalendar.callback", { code: "not-a-code", state })).status).toBe(400);
    expect((await admin.call(door, "googleCalendar.callback", { code, state })).status).toBe(400);
    await notConnected();
  });

  it("connects through the whole OAuth flow and shows account, who, and no failure", async () => {
    await connect();
    const status = await staff.call(door, "googleCalendar.status");
    expect(status.body).toMatchObject({
      authenticated: true,
      configured: true,
      account: google.state().accountEmail,
      connectedBy: adminAccount.username,
      needsReconnect: false,
      lastError: null,
    });
    expect(Date.parse(status.body.connectedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A reconnection queues every future appointment: the one booked before connecting arrives.
    await drain();
    expect(events()).toHaveLength(1);
    // The state was single use.
    expect(google.state().tokens.refresh.filter((t) => t.active)).toHaveLength(1);
  });

  it("keeps the tokens encrypted at rest and out of every answer", async () => {
    const [row] = await srv.running.db.sql<{ tokensEncrypted: string }[]>`SELECT tokens_encrypted FROM google_calendar_connection`;
    const refresh = google.state().tokens.refresh.find((t) => t.active)!.token;
    expect(row!.tokensEncrypted.startsWith("v1:")).toBe(true);
    expect(row!.tokensEncrypted).not.toContain(refresh);
    const status = await staff.raw("GET", "/api/calendar/status");
    expect(JSON.stringify(status.body)).not.toContain(refresh);
    if (!usingPostgres) {
      const keyFile = path.join(srv.testDb.dataDir, "google-token.key");
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      expect((await readFile(keyFile, "utf8")).trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    }
  });

  it("pushes a booking: times in the business zone with its duration, the client invited, reminders, invitations sent", async () => {
    const lead = await book({ appointmentTime: "14:30", durationMinutes: 90 });
    await drain();
    const stored = eventOf(lead.id)!;
    expect(stored, "event in Google").toBeDefined();
    expect(stored.sendUpdates).toBe("all");
    expect(stored.event).toMatchObject({
      id: eventIdOf(lead.id),
      status: "confirmed",
      summary: `Crawl Space Encapsulation — ${lead.name}`,
      location: "12 Merrimon Ave, Asheville, NC 28801",
      start: { dateTime: `${JULY_TUESDAY}T14:30:00-04:00`, timeZone: BUSINESS_ZONE },
      end: { dateTime: `${JULY_TUESDAY}T16:00:00-04:00`, timeZone: BUSINESS_ZONE },
      attendees: [expect.objectContaining({ email: lead.email })],
      reminders: {
        useDefault: false,
        overrides: expect.arrayContaining([
          { method: "email", minutes: 1440 },
          { method: "popup", minutes: 30 },
        ]),
      },
    });
    // The product's Rich Details (docs/product.md "Screens and routes", Google Calendar): client info, service, location, and the company's phone to call.
    for (const part of [lead.name, lead.email, "(828) 555-0147", "12 Merrimon Ave", "Crawl Space Encapsulation", company.phone.display]) {
      expect(stored.event.description).toContain(part);
    }
    // Never staff notes or the quoted value, anywhere in the event the client is invited to.
    const sent = JSON.stringify(stored.event);
    expect(sent).not.toContain("Musty smell");
    expect(sent).not.toContain("hard to deal with");
    expect(sent).not.toContain(QUOTED_VALUE);
    expect(new Date(stored.event.start.dateTime!).toISOString()).toBe(julyAt(JULY_TUESDAY, "14:30"));
    // The lead knows its event.
    const leads = await staff.call(door, "leads.list");
    expect(leads.body.find((l: { id: string }) => l.id === lead.id).googleCalendarEventId).toBe(eventIdOf(lead.id));
  });

  it("pushes a January booking in standard time, and one on the autumn DST day", async () => {
    const winter = await book({ appointmentDate: JANUARY_TUESDAY, appointmentTime: "09:00" });
    const dst = await book({ appointmentDate: FALL_BACK, appointmentTime: "09:00", durationMinutes: 60 });
    await drain();
    expect(eventOf(winter.id)!.event.start).toMatchObject({ dateTime: `${JANUARY_TUESDAY}T09:00:00-05:00` });
    expect(eventOf(dst.id)!.event.start).toMatchObject({ dateTime: `${FALL_BACK}T09:00:00-05:00` });
    expect(eventOf(dst.id)!.event.end).toMatchObject({ dateTime: `${FALL_BACK}T10:00:00-05:00` });
  });

  it("'Add to Google' twice makes one event", async () => {
    const lead = await book({ appointmentTime: "11:00" });
    await drain();
    for (let i = 0; i < 2; i++) {
      const res = await staff.call(door, "googleCalendar.addEvent", { leadId: lead.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "Appointment has been added to your Google Calendar." });
    }
    expect(events().filter((e) => e.event.id === eventIdOf(lead.id))).toHaveLength(1);
  });

  it("'Add to Google' refuses an unknown lead (404) and one without an appointment (400)", async () => {
    expect((await staff.call(door, "googleCalendar.addEvent", { leadId: randomUUID() })).status).toBe(404);
    const created = await staff.call(door, "leads.create", {
      name: "No Date",
      email: "nodate@example.com",
      zipCode: "28801",
      service: "crawl-space",
    });
    const res = await staff.call(door, "googleCalendar.addEvent", { leadId: created.body.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no scheduled appointment/);
    expect((await staff.raw("POST", "/api/calendar/add-event/not-a-uuid")).status).toBe(400);
  });

  it("updates the event on a reschedule, and removes it when the lead is lost and when it is deleted", async () => {
    const lead = await book({ appointmentTime: "12:00" });
    await drain();
    const rebooked = await staff.call(door, "appointments.book", {
      leadId: lead.id,
      appointmentDate: addDays(JULY_TUESDAY, 1),
      appointmentTime: "15:00",
      confirm: true,
    });
    expect(rebooked.status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.start).toMatchObject({ dateTime: `${addDays(JULY_TUESDAY, 1)}T15:00:00-04:00` });
    expect(eventOf(lead.id)!.event.status).toBe("confirmed");

    // A change of the date through the lead form moves it too.
    const moved = julyAt(addDays(JULY_TUESDAY, 2), "09:30");
    expect((await staff.call(door, "leads.update", { id: lead.id, scheduledDate: moved })).status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.start).toMatchObject({ dateTime: `${addDays(JULY_TUESDAY, 2)}T09:30:00-04:00` });

    expect((await staff.call(door, "leads.update", { id: lead.id, status: "lost" })).status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.status).toBe("cancelled");
    // Won back: the same id comes back (a deleted id stays taken at Google).
    expect((await staff.call(door, "leads.update", { id: lead.id, status: "scheduled" })).status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.status).toBe("confirmed");

    expect((await staff.call(door, "leads.delete", { id: lead.id })).status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.status).toBe("cancelled");
  });

  it("lists upcoming events and events in a range; a bad range is a 400", async () => {
    const upcoming = await staff.call(door, "googleCalendar.events");
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.length).toBeGreaterThan(0);
    const first = upcoming.body[0];
    expect(first).toEqual({
      id: expect.any(String),
      summary: expect.any(String),
      start: { dateTime: expect.any(String), date: null, timeZone: BUSINESS_ZONE },
      end: { dateTime: expect.any(String), date: null, timeZone: BUSINESS_ZONE },
      location: expect.any(String),
      status: "confirmed",
      htmlLink: expect.stringContaining("/calendar/event?eid="),
    });
    const times = upcoming.body.map((e: { start: { dateTime: string } }) => Date.parse(e.start.dateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const range = await staff.call(door, "googleCalendar.eventsRange", {
      startDate: julyAt(JULY_TUESDAY, "00:00"),
      endDate: julyAt(JULY_TUESDAY.replace(/-\d\d$/, "-31"), "00:00"),
    });
    expect(range.status).toBe(200);
    expect(range.body.length).toBeGreaterThan(0);
    for (const e of range.body) expect(e.start.dateTime.slice(0, 7)).toBe(JULY_TUESDAY.slice(0, 7));

    for (const [startDate, endDate] of [
      ["not-a-date", "2030-01-02T00:00:00Z"],
      ["2030-01-05T00:00:00Z", "2030-01-02T00:00:00Z"],
      ["2030-01-05T00:00:00Z", "2030-01-05T00:00:00Z"],
      ["2030-02-30T00:00:00Z", "2030-03-02T00:00:00Z"],
      ["2030-01-01T10:00:00", "2030-01-02T10:00:00Z"],
      ["2030-01-01", "2030-01-02"],
    ]) {
      const res = await staff.call(door, "googleCalendar.eventsRange", { startDate, endDate });
      expect(res.status, `${startDate} → ${endDate}`).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("keeps a booking when Google is down, and the event arrives after Google recovers", async () => {
    google.faults.set({ calendarFailure: 503 });
    const lead = await book({ appointmentTime: "13:00" });
    const saved = await staff.call(door, "leads.list");
    expect(saved.body.some((l: { id: string }) => l.id === lead.id)).toBe(true);
    await drain();
    expect(eventOf(lead.id)).toBeUndefined();
    const down = await staff.call(door, "googleCalendar.status");
    expect(down.body.pendingPushes).toBeGreaterThanOrEqual(1);
    expect(down.body.lastError).toMatch(/503/);
    expect(down.body.authenticated).toBe(true);

    // Meanwhile the panel's reads: events fails with 503, the range is empty.
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(503);
    const range = await staff.call(door, "googleCalendar.eventsRange", {
      startDate: julyAt(JULY_TUESDAY, "00:00"),
      endDate: julyAt(addDays(JULY_TUESDAY, 1), "00:00"),
    });
    expect(range.status).toBe(200);
    expect(range.body).toEqual([]);
    // 'Add to Google' says it failed, and keeps the push queued.
    const add = await staff.call(door, "googleCalendar.addEvent", { leadId: lead.id });
    expect(add.status).toBe(503);
    expect(add.body.message).toMatch(/queued/);

    google.faults.set({ calendarFailure: null });
    // The retry comes by itself (backoff of 1 s in tests), through the worker loop.
    await until(
      () => eventOf(lead.id),
      (e) => e !== undefined,
    );
    await until(
      async () => (await staff.call(door, "googleCalendar.status")).body,
      (s) => s.lastError === null && s.pendingPushes === 0,
    );
  });

  it("sync pushes the future appointments that are missing or stale, and answers the counts", async () => {
    // One appointment's event deleted in Google behind our back, one lead changed while Google was down.
    const missing = await book({ appointmentTime: "16:00" });
    const stale = await book({ appointmentTime: "16:30" });
    await drain();
    expect(eventOf(missing.id)).toBeDefined();
    await srv.running.db.sql`UPDATE leads SET google_calendar_pushed_hash = 'old' WHERE id = ${stale.id}`;
    const api = await fetch(`${google.url}/calendar/v3/calendars/primary/events/${eventIdOf(missing.id)}`, {
      method: "DELETE",
      headers: {
        authorization: `Bearer ${
          google
            .state()
            .tokens.access.filter((t) => t.active)
            .at(-1)!.token
        }`,
      },
    });
    expect(api.status).toBe(204);

    const res = await staff.call(door, "googleCalendar.sync", {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pushed: 2, removed: 0, queued: 0 });
    expect(res.body.upToDate).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Synced with Google Calendar: 2 added or updated, \d+ already up to date\.$/);
    expect(eventOf(missing.id)!.event.status).toBe("confirmed");
    // Nothing left to do.
    const again = await staff.call(door, "googleCalendar.sync", {});
    expect(again.body).toMatchObject({ pushed: 0, removed: 0, queued: 0 });
  });

  it("on invalid_grant marks the connection for reconnecting, and pushes wait until it is reconnected", async () => {
    google.faults.set({ invalidGrant: true });
    google.expireAccessTokens();
    const lead = await book({ appointmentTime: "17:00" });
    await drain();
    const status = await until(
      async () => (await staff.call(door, "googleCalendar.status")).body,
      (s) => s.needsReconnect === true,
    );
    expect(status).toMatchObject({ authenticated: false, needsReconnect: true, account: google.state().accountEmail });
    expect(status.lastError).toMatch(/invalid_grant/);
    expect(status.pendingPushes).toBeGreaterThanOrEqual(1);
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(409);
    expect((await staff.call(door, "googleCalendar.addEvent", { leadId: lead.id })).status).toBe(409);
    await drain();
    expect(eventOf(lead.id)).toBeUndefined();

    google.faults.set({ invalidGrant: false });
    await connect();
    await drain();
    await until(
      () => eventOf(lead.id),
      (e) => e !== undefined,
    );
    const after = await staff.call(door, "googleCalendar.status");
    expect(after.body).toMatchObject({ authenticated: true, needsReconnect: false, lastError: null });
  });

  it("refreshes an expired access token and keeps the refresh token (Google omits it on refresh)", async () => {
    google.expireAccessTokens();
    const res = await staff.call(door, "googleCalendar.events");
    expect(res.status).toBe(200);
    google.expireAccessTokens();
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(200);
  });

  it("a reconnection or sync that changes nothing for the client sends no new invitation; only time, place or attendee do", async () => {
    const lead = await book({ appointmentDate: addDays(JULY_TUESDAY, 5), appointmentTime: "10:00" });
    await drain();
    expect(eventOf(lead.id)!.sendUpdates).toBe("all"); // the invitation
    const revocations = google.state().revocations.length;
    const etag = () => eventOf(lead.id)!.event.etag;

    // Reconnecting the same Google account re-pushes every future appointment, silently, and revokes nothing
    // (Google revokes a whole grant: that would revoke the tokens just received).
    const before = etag();
    await connect();
    await drain();
    expect(etag()).not.toBe(before);
    expect(eventOf(lead.id)!.sendUpdates).toBe("none");
    for (const e of events().filter((x) => x.event.status === "confirmed" && Date.parse(x.event.start.dateTime!) > Date.now())) {
      expect(e.sendUpdates, e.event.summary ?? "").not.toBe("all");
    }
    expect(google.state().revocations).toHaveLength(revocations);
    expect((await staff.call(door, "googleCalendar.status")).body.authenticated).toBe(true);

    // Notes and the quoted value are not part of the event: changing them pushes nothing.
    const quiet = etag();
    expect((await staff.call(door, "leads.update", { id: lead.id, notes: "Gate code 4321", estimatedValue: "9999" })).status).toBe(200);
    await drain();
    expect(etag()).toBe(quiet);
    expect(JSON.stringify(eventOf(lead.id)!.event)).not.toMatch(/Gate code|9999/);

    // The client's phone is in the description: updated, without an e-mail.
    expect((await staff.call(door, "leads.update", { id: lead.id, phone: "(828) 555-0199" })).status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.event.description).toContain("(828) 555-0199");
    expect(eventOf(lead.id)!.sendUpdates).toBe("none");

    // A sync that finds a stale fingerprint but the same time, place and attendee: silent too.
    await srv.running.db.sql`UPDATE leads SET google_calendar_pushed_hash = 'old' WHERE id = ${lead.id}`;
    const synced = await staff.call(door, "googleCalendar.sync", {});
    expect(synced.status).toBe(200);
    expect(synced.body.pushed).toBeGreaterThanOrEqual(1);
    expect(eventOf(lead.id)!.sendUpdates).toBe("none");

    // The time, the place, the attendee: each is news for the client.
    const moved = await staff.call(door, "appointments.book", {
      leadId: lead.id,
      appointmentDate: addDays(JULY_TUESDAY, 5),
      appointmentTime: "11:00",
      confirm: true,
    });
    expect(moved.status).toBe(200);
    await drain();
    expect(eventOf(lead.id)!.sendUpdates).toBe("all");
    for (const change of [{ address: "9 Elm St, Asheville, NC 28801" }, { email: `moved-${randomUUID().slice(0, 8)}@example.com` }]) {
      const marker = etag();
      expect((await staff.call(door, "leads.update", { id: lead.id, ...change })).status).toBe(200);
      await drain();
      expect(etag(), JSON.stringify(change)).not.toBe(marker);
      expect(eventOf(lead.id)!.sendUpdates, JSON.stringify(change)).toBe("all");
    }
  });

  it("the popup's landing page finishes the connection, tells its opener, and keeps the opener", async () => {
    const url = await admin.call(door, "googleCalendar.authUrl");
    const { location } = await consent(url.body.authUrl);
    expect(location.pathname).toBe(REDIRECT_PATH);
    // A staff session in the popup is refused (403) and does not use the state up.
    const refused = await staff.raw("GET", `${location.pathname}${location.search}`);
    expect(refused.status).toBe(403);
    expect(String(refused.body)).toContain("Only an administrator can connect Google Calendar.");
    expect(String(refused.body)).not.toContain(location.searchParams.get("code")!);
    const page = await admin.raw("GET", `${location.pathname}${location.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = page.headers.get("content-security-policy")!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    const html = String(page.body);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain("window.opener.postMessage(result, window.location.origin)");
    expect(html).toContain('new BroadcastChannel("crawlguard-google-calendar")');
    expect(html).toContain('"ok":true');
    expect(html).not.toContain(location.searchParams.get("code")!);
    // The rest of the site keeps helmet's policy.
    expect((await staff.raw("GET", "/api/calendar/status")).headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");

    // Used state, denied consent, and a window without a session.
    const reused = await admin.raw("GET", `${location.pathname}${location.search}`);
    expect(reused.status).toBe(400);
    expect(String(reused.body)).toContain('"ok":false');
    expect((await admin.raw("GET", `${REDIRECT_PATH}?error=access_denied&state=x`)).status).toBe(400);
    const fresh = await consent((await admin.call(door, "googleCalendar.authUrl")).body.authUrl);
    const anonymous = await new ApiClient(srv.url).raw("GET", `${fresh.location.pathname}${fresh.location.search}`);
    expect(anonymous.status).toBe(200);
    expect(String(anonymous.body)).toContain(`"code":"${fresh.code}"`);
    // The opener (signed in) finishes it.
    expect((await admin.call(door, "googleCalendar.callback", { code: fresh.code, state: fresh.state })).status).toBe(200);
  });

  it("replacing the connection with another Google account revokes the old grant at Google", async () => {
    const oldAccount = google.state().accountEmail;
    // The connection's refresh token is the last one issued (earlier same-account reconnections left theirs unused).
    const current = google
      .state()
      .tokens.refresh.filter((t) => t.active && t.account === oldAccount)
      .at(-1);
    expect(current).toBeDefined();
    const oldRefresh = [current!];
    const revocations = google.state().revocations.length;

    google.signInAs("second-office@crawlguard.test");
    await connect();
    const status = await staff.call(door, "googleCalendar.status");
    expect(status.body).toMatchObject({
      authenticated: true,
      account: "second-office@crawlguard.test",
      connectedBy: adminAccount.username,
    });
    const revoked = google.state().revocations.slice(revocations);
    expect(revoked).toEqual([
      { token: oldRefresh[0]!.token, kind: "refresh", clientId: DEFAULT_CLIENT.clientId, account: oldAccount, at: expect.any(String) },
    ]);
    const refresh = google.state().tokens.refresh;
    // Google revoked the whole grant: no token of the old account works any more.
    expect(refresh.filter((t) => t.account === oldAccount && t.active)).toEqual([]);
    expect(refresh.filter((t) => t.active).map((t) => t.account)).toEqual(["second-office@crawlguard.test"]);
    // The new connection works: the future appointments go to the new account's calendar.
    await drain();
    expect(events().length).toBeGreaterThan(0);
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(200);
  });

  it("disconnects: revokes the grant at Google and forgets the tokens", async () => {
    expect((await staff.call(door, "googleCalendar.disconnect", {})).status).toBe(403);
    expect((await staff.call(door, "googleCalendar.status")).body.authenticated).toBe(true);
    const res = await admin.call(door, "googleCalendar.disconnect", {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Google Calendar has been disconnected." });
    expect(google.state().tokens.refresh.filter((t) => t.active)).toHaveLength(0);
    const rows = await srv.running.db.sql`SELECT 1 FROM google_calendar_connection`;
    expect(rows).toHaveLength(0);
    expect((await staff.call(door, "googleCalendar.status")).body).toMatchObject({
      authenticated: false,
      account: null,
      needsReconnect: false,
    });
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(409);
    // Bookings go on, pushing nothing.
    const before = events().length;
    await book({ appointmentTime: "09:00", appointmentDate: addDays(JULY_TUESDAY, 3) });
    await drain();
    expect(events()).toHaveLength(before);
    expect((await admin.call(door, "googleCalendar.disconnect", {})).status).toBe(200);
  });
});

describe.each(doors)("Google Calendar unconfigured (%s door)", (door: Door) => {
  let srv: TestServer;
  /** The first account: an admin. */
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "open" });
    staff = new ApiClient(srv.url);
    await staff.call(door, "auth.register", newAccount("solo"));
  });

  it("refuses staff with a 403 before saying that Google Calendar is not configured", async () => {
    const member = new ApiClient(srv.url);
    expect((await member.call(door, "auth.register", newAccount("member"))).body.isAdmin).toBe(false);
    for (const [name, input] of [
      ["googleCalendar.init", {}],
      ["googleCalendar.authUrl", undefined],
      ["googleCalendar.callback", { code: "c", state: "s" }],
      ["googleCalendar.disconnect", {}],
    ] as const) {
      const res = await member.call(door, name, input);
      expect(res.status, name).toBe(403);
      expect(res.body.message, name).not.toMatch(/GOOGLE_CLIENT_ID/);
    }
    expect((await member.call(door, "googleCalendar.status")).body.configured).toBe(false);
  });
  afterAll(() => srv.stop());

  it("says so in the status, explains how to configure, and every call answers a clean 4xx or an empty list", async () => {
    const status = await staff.call(door, "googleCalendar.status");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ authenticated: false, configured: false, account: null, pendingPushes: 0 });
    expect(status.body.setupMessage).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect((await staff.call(door, "googleCalendar.init", {})).body.configured).toBe(false);
    const url = await staff.call(door, "googleCalendar.authUrl");
    expect(url.status).toBe(409);
    expect(url.body.message).toMatch(/GOOGLE_CLIENT_ID/);
    expect((await staff.call(door, "googleCalendar.callback", { code: "c", state: "s" })).status).toBe(409);
    expect((await staff.call(door, "googleCalendar.events")).status).toBe(409);
    expect((await staff.call(door, "googleCalendar.sync", {})).status).toBe(409);
    expect(
      (await staff.call(door, "googleCalendar.eventsRange", { startDate: "2030-01-01T00:00:00Z", endDate: "2030-01-02T00:00:00Z" })).body,
    ).toEqual([]);
    expect((await staff.call(door, "googleCalendar.disconnect", {})).status).toBe(200);
    // Booking is untouched.
    const booked = await staff.call(door, "appointments.schedule", {
      ...newClient(),
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "10:00",
      confirm: true,
    });
    expect(booked.status).toBe(200);
    expect((await staff.call(door, "googleCalendar.addEvent", { leadId: booked.body.lead.id })).status).toBe(409);
  });
});

describe.runIf(usingPostgres)("Google Calendar with PostgreSQL and no GOOGLE_TOKEN_KEY", () => {
  it("is unavailable, with the reason in the status and a 409 on connecting", async () => {
    const google = await startGoogleEmulator({ port: 0 });
    const srv = await startTestServer({ ...googleEnv(google), GOOGLE_TOKEN_KEY: "" });
    try {
      const staff = new ApiClient(srv.url);
      await staff.call("rest", "auth.register", newAccount("pg"));
      const status = await staff.call("rest", "googleCalendar.status");
      expect(status.body).toMatchObject({ configured: false, authenticated: false });
      expect(status.body.setupMessage).toMatch(/GOOGLE_TOKEN_KEY/);
      const url = await staff.call("rest", "googleCalendar.authUrl");
      expect(url.status).toBe(409);
      expect(url.body.message).toMatch(/GOOGLE_TOKEN_KEY/);
    } finally {
      await srv.stop();
      await google.close();
    }
  });
});

describe.runIf(usingPostgres)("Google Calendar on two server instances sharing one PostgreSQL", () => {
  it("pushes each queued appointment exactly once, whichever instance booked it", async () => {
    const google = await startGoogleEmulator({ port: 0 });
    // The same token key on every instance, as production requires (ADR 014).
    const env = googleEnv(google, { GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64"), GOOGLE_PUSH_POLL_MS: "50" });
    const a = await startTestServer(env);
    const b = await startServerOn(a.testDb, env);
    try {
      const onA = new ApiClient(a.url);
      await onA.call("rest", "auth.register", newAccount("admin"));
      const url = await onA.call("rest", "googleCalendar.authUrl");
      const { code, state } = await consent(url.body.authUrl);
      expect((await onA.call("rest", "googleCalendar.callback", { code, state })).status).toBe(200);
      // The session lives in the database: the same person on the other instance.
      const onB = new ApiClient(b.url);
      onB.cookies = new Map(onA.cookies);

      const leadIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await (i % 2 ? onB : onA).call("rest", "appointments.schedule", {
          ...newClient(),
          appointmentDate: addDays(JULY_TUESDAY, i % 5),
          appointmentTime: `${String(8 + (i % 9)).padStart(2, "0")}:00`,
          confirm: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        leadIds.push(res.body.lead.id);
      }
      // Both instances' workers poll the one queue; drain both at once as well.
      await until(
        () => google.state().events.length,
        (n) => n === leadIds.length,
        30_000,
      );
      await Promise.all([a.running.google.drain(), b.google.drain()]);

      const events = google.state().events.map((e) => e.event);
      expect(events.map((e) => e.id).sort()).toEqual(leadIds.map(eventIdOf).sort());
      // Every write to the emulator bumps a counter kept in each event's etag: as many writes as
      // events means no appointment was sent twice (not even as an update after a 409).
      const writes = Math.max(...events.map((e) => Number(/(\d{6})"$/.exec(e.etag)![1])));
      expect(writes).toBe(leadIds.length);
    } finally {
      await b.stop();
      await a.stop();
      await google.close();
    }
  }, 90_000);
});
