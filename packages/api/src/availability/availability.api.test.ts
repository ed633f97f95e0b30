import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, januaryAt, JANUARY_TUESDAY, julyAt, JULY_TUESDAY, SPRING_FORWARD } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, startTestServer, type TestServer, registerInvited } from "@crawlguard/testing/harness";

const DEFAULT_WEEK = [
  { dayOfWeek: "0", startTime: "09:00", endTime: "17:00", isActive: false },
  { dayOfWeek: "1", startTime: "09:00", endTime: "17:00", isActive: true },
  { dayOfWeek: "2", startTime: "09:00", endTime: "17:00", isActive: true },
  { dayOfWeek: "3", startTime: "09:00", endTime: "17:00", isActive: true },
  { dayOfWeek: "4", startTime: "09:00", endTime: "17:00", isActive: true },
  { dayOfWeek: "5", startTime: "09:00", endTime: "17:00", isActive: true },
  { dayOfWeek: "6", startTime: "09:00", endTime: "17:00", isActive: false },
];

describe.each(doors)("working hours and time blocks through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;

  async function staff() {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount("avail"));
    expect(res.status).toBe(200);
    return client;
  }

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("admin"));
  });
  afterAll(() => srv.stop());

  it("answers 401 to every availability call when logged out", async () => {
    const anon = new ApiClient(srv.url);
    const id = randomUUID();
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["workingHours.list", undefined],
      ["workingHours.update", { dayOfWeek: "1", startTime: "09:00", endTime: "17:00" }],
      ["workingHours.saveAll", { days: [{ dayOfWeek: "1", startTime: "09:00", endTime: "17:00" }] }],
      ["timeBlocks.list", undefined],
      ["timeBlocks.get", { id }],
      ["timeBlocks.create", { title: "x", startDateTime: julyAt(JULY_TUESDAY, "12:00"), endDateTime: julyAt(JULY_TUESDAY, "13:00") }],
      ["timeBlocks.update", { id, title: "y" }],
      ["timeBlocks.delete", { id }],
    ];
    for (const [name, input] of calls) {
      const res = await anon.call(door, name, input);
      expect(res.status, name).toBe(401);
      expect(res.body.message).toBe("You must be logged in");
    }
  });

  describe("working hours", () => {
    it("gives a user without rows the docs/product.md defaults: Monday–Friday 09:00–17:00, weekend closed", async () => {
      const me = await staff();
      const res = await me.call(door, "workingHours.list");
      expect(res).toMatchObject({ status: 200, body: DEFAULT_WEEK });
    });

    it("saves one day (an upsert) and keeps the defaults for the others, per user", async () => {
      const me = await staff();
      const other = await staff();
      const saved = await me.call(door, "workingHours.update", { dayOfWeek: "6", startTime: "10:00", endTime: "14:00", isActive: true });
      expect(saved).toMatchObject({ status: 200, body: { dayOfWeek: "6", startTime: "10:00", endTime: "14:00", isActive: true } });
      const again = await me.call(door, "workingHours.update", { dayOfWeek: "6", startTime: "10:30", endTime: "14:00" });
      expect(again.body).toEqual({ dayOfWeek: "6", startTime: "10:30", endTime: "14:00", isActive: true });
      const week = (await me.call(door, "workingHours.list")).body;
      expect(week).toEqual([...DEFAULT_WEEK.slice(0, 6), { dayOfWeek: "6", startTime: "10:30", endTime: "14:00", isActive: true }]);
      expect((await other.call(door, "workingHours.list")).body).toEqual(DEFAULT_WEEK);
    });

    it("answers 400 for a bad day, a bad time, or an end not after the start", async () => {
      const me = await staff();
      const badDay = await me.call(door, "workingHours.update", { dayOfWeek: "7", startTime: "09:00", endTime: "17:00" });
      expect(badDay.status).toBe(400);
      expect(badDay.body.message).toBe("dayOfWeek: Day of week must be 0 (Sunday) to 6 (Saturday)");
      const badTime = await me.call(door, "workingHours.update", { dayOfWeek: "1", startTime: "9:00", endTime: "24:00" });
      expect(badTime.status).toBe(400);
      expect(badTime.body.message).toBe(
        "startTime: Time must be HH:MM, from 00:00 to 23:59; endTime: Time must be HH:MM, from 00:00 to 23:59",
      );
      const blank = await me.call(door, "workingHours.update", { dayOfWeek: "1", startTime: "", endTime: "17:00" });
      expect(blank.body.message).toBe("startTime: Start time is required");
      for (const endTime of ["09:00", "08:00"]) {
        const res = await me.call(door, "workingHours.update", { dayOfWeek: "1", startTime: "09:00", endTime });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("endTime: End time must be after start time");
      }
      expect((await me.call(door, "workingHours.list")).body).toEqual(DEFAULT_WEEK);
    });

    it("saves all seven days in one call", async () => {
      const me = await staff();
      const days = DEFAULT_WEEK.map((d) => ({ ...d, startTime: "07:30", isActive: d.dayOfWeek !== "0" }));
      const res = await me.call(door, "workingHours.saveAll", { days });
      expect(res).toMatchObject({ status: 200, body: days });
      expect((await me.call(door, "workingHours.list")).body).toEqual(days);
    });

    it("saves nothing when any day of a Save All is invalid", async () => {
      const me = await staff();
      await me.call(door, "workingHours.update", { dayOfWeek: "2", startTime: "08:00", endTime: "12:00" });
      const before = (await me.call(door, "workingHours.list")).body;
      const days = DEFAULT_WEEK.map((d) => ({ ...d, startTime: "06:00" }));
      days[3] = { ...days[3]!, startTime: "18:00", endTime: "17:00" };
      const res = await me.call(door, "workingHours.saveAll", { days });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("days.3.endTime: End time must be after start time");
      const dup = await me.call(door, "workingHours.saveAll", { days: [DEFAULT_WEEK[1], DEFAULT_WEEK[1]] });
      expect(dup.status).toBe(400);
      expect(dup.body.message).toBe("days.1.dayOfWeek: Each day may appear only once");
      const malformed = await me.call(door, "workingHours.saveAll", {
        days: [...DEFAULT_WEEK.slice(0, 6), { ...DEFAULT_WEEK[6], endTime: "5pm" }],
      });
      expect(malformed.status).toBe(400);
      expect((await me.call(door, "workingHours.list")).body).toEqual(before);
    });
  });

  describe("time blocks", () => {
    const lunch = { title: "Lunch", startDateTime: julyAt(JULY_TUESDAY, "12:00"), endDateTime: julyAt(JULY_TUESDAY, "13:00") };

    it("creates a block with the docs/product.md defaults: personal, one-off, #ef4444", async () => {
      const me = await staff();
      const res = await me.call(door, "timeBlocks.create", lunch);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.any(String),
        userId: expect.any(String),
        title: "Lunch",
        description: null,
        startDateTime: lunch.startDateTime,
        endDateTime: lunch.endDateTime,
        blockType: "personal",
        isRecurring: false,
        recurringPattern: null,
        recurrenceEndDate: null,
        color: "#ef4444",
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await me.call(door, "timeBlocks.get", { id: res.body.id })).body).toEqual(res.body);
    });

    it("defaults the colour by type, keeps a given one, and stores a one-off block without a pattern", async () => {
      const me = await staff();
      const types = {
        personal: "#ef4444",
        maintenance: "#f97316",
        break: "#84cc16",
        travel: "#06b6d4",
        admin: "#8b5cf6",
        other: "#6b7280",
      };
      for (const [blockType, color] of Object.entries(types)) {
        const res = await me.call(door, "timeBlocks.create", { ...lunch, blockType });
        expect(res.body.color, blockType).toBe(color);
      }
      const custom = await me.call(door, "timeBlocks.create", { ...lunch, blockType: "travel", color: "#ABCDEF" });
      expect(custom.body.color).toBe("#abcdef");
      const notRecurring = await me.call(door, "timeBlocks.create", {
        ...lunch,
        isRecurring: false,
        recurringPattern: "weekly",
        recurrenceEndDate: "2099-01-01",
      });
      expect(notRecurring.body).toMatchObject({ isRecurring: false, recurringPattern: null, recurrenceEndDate: null });
      const weekly = await me.call(door, "timeBlocks.create", {
        ...lunch,
        description: "Every week",
        isRecurring: true,
        recurringPattern: "weekly",
        recurrenceEndDate: `${Number(JULY_TUESDAY.slice(0, 4)) + 1}-12-31`,
      });
      expect(weekly.body).toMatchObject({
        description: "Every week",
        isRecurring: true,
        recurringPattern: "weekly",
        recurrenceEndDate: `${Number(JULY_TUESDAY.slice(0, 4)) + 1}-12-31`,
      });
    });

    it("answers 400 for a missing title, a bad colour or type, an end not after the start, a recurring block without a pattern", async () => {
      const me = await staff();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...lunch, title: "  " }, "title: Title is required"],
        [{ ...lunch, color: "red" }, "color: Colour must be a hex colour like #ef4444"],
        [{ ...lunch, color: "#12345" }, "color: Colour must be a hex colour like #ef4444"],
        [{ ...lunch, endDateTime: lunch.startDateTime }, "endDateTime: End must be after start"],
        [{ ...lunch, startDateTime: lunch.endDateTime, endDateTime: lunch.startDateTime }, "endDateTime: End must be after start"],
        [{ ...lunch, isRecurring: true }, "recurringPattern: Recurring blocks need a pattern: daily, weekdays, weekly or monthly"],
        [
          { ...lunch, isRecurring: true, recurringPattern: "daily", recurrenceEndDate: "2000-01-01" },
          "recurrenceEndDate: Recurrence end date must not be before the start date",
        ],
        // Found by the fuzzer: a daily block lasting decades made every availability check expand
        // it thousands of times (no answer within 15 s). Occurrences are shorter than their repeat.
        [
          { ...lunch, endDateTime: "2099-01-01T00:00:00Z", isRecurring: true, recurringPattern: "daily" },
          "endDateTime: A daily block must end within 24 hours of its start",
        ],
        [
          { ...lunch, endDateTime: "2099-01-01T00:00:00Z", isRecurring: true, recurringPattern: "weekly" },
          "endDateTime: A weekly block must end within 7 days of its start",
        ],
        [
          { ...lunch, endDateTime: "2099-01-01T00:00:00Z", isRecurring: true, recurringPattern: "monthly" },
          "endDateTime: A monthly block must end within 28 days of its start",
        ],
        [
          { ...lunch, endDateTime: "2099-01-01T00:00:00Z" },
          "endDateTime: A time block can last at most a year; split a longer absence into several blocks",
        ],
      ];
      for (const [input, message] of cases) {
        const res = await me.call(door, "timeBlocks.create", input);
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      }
      for (const input of [
        { ...lunch, blockType: "nap" },
        { ...lunch, recurringPattern: "yearly", isRecurring: true },
        { ...lunch, startDateTime: "tuesday" },
        { title: "No times" },
      ]) {
        expect((await me.call(door, "timeBlocks.create", input)).status).toBe(400);
      }
      expect((await me.call(door, "timeBlocks.list")).body).toEqual([]);
      // The same rule holds for a change: the merged block is checked, and nothing changes.
      const daily = await me.call(door, "timeBlocks.create", { ...lunch, isRecurring: true, recurringPattern: "daily" });
      const stretched = await me.call(door, "timeBlocks.update", { id: daily.body.id, endDateTime: "2030-01-01T00:00:00Z" });
      expect(stretched.status).toBe(400);
      expect(stretched.body.message).toBe("endDateTime: A daily block must end within 24 hours of its start");
      expect((await me.call(door, "timeBlocks.get", { id: daily.body.id })).body).toEqual(daily.body);
    });

    it("repeats a weekdays block Monday to Friday at its wall time across a DST change, and checks its start day", async () => {
      const me = await staff();
      // Wednesday before the spring-forward Sunday, 12:00–13:00 New York time (EST, UTC-5).
      const wednesday = addDays(SPRING_FORWARD, -4);
      const block = await me.call(door, "timeBlocks.create", {
        ...lunch,
        startDateTime: januaryAt(wednesday, "12:00"),
        endDateTime: januaryAt(wednesday, "13:00"),
        isRecurring: true,
        recurringPattern: "weekdays",
      });
      expect(block.status).toBe(200);
      expect(block.body).toMatchObject({ isRecurring: true, recurringPattern: "weekdays" });
      const range = await me.call(door, "appointments.range", {
        start: januaryAt(addDays(SPRING_FORWARD, -7), "00:00"),
        end: julyAt(addDays(SPRING_FORWARD, 7), "00:00"),
      });
      expect(range.status).toBe(200);
      const [shown] = range.body.blocks;
      expect(shown).toMatchObject({ id: block.body.id, recurring: true, recurringPattern: "weekdays" });
      expect(shown.occurrences.map((o: { start: string }) => o.start)).toEqual([
        januaryAt(wednesday, "12:00"),
        januaryAt(addDays(wednesday, 1), "12:00"),
        januaryAt(addDays(wednesday, 2), "12:00"), // Friday; no Saturday or Sunday
        julyAt(addDays(SPRING_FORWARD, 1), "12:00"), // Monday, daylight time: still 12:00
        julyAt(addDays(SPRING_FORWARD, 2), "12:00"),
        julyAt(addDays(SPRING_FORWARD, 3), "12:00"),
        julyAt(addDays(SPRING_FORWARD, 4), "12:00"),
        julyAt(addDays(SPRING_FORWARD, 5), "12:00"),
      ]);
      // A weekdays block starts on a weekday; nothing is stored otherwise, and a change is checked too.
      const saturday = addDays(SPRING_FORWARD, -1);
      const refused = await me.call(door, "timeBlocks.create", {
        ...lunch,
        startDateTime: januaryAt(saturday, "12:00"),
        endDateTime: januaryAt(saturday, "13:00"),
        isRecurring: true,
        recurringPattern: "weekdays",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("startDateTime: A block that repeats on weekdays must start on a weekday (Monday to Friday)");
      const moved = await me.call(door, "timeBlocks.update", {
        id: block.body.id,
        startDateTime: januaryAt(saturday, "12:00"),
        endDateTime: januaryAt(saturday, "13:00"),
      });
      expect(moved.status).toBe(400);
      expect((await me.call(door, "timeBlocks.list")).body).toEqual([block.body]);
    });

    it("lists only the user's own blocks, by start", async () => {
      const me = await staff();
      const other = await staff();
      const later = await me.call(door, "timeBlocks.create", lunch);
      const earlier = await me.call(door, "timeBlocks.create", {
        title: "Drive",
        startDateTime: januaryAt(JANUARY_TUESDAY, "08:00"),
        endDateTime: januaryAt(JANUARY_TUESDAY, "09:00"),
      });
      await other.call(door, "timeBlocks.create", { ...lunch, title: "Other's lunch" });
      const list = (await me.call(door, "timeBlocks.list")).body as { id: string }[];
      expect(list.map((b) => b.id)).toEqual([earlier.body.id, later.body.id]);
    });

    it("answers 404 for another user's block and never changes it", async () => {
      const me = await staff();
      const other = await staff();
      const block = (await me.call(door, "timeBlocks.create", lunch)).body;
      for (const [name, input] of [
        ["timeBlocks.get", { id: block.id }],
        ["timeBlocks.update", { id: block.id, title: "Mine now" }],
        ["timeBlocks.delete", { id: block.id }],
      ] as const) {
        const res = await other.call(door, name, input);
        expect(res.status, name).toBe(404);
        expect(res.body.message).toBe("Time block not found");
      }
      expect((await other.call(door, "timeBlocks.list")).body).toEqual([]);
      expect((await me.call(door, "timeBlocks.get", { id: block.id })).body).toEqual(block);
      expect((await me.call(door, "timeBlocks.get", { id: randomUUID() })).status).toBe(404);
    });

    it("changes only the given fields and checks the merged block", async () => {
      const me = await staff();
      const block = (await me.call(door, "timeBlocks.create", { ...lunch, description: "Sandwich" })).body;
      const renamed = await me.call(door, "timeBlocks.update", {
        id: block.id,
        title: "Long lunch",
        endDateTime: julyAt(JULY_TUESDAY, "14:00"),
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({
        ...block,
        title: "Long lunch",
        endDateTime: julyAt(JULY_TUESDAY, "14:00"),
        updatedAt: expect.any(String),
      });

      const backwards = await me.call(door, "timeBlocks.update", { id: block.id, startDateTime: julyAt(JULY_TUESDAY, "15:00") });
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toBe("endDateTime: End must be after start");
      const noPattern = await me.call(door, "timeBlocks.update", { id: block.id, isRecurring: true });
      expect(noPattern.body.message).toBe("recurringPattern: Recurring blocks need a pattern: daily, weekdays, weekly or monthly");

      // A default colour follows the type; null goes back to the type's colour; description null clears.
      const travel = await me.call(door, "timeBlocks.update", { id: block.id, blockType: "travel", description: null });
      expect(travel.body).toMatchObject({ blockType: "travel", color: "#06b6d4", description: null, title: "Long lunch" });
      const custom = await me.call(door, "timeBlocks.update", { id: block.id, color: "#123456" });
      const admin = await me.call(door, "timeBlocks.update", { id: block.id, blockType: "admin" });
      expect([custom.body.color, admin.body.color]).toEqual(["#123456", "#123456"]);
      const reset = await me.call(door, "timeBlocks.update", { id: block.id, color: null });
      expect(reset.body.color).toBe("#8b5cf6");
      const recurring = await me.call(door, "timeBlocks.update", { id: block.id, isRecurring: true, recurringPattern: "monthly" });
      expect(recurring.body).toMatchObject({ isRecurring: true, recurringPattern: "monthly" });
    });

    it("deletes a block", async () => {
      const me = await staff();
      const block = (await me.call(door, "timeBlocks.create", lunch)).body;
      expect(await me.call(door, "timeBlocks.delete", { id: block.id })).toMatchObject({ status: 200, body: { success: true } });
      expect((await me.call(door, "timeBlocks.delete", { id: block.id })).status).toBe(404);
      expect((await me.call(door, "timeBlocks.list")).body).toEqual([]);
    });
  });
});
