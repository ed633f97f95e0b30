import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, julyAt, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import {
  ApiClient,
  doors,
  newAccount,
  newClient,
  startTestServer,
  type ApiResponse,
  type Door,
  type TestServer,
  registerInvited,
  startServerOn,
} from "@crawlguard/testing/harness";
import type { RunningServer } from "@crawlguard/testing/harness";

/*
 * A booking that is not made is a 409 with `message` and `conflicts` in the
 * error body, on both booking calls and both doors; Idempotency-Key on the creating calls, kept in
 * the database; one rule set for both booking calls; a booked lead keeps the client's zip code.
 */

const BOOKINGS = ["appointments.book", "appointments.schedule"] as const;
const JULY_SUNDAY = addDays(JULY_TUESDAY, -2);

describe.each(doors)("booking contract through the %s door", (door: Door) => {
  let srv: TestServer;
  let admin: ApiClient;

  async function staff() {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount("contract"));
    expect(res.status).toBe(200);
    return client;
  }
  const withKey = (client: ApiClient, key: string) => new ApiClient(client.baseUrl, { headers: { "Idempotency-Key": key } });
  const keyed = (client: ApiClient, key: string) => {
    const c = withKey(client, key);
    c.cookies = client.cookies;
    return c;
  };
  async function leadCount(client: ApiClient): Promise<number> {
    return ((await client.call(door, "leads.list")).body as unknown[]).length;
  }

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  describe.each(BOOKINGS)("%s refuses with 409", (call) => {
    it("on a clash, outside working hours, on Sunday and inside a time block, saving nothing", async () => {
      const me = await staff();
      const date = addDays(JULY_TUESDAY, 1);
      const taken = await me.call(door, call, { ...newClient({ clientName: "Jo Lee" }), appointmentDate: date, appointmentTime: "10:00" });
      expect(taken.status).toBe(200);
      const block = await me.call(door, "timeBlocks.create", {
        title: "Supplier run",
        startDateTime: julyAt(date, "14:00"),
        endDateTime: julyAt(date, "15:00"),
      });
      expect(block.status).toBe(200);
      const before = await leadCount(me);
      const cases: [string, Record<string, string>, string][] = [
        ["clash", { appointmentDate: date, appointmentTime: "10:30" }, "appointment"],
        ["outside working hours", { appointmentDate: date, appointmentTime: "17:30" }, "outside-working-hours"],
        ["Sunday", { appointmentDate: JULY_SUNDAY, appointmentTime: "10:00" }, "outside-working-hours"],
        ["time block", { appointmentDate: date, appointmentTime: "14:30" }, "time-block"],
      ];
      for (const [what, when, kind] of cases) {
        const res = await me.call(door, call, { ...newClient(), ...when });
        expect(res.status, what).toBe(409);
        expect(res.body.code, what).toBe("CONFLICT");
        expect(res.body.message, what).toMatch(/^Not scheduled: .+\. Send confirm: true to book anyway\.$/);
        expect(res.body.conflicts, what).toEqual([expect.objectContaining({ kind })]);
        for (const conflict of res.body.conflicts as { message: string }[]) expect(res.body.message).toContain(conflict.message);
      }
      expect(await leadCount(me)).toBe(before);
      // confirm: true books over it (200), and the answer still lists what it clashes with.
      const anyway = await me.call(door, call, { ...newClient(), appointmentDate: JULY_SUNDAY, appointmentTime: "10:00", confirm: true });
      expect(anyway.status).toBe(200);
      expect(anyway.body.conflicts).toEqual([expect.objectContaining({ kind: "outside-working-hours" })]);
      expect(await leadCount(me)).toBe(before + 1);
    });

    it("with one rule set: a phone of fewer than 10 digits is refused", async () => {
      const me = await staff();
      for (const phone of ["123", "555-0147"]) {
        const res = await me.call(door, call, { ...newClient({ phone }), appointmentDate: JULY_TUESDAY, appointmentTime: "09:00" });
        expect(res.status, phone).toBe(400);
        expect(res.body.message, phone).toBe("phone: Phone number must be at least 10 digits");
      }
      const blank = await me.call(door, call, { ...newClient({ phone: "" }), appointmentDate: JULY_TUESDAY, appointmentTime: "09:00" });
      expect(blank.body.message).toBe("phone: Phone number is required");
    });

    it("keeps the zip code the client gave, or the one at the end of the address", async () => {
      const me = await staff();
      const given = await me.call(door, call, {
        ...newClient({ address: "44 Bent Creek Ranch Rd, Asheville", zipCode: "28806" }),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "11:00",
      });
      expect(given.status).toBe(200);
      expect(given.body.lead.zipCode).toBe("28806");
      const fromAddress = await me.call(door, call, {
        ...newClient({ address: "12 Merrimon Ave, Asheville, NC 28801" }),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "13:00",
      });
      expect(fromAddress.body.lead.zipCode).toBe("28801");
      // Rescheduling keeps it.
      const moved = await me.call(door, call, { leadId: given.body.lead.id, appointmentDate: JULY_TUESDAY, appointmentTime: "15:00" });
      expect(moved.status).toBe(200);
      expect(moved.body.lead.zipCode).toBe("28806");
    });

    it("answers a repeated Idempotency-Key with the first result and books once", async () => {
      const me = await staff();
      const key = randomUUID();
      const body = { ...newClient(), appointmentDate: addDays(JULY_TUESDAY, 2), appointmentTime: "10:00" };
      const before = await leadCount(me);
      const first = await keyed(me, key).call(door, call, body);
      expect(first.status).toBe(200);
      // The lost-answer retry: same key, same body (keys in another order), no conflict with itself.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await keyed(me, key).call(door, call, reordered);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await leadCount(me)).toBe(before + 1);
      // The same key with another body is a 422 and creates nothing.
      const other = await keyed(me, key).call(door, call, { ...body, appointmentTime: "11:00" });
      expect(other.status).toBe(422);
      expect(other.body.code).toBe("UNPROCESSABLE_CONTENT");
      expect(other.body.message).toMatch(/Idempotency-Key was already used with another request/);
      expect(await leadCount(me)).toBe(before + 1);
      // Without a key, the same body is a new request: it clashes with the first booking.
      expect((await me.call(door, call, body)).status).toBe(409);
    });

    it("books once when the same key arrives twice at the same time", async () => {
      const me = await staff();
      const key = randomUUID();
      const body = { ...newClient(), appointmentDate: addDays(JULY_TUESDAY, 3), appointmentTime: "14:00" };
      const before = await leadCount(me);
      const answers = await Promise.all([1, 2, 3].map(() => keyed(me, key).call(door, call, body)));
      const statuses = answers.map((a) => a.status).sort();
      // One runs; the others either find it still running (409, retry later) or answer its result.
      expect(statuses[0]).toBe(200);
      for (const a of answers) {
        if (a.status === 200) expect(a.body).toEqual(answers.find((x) => x.status === 200)!.body);
        else {
          expect(a.status).toBe(409);
          expect(a.body.message).toMatch(/Idempotency-Key is still being processed/);
        }
      }
      expect(await leadCount(me)).toBe(before + 1);
      expect((await keyed(me, key).call(door, call, body)).status).toBe(200);
    });

    it("does not use up a key on a refused booking, and scopes keys per user", async () => {
      const me = await staff();
      const key = randomUUID();
      const body = { ...newClient(), appointmentDate: JULY_SUNDAY, appointmentTime: "12:00" };
      expect((await keyed(me, key).call(door, call, body)).status).toBe(409);
      // "Book anyway" with the same key: the refusal released it.
      const anyway = await keyed(me, key).call(door, call, { ...body, confirm: true });
      expect(anyway.status).toBe(200);
      // Another user's identical key and body is theirs: a booking of their own.
      const someoneElse = await staff();
      const theirs = await keyed(someoneElse, key).call(door, call, { ...body, confirm: true });
      expect(theirs.status).toBe(200);
      expect(theirs.body.lead.id).not.toBe(anyway.body.lead.id);
    });
  });

  it("keeps a booking's Idempotency-Key in the database: it answers across server instances and ends after 24 hours", async () => {
    // Its own database: this test stops and starts servers on it.
    const first = await startTestServer();
    const { dataDir, databaseUrl } = first.testDb;
    let second: RunningServer | undefined;
    try {
      const me = new ApiClient(first.url);
      expect((await me.call(door, "auth.register", newAccount("instances"))).status).toBe(200);
      const key = randomUUID();
      const body = { ...newClient(), appointmentDate: addDays(JULY_TUESDAY, 3), appointmentTime: "10:00" };
      const booked = await keyed(me, key).call(door, "appointments.book", body);
      expect(booked.status).toBe(200);
      const [row] = await first.running.db.sql<{ scope: string; response: string }[]>`
        SELECT scope, response FROM idempotency_keys WHERE key = ${key}`;
      expect(row?.scope).toMatch(/^user:/);
      expect(JSON.parse(row!.response)).toEqual(booked.body);

      // Another instance on the same database (PostgreSQL: side by side; embedded: the next start on DATA_DIR).
      if (!databaseUrl) await first.running.stop();
      second = await startServerOn({ dataDir, databaseUrl });
      const there = new ApiClient(second.url, { headers: { "Idempotency-Key": key } });
      there.cookies = me.cookies;
      const replay = await there.call(door, "appointments.book", body);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(booked.body);
      // A key older than 24 hours is gone: the same key then runs as a new request (here: it clashes).
      await second.db.sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`;
      const expired = await there.call(door, "appointments.book", body);
      expect(expired.status).toBe(409);
    } finally {
      await second?.stop();
      if (databaseUrl) await first.stop();
      else await first.testDb.drop();
    }
  });

  it("answers POST /api/leads and convert-to-lead once per key", async () => {
    const me = await staff();
    const key = randomUUID();
    const lead = { name: "Kim Park", email: `kim${randomUUID().slice(0, 6)}@example.com`, zipCode: "28803", service: "crawl-space" };
    const first = await keyed(me, key).call(door, "leads.create", lead);
    expect(first.status).toBe(200);
    const again = await keyed(me, key).call(door, "leads.create", lead);
    expect(again.body).toEqual(first.body);
    const list = (await me.call(door, "leads.list")).body as { email: string }[];
    expect(list.filter((l) => l.email === lead.email)).toHaveLength(1);
    expect((await keyed(me, key).call(door, "leads.create", { ...lead, name: "Kim Parker" })).status).toBe(422);

    const anon = new ApiClient(srv.url);
    const submission = {
      name: "Lee Grant",
      email: `lee${randomUUID().slice(0, 6)}@example.com`,
      zipCode: "28801",
      message: "Wet crawl space",
    };
    expect((await anon.call(door, "contact.submit", submission)).status).toBe(200);
    const submissions = (await me.call(door, "submissions.list")).body as { id: string; email: string }[];
    const id = submissions.find((s) => s.email === submission.email)!.id;
    const convertKey = randomUUID();
    const converted = await keyed(me, convertKey).call(door, "submissions.convertToLead", { id });
    expect(converted.status).toBe(200);
    expect((await keyed(me, convertKey).call(door, "submissions.convertToLead", { id })).body).toEqual(converted.body);
    expect((await keyed(me, convertKey).call(door, "submissions.convertToLead", { id: randomUUID() })).status).toBe(422);
  });

  it("answers POST /api/contact once per key for an anonymous caller", async () => {
    const me = await staff();
    const anon = new ApiClient(srv.url);
    const key = randomUUID();
    const submission = { name: "Ray Moss", email: `ray${randomUUID().slice(0, 6)}@example.com`, zipCode: "28801", message: "Musty smell" };
    const first = await keyed(anon, key).call(door, "contact.submit", submission);
    const again = await keyed(anon, key).call(door, "contact.submit", submission);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const submissions = (await me.call(door, "submissions.list")).body as { email: string }[];
    expect(submissions.filter((s) => s.email === submission.email)).toHaveLength(1);
    expect((await keyed(anon, key).call(door, "contact.submit", { ...submission, message: "Other" })).status).toBe(422);
  });

  it("refuses a malformed Idempotency-Key with 400 naming the header", async () => {
    const me = await staff();
    for (const key of ["x".repeat(256), "has space", "ünicode"]) {
      const res: ApiResponse = await keyed(me, key)
        .call(door, "leads.create", { name: "Al Bo", email: "al@example.com", zipCode: "28801", service: "crawl-space" })
        .catch((error: unknown) => ({ status: 0, body: String(error), headers: new Headers() }));
      // fetch itself refuses a non-Latin-1 header value; the others reach the server.
      if (res.status === 0) continue;
      expect(res.status, key).toBe(400);
      expect((res.body as { message: string }).message).toContain("Idempotency-Key: ");
    }
  });
});
