import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "@crawlguard/content";
import { ApiClient, doors, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { booking, crewMember, freeWindows, settingsWith, tokenOf, type Person, type Window } from "./booking-fixtures.js";

/*
 * Online booking through both doors, on the embedded database and (TEST_DATABASE_URL) PostgreSQL:
 * the admin's settings, the window list, booking, the manage link, the service area and the
 * contact form's bot fields. The race for the last place is online-booking-race.api.test.ts.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A window's date in the business zone. */
const dayOf = (w: Window) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(w.start));

describe.each(doors)("online booking through the %s door", (door) => {
  let srv: TestServer;
  let admin: Person;
  let office: Person;
  let sam: Person;
  let kim: Person;
  let anon: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "open", CONTACT_MIN_SUBMIT_MS: "3000", CONTACT_RATE_LIMIT: "1000" });
    admin = await crewMember(srv, door, "admin");
    office = await crewMember(srv, door, "office");
    sam = await crewMember(srv, door, "sam");
    kim = await crewMember(srv, door, "kim");
    anon = new ApiClient(srv.url);
  });
  afterAll(() => srv.stop());

  const save = async (overrides: Record<string, unknown> = {}) => {
    const res = await admin.client.call(door, "onlineBooking.updateSettings", settingsWith(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const leadsOf = async (email: string) =>
    srv.running.db.sql<
      {
        id: string;
        status: string;
        source: string;
        scheduledDate: Date | null;
        durationMinutes: number;
        assignedTo: string | null;
        notes: string | null;
      }[]
    >`
      SELECT id, status, source, scheduled_date, duration_minutes, assigned_to, notes FROM leads WHERE email = ${email}`;

  describe("settings", () => {
    it("are off until an admin switches them on, with weekday windows, a day's notice and two weeks ahead", async () => {
      const res = await office.client.call(door, "onlineBooking.settings");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        enabled: false,
        noticeHours: 24,
        horizonDays: 14,
        bookableUserIds: [],
        serviceZipCodes: [],
        timeZone: "America/New_York",
      });
      expect(res.body.windows).toContainEqual({ dayOfWeek: 1, start: "09:00", end: "11:00" });
      const list = await anon.call(door, "onlineBooking.windows", { zipCode: "28801" });
      expect(list.status).toBe(404);
      expect(list.body.message).toContain(company.phone.display);
      expect((await anon.call(door, "onlineBooking.status")).body).toEqual({ enabled: false });
      const booked = await anon.call(door, "onlineBooking.book", booking(new Date(Date.now() + 86_400_000).toISOString()));
      expect(booked.status).toBe(404);
    });

    it("only an admin saves them, whole, and reads them back as saved", async () => {
      const input = settingsWith({ bookableUserIds: [sam.id], noticeHours: 2, horizonDays: 5 });
      expect((await office.client.call(door, "onlineBooking.updateSettings", input)).status).toBe(403);
      expect((await anon.call(door, "onlineBooking.updateSettings", input)).status).toBe(401);
      expect((await anon.call(door, "onlineBooking.settings")).status).toBe(401);
      const saved = await save({ bookableUserIds: [sam.id], noticeHours: 2, horizonDays: 5, windows: [...input.windows].reverse() });
      expect(saved).toEqual({ ...input, timeZone: "America/New_York" });
      expect((await office.client.call(door, "onlineBooking.settings")).body).toEqual(saved);
      expect((await anon.call(door, "onlineBooking.status")).body).toEqual({ enabled: true });
    });

    it("refuses windows of a length no appointment has, overlapping windows and unknown people, naming the field", async () => {
      const bad = async (overrides: Record<string, unknown>, message: RegExp) => {
        const res = await admin.client.call(door, "onlineBooking.updateSettings", settingsWith(overrides));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toMatch(message);
      };
      await bad(
        { windows: [{ dayOfWeek: 2, start: "09:00", end: "13:00" }] },
        /^windows\.0\.end: A window lasts 30, 60, 90, 120 or 180 minutes/,
      );
      await bad(
        {
          windows: [
            { dayOfWeek: 2, start: "09:00", end: "11:00" },
            { dayOfWeek: 2, start: "10:00", end: "12:00" },
          ],
        },
        /^windows\.1\.start: Windows on the same day may not overlap/,
      );
      await bad({ bookableUserIds: [sam.id, "00000000-0000-4000-8000-000000000000"] }, /^bookableUserIds\.1: No user has this id/);
      await bad({ serviceZipCodes: ["2880"] }, /^serviceZipCodes\.0: Zip code must be 5 digits/);
      await bad({ windows: [{ dayOfWeek: 7, start: "09:00", end: "11:00" }] }, /^windows\.0\.dayOfWeek: /);
      await bad({ horizonDays: 0 }, /^horizonDays: /);
    });
  });

  describe("the window list", () => {
    beforeAll(() => save({ bookableUserIds: [sam.id] }));

    it("lists windows after the notice and inside the horizon, labelled in business time", async () => {
      const windows = await freeWindows(anon, door);
      // Two a day for seven days; today's may have begun.
      expect(windows.length).toBeGreaterThanOrEqual(12);
      expect(windows.length).toBeLessThanOrEqual(14);
      for (const w of windows) {
        expect(Date.parse(w.start)).toBeGreaterThanOrEqual(Date.now() - 60_000);
        expect(Date.parse(w.start)).toBeLessThan(Date.now() + 7 * 86_400_000);
        expect(Date.parse(w.end) - Date.parse(w.start)).toBe(2 * 3_600_000);
        expect(w.label).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2} · (9:00–11:00 AM|1:00–3:00 PM)$/);
        const hour = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(
          new Date(w.start),
        );
        expect(["9", "09", "13"]).toContain(hour);
      }
      expect([...windows].sort((a, b) => a.start.localeCompare(b.start))).toEqual(windows);
    });

    it("a zip outside the service area is 422, saying to call, with the phone; an empty area serves every zip", async () => {
      const res = await anon.call(door, "onlineBooking.windows", { zipCode: "90210" });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/call us/);
      expect(res.body.message).toContain(company.phone.display);
      const bad = await anon.call(door, "onlineBooking.windows", { zipCode: "abc" });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("zipCode: Zip code must be 5 digits");
      await save({ bookableUserIds: [sam.id], serviceZipCodes: [] });
      expect((await freeWindows(anon, door, "90210")).length).toBeGreaterThan(0);
      await save({ bookableUserIds: [sam.id] });
    });

    it("leaves out windows a time block covers, recurring ones included", async () => {
      const before = await freeWindows(anon, door);
      const target = before.at(-1)!;
      // A daily block over the last window's hour, starting a week earlier: every day's window at that hour goes.
      const start = new Date(Date.parse(target.start) - 7 * 86_400_000 + 30 * 60_000);
      const block = await sam.client.call(door, "timeBlocks.create", {
        title: "School run",
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        blockType: "personal",
        isRecurring: true,
        recurringPattern: "daily",
      });
      expect(block.status, JSON.stringify(block.body)).toBe(200);
      const after = await freeWindows(anon, door);
      const hourOf = (w: Window) => new Date(w.start).getUTCHours();
      expect(after.map((w) => w.start)).toEqual(before.filter((w) => hourOf(w) !== hourOf(target)).map((w) => w.start));
      expect((await sam.client.call(door, "timeBlocks.delete", { id: block.body.id })).status).toBe(200);
      expect(await freeWindows(anon, door)).toEqual(before);
    });

    it("the preview shows the next free windows with how many are free, to staff only", async () => {
      await save({ bookableUserIds: [sam.id, kim.id] });
      const res = await office.client.call(door, "onlineBooking.preview");
      expect(res.status).toBe(200);
      expect(res.body.enabled).toBe(true);
      expect(res.body.windows.length).toBeGreaterThan(0);
      expect(res.body.windows.length).toBeLessThanOrEqual(8);
      expect(res.body.windows.every((w: { freeCount: number }) => w.freeCount === 2)).toBe(true);
      expect((await anon.call(door, "onlineBooking.preview")).status).toBe(401);
      await save({ bookableUserIds: [sam.id] });
    });
  });

  describe("booking", () => {
    beforeAll(() => save({ bookableUserIds: [sam.id] }));

    it("makes a scheduled online-booking lead spanning the window with the free person, and takes the window off the list", async () => {
      const [window] = await freeWindows(anon, door);
      const input = booking(window!.start, { message: "Musty smell in the hallway" });
      const res = await anon.call(door, "onlineBooking.book", input);
      expect(res.status, JSON.stringify(res.body)).toBe(door === "rest" ? 201 : 200);
      expect(res.body).toEqual({
        start: window!.start,
        end: window!.end,
        label: window!.label,
        manageUrl: expect.stringMatching(/\/book\/[A-Za-z0-9_-]{43}$/),
        message: `You're booked: ${window!.label}. We've e-mailed your confirmation with a link to change or cancel it.`,
      });
      expect(res.body.manageUrl.startsWith(srv.url)).toBe(true);
      const [lead] = await leadsOf(input.email);
      expect(lead).toMatchObject({
        status: "scheduled",
        source: "online-booking",
        durationMinutes: 120,
        assignedTo: sam.id,
        notes: "Musty smell in the hallway",
      });
      expect(lead!.scheduledDate!.toISOString()).toBe(window!.start);
      // The token itself is stored nowhere; its hash is.
      const [stored] = await srv.running.db.sql<
        { tokenHash: string }[]
      >`SELECT token_hash FROM online_bookings WHERE lead_id = ${lead!.id}`;
      expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.tokenHash).not.toContain(tokenOf(res.body.manageUrl));
      expect((await freeWindows(anon, door)).map((w) => w.start)).not.toContain(window!.start);
      const timeline = await admin.client.call(door, "leads.timeline", { id: lead!.id });
      expect(timeline.body.map((e: { kind: string; actorName: string | null }) => [e.kind, e.actorName])).toEqual([
        ["created", null],
        ["schedule", null],
      ]);
      // The same window again: taken.
      const again = await anon.call(door, "onlineBooking.book", booking(window!.start));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("Sorry, that window was just taken. Please pick another time.");
    });

    it("a window stays offered until each free person has a booking in it, and goes to the one with fewer appointments that day", async () => {
      await save({ bookableUserIds: [sam.id, kim.id] });
      const windows = await freeWindows(anon, door);
      // The last day with both windows listed: nobody has an appointment there yet.
      const days = windows.map(dayOf);
      const day = days.filter((d) => days.indexOf(d) !== days.lastIndexOf(d)).at(-1)!;
      const [taken, sameDay] = windows.filter((w) => dayOf(w) === day) as [Window, Window];
      const first = booking(taken.start);
      expect((await anon.call(door, "onlineBooking.book", first)).status).toBeLessThan(300);
      const firstAssignee = (await leadsOf(first.email))[0]!.assignedTo;
      // Same day, another window: to the other person, who has none that day.
      const second = booking(sameDay.start);
      expect((await anon.call(door, "onlineBooking.book", second)).status).toBeLessThan(300);
      expect((await leadsOf(second.email))[0]!.assignedTo).not.toBe(firstAssignee);
      // The first window still has one place; then none.
      expect((await freeWindows(anon, door)).map((w) => w.start)).toContain(taken.start);
      const third = booking(taken.start);
      expect((await anon.call(door, "onlineBooking.book", third)).status).toBeLessThan(300);
      expect((await leadsOf(third.email))[0]!.assignedTo).not.toBe(firstAssignee);
      expect((await freeWindows(anon, door)).map((w) => w.start)).not.toContain(taken.start);
      expect((await anon.call(door, "onlineBooking.book", booking(taken.start))).status).toBe(409);
      await save({ bookableUserIds: [sam.id] });
    });

    it("a start that is not an offered window is 409; bad fields 400 naming them; outside the area 422 with the phone", async () => {
      const [window] = await freeWindows(anon, door);
      const off = await anon.call(door, "onlineBooking.book", booking(new Date(Date.parse(window!.start) + 30 * 60_000).toISOString()));
      expect(off.status).toBe(409);
      expect(off.body.message).toBe("That time is not one of the windows offered. Please pick one of the times listed.");
      const outside = await anon.call(door, "onlineBooking.book", booking(window!.start, { zipCode: "90210" }));
      expect(outside.status).toBe(422);
      expect(outside.body.message).toContain(company.phone.display);
      const bad = await anon.call(door, "onlineBooking.book", booking(window!.start, { email: "nope", phone: "123", name: "" }));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("email: Please enter a valid email address");
      expect(bad.body.message).toContain("phone: Phone number must be at least 10 digits");
      const service = await anon.call(door, "onlineBooking.book", booking(window!.start, { service: "roofing" }));
      expect(service.status).toBe(400);
      expect(service.body.message).toBe("service: Choose one of the services listed");
      const missing = await anon.call(door, "onlineBooking.book", { name: "Robin" });
      expect(missing.status).toBe(400);
      expect((await freeWindows(anon, door)).map((w) => w.start)).toContain(window!.start);
    });

    it("treats the bot fields as the contact form does: answered as booked, nothing stored", async () => {
      const [window] = await freeWindows(anon, door);
      const trapped = booking(window!.start, { botTrap: "http://spam.example" });
      const res = await anon.call(door, "onlineBooking.book", trapped);
      expect(res.status).toBe(door === "rest" ? 201 : 200);
      expect(res.body).toMatchObject({
        start: window!.start,
        end: window!.end,
        manageUrl: expect.stringMatching(/\/book\/[A-Za-z0-9_-]{43}$/),
      });
      expect(await leadsOf(trapped.email)).toEqual([]);
      // Its link names nothing.
      expect((await anon.call(door, "onlineBooking.view", { token: tokenOf(res.body.manageUrl) })).status).toBe(404);
      const fast = booking(window!.start, { elapsedMs: 1200 });
      expect((await anon.call(door, "onlineBooking.book", fast)).status).toBe(door === "rest" ? 201 : 200);
      expect(await leadsOf(fast.email)).toEqual([]);
      expect((await freeWindows(anon, door)).map((w) => w.start)).toContain(window!.start);
      // A person who took their time is booked.
      const person = booking(window!.start, { elapsedMs: 3000, botTrap: "  " });
      expect((await anon.call(door, "onlineBooking.book", person)).status).toBeLessThan(300);
      expect(await leadsOf(person.email)).toHaveLength(1);
    });
  });

  describe("the manage link", () => {
    beforeAll(() => save({ bookableUserIds: [sam.id] }));

    it("shows the booking; rescheduling frees the old window and takes the new one; cancelling frees it and keeps the lead's history", async () => {
      const [first, second] = await freeWindows(anon, door);
      const input = booking(first!.start);
      const made = await anon.call(door, "onlineBooking.book", input);
      const token = tokenOf(made.body.manageUrl);
      expect(token).toMatch(TOKEN);

      const shown = await anon.call(door, "onlineBooking.view", { token });
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({
        status: "booked",
        start: first!.start,
        end: first!.end,
        label: first!.label,
        name: input.name,
        service: input.service,
        address: input.address,
        zipCode: "28801",
      });

      const moved = await anon.call(door, "onlineBooking.reschedule", { token, windowStart: second!.start });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({ status: "booked", start: second!.start, end: second!.end, label: second!.label });
      let free = (await freeWindows(anon, door)).map((w) => w.start);
      expect(free).toContain(first!.start);
      expect(free).not.toContain(second!.start);
      const [lead] = await leadsOf(input.email);
      expect(lead!.scheduledDate!.toISOString()).toBe(second!.start);

      // Moving to a window someone else has is 409; to one not offered, too.
      const other = booking(first!.start);
      await anon.call(door, "onlineBooking.book", other);
      expect((await anon.call(door, "onlineBooking.reschedule", { token, windowStart: first!.start })).status).toBe(409);
      expect((await anon.call(door, "onlineBooking.reschedule", { token, windowStart: "2020-01-01T14:00:00.000Z" })).status).toBe(409);

      const cancelled = await anon.call(door, "onlineBooking.cancel", { token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: "cancelled", start: second!.start, label: second!.label });
      free = (await freeWindows(anon, door)).map((w) => w.start);
      expect(free).toContain(second!.start);
      const [after] = await leadsOf(input.email);
      expect(after).toMatchObject({ status: "new", scheduledDate: null });
      const timeline = await admin.client.call(door, "leads.timeline", { id: after!.id });
      expect(timeline.body.map((e: { kind: string; from: string | null; to: string | null }) => [e.kind, e.from, e.to])).toEqual([
        ["created", null, "scheduled"],
        ["schedule", null, first!.start],
        ["schedule", first!.start, second!.start],
        ["status", "scheduled", "new"],
        ["schedule", second!.start, null],
      ]);

      // Cancelled: it cannot be moved, nor cancelled again.
      const late = await anon.call(door, "onlineBooking.reschedule", { token, windowStart: second!.start });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe("This booking was cancelled, so it cannot be moved. Please book a new time.");
      expect((await anon.call(door, "onlineBooking.cancel", { token })).status).toBe(409);
      expect((await anon.call(door, "onlineBooking.view", { token })).body.status).toBe("cancelled");
    });

    it("an unknown token is 404; a malformed one 400", async () => {
      const unknown = "A".repeat(43);
      const res = await anon.call(door, "onlineBooking.view", { token: unknown });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("This booking link is not valid. Check the link in your confirmation e-mail.");
      expect((await anon.call(door, "onlineBooking.cancel", { token: unknown })).status).toBe(404);
      expect((await anon.call(door, "onlineBooking.view", { token: "short" })).status).toBe(400);
    });
  });
});
