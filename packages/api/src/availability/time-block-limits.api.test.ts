import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, julyAt, JULY_TUESDAY, YEAR } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

/*
 * Resource limits (ADR 016), time blocks: at most 200 per user, a recurring block repeats for at most two
 * years, and availability and the calendar range answer a bounded body however many blocks
 * overlap (1,000 daily blocks used to make availability 7 MB).
 */

const LIMIT_MESSAGE =
  "You already have 200 time blocks, the most one person can have. Delete blocks you no longer need, or use a recurring block, before adding another.";
const SPAN_MESSAGE =
  "recurrenceEndDate: A block can repeat for at most two years: choose a recurrence end date within two years of its start";

describe.each(doors)("time block limits through %s", (door: Door) => {
  let srv: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  async function staff(): Promise<{ client: ApiClient; id: string }> {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount("blocks"));
    expect(res.status).toBe(200);
    const me = await client.call(door, "auth.me");
    return { client, id: (me.body as { id: string }).id };
  }

  /** `count` blocks of the user straight into the database (as if made one by one). */
  async function seedBlocks(userId: string, count: number, fields: { recurring?: boolean; date?: string } = {}) {
    const date = fields.date ?? JULY_TUESDAY;
    const recurring = fields.recurring ?? false;
    await srv.running.db.sql`
      INSERT INTO time_blocks (user_id, title, start_date_time, end_date_time, block_type, is_recurring, recurring_pattern,
                               recurrence_end_date, color)
      SELECT ${userId}, 'Seeded ' || n, ${julyAt(date, "09:00")}::timestamptz, ${julyAt(date, "17:00")}::timestamptz, 'personal',
             ${recurring}, ${recurring ? "daily" : null}, ${recurring ? addDays(date, 365) : null}::date, '#ef4444'
      FROM generate_series(1, ${count}) AS n`;
  }

  const lunch = { title: "Lunch", startDateTime: julyAt(JULY_TUESDAY, "12:00"), endDateTime: julyAt(JULY_TUESDAY, "13:00") };

  it("keeps at most 200 time blocks per user (400 with a message), counting a burst exactly", async () => {
    const me = await staff();
    await seedBlocks(me.id, 195);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => me.client.call(door, "timeBlocks.create", { ...lunch, title: `B${i}` })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = burst.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(LIMIT_MESSAGE);
    }
    expect((await me.client.call(door, "timeBlocks.list")).body).toHaveLength(200);

    // Changing a block is still fine at the cap; deleting one makes room for one.
    const first = (await me.client.call(door, "timeBlocks.list")).body[0] as { id: string };
    expect((await me.client.call(door, "timeBlocks.update", { id: first.id, title: "Renamed" })).status).toBe(200);
    expect((await me.client.call(door, "timeBlocks.delete", { id: first.id })).status).toBe(200);
    expect((await me.client.call(door, "timeBlocks.create", lunch)).status).toBe(200);
    expect((await me.client.call(door, "timeBlocks.create", lunch)).status).toBe(400);

    // The cap is per user.
    const other = await staff();
    expect((await other.client.call(door, "timeBlocks.create", lunch)).status).toBe(200);
  });

  it("repeats a recurring block for at most two years after its start date", async () => {
    const { client } = await staff();
    const weekly = { ...lunch, isRecurring: true, recurringPattern: "weekly" };
    const twoYears = `${YEAR + 2}${JULY_TUESDAY.slice(4)}`;

    const longest = await client.call(door, "timeBlocks.create", { ...weekly, recurrenceEndDate: twoYears });
    expect(longest.status).toBe(200);
    expect(longest.body.recurrenceEndDate).toBe(twoYears);

    const tooLong = await client.call(door, "timeBlocks.create", { ...weekly, recurrenceEndDate: addDays(twoYears, 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(SPAN_MESSAGE);
    const forever = await client.call(door, "timeBlocks.create", { ...weekly, recurrenceEndDate: "2099-12-31" });
    expect(forever.status).toBe(400);

    // Without an end date (the documented body has none) it repeats for the longest span, two years.
    const open = await client.call(door, "timeBlocks.create", weekly);
    expect(open.status).toBe(200);
    expect(open.body.recurrenceEndDate).toBe(twoYears);
    const cleared = await client.call(door, "timeBlocks.update", { id: longest.body.id, recurrenceEndDate: null });
    expect(cleared.body.recurrenceEndDate).toBe(twoYears);

    // A change is checked the same way, and a one-off block keeps no end date.
    const stretched = await client.call(door, "timeBlocks.update", { id: longest.body.id, recurrenceEndDate: addDays(twoYears, 30) });
    expect(stretched.status).toBe(400);
    expect(stretched.body.message).toBe(SPAN_MESSAGE);
    const moved = await client.call(door, "timeBlocks.update", {
      id: longest.body.id,
      startDateTime: julyAt(addDays(JULY_TUESDAY, 7), "12:00"),
      endDateTime: julyAt(addDays(JULY_TUESDAY, 7), "13:00"),
      recurrenceEndDate: addDays(twoYears, 7),
    });
    expect(moved.status).toBe(200);
    const oneOff = await client.call(door, "timeBlocks.update", { id: longest.body.id, isRecurring: false });
    expect(oneOff.body).toMatchObject({ isRecurring: false, recurrenceEndDate: null });
  });

  it("answers availability in a bounded body with 1,000 daily blocks: three conflicts and a count per slot", async () => {
    const me = await staff();
    await seedBlocks(me.id, 1000, { recurring: true, date: addDays(JULY_TUESDAY, -7) });
    const started = Date.now();
    const res = await me.client.call(door, "appointments.availability", { date: JULY_TUESDAY, durationMinutes: "60" });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    const size = JSON.stringify(res.body).length;
    expect(size).toBeLessThan(50_000);
    const slots = res.body.slots as {
      time: string;
      available: boolean;
      conflicts: { kind: string; title: string }[];
      conflictCount: number;
    }[];
    expect(slots.length).toBeGreaterThan(10);
    const nine = slots.find((s) => s.time === "09:00")!;
    expect(nine).toMatchObject({ available: false, conflictCount: 1000 });
    expect(nine.conflicts).toHaveLength(3);
    expect(nine.conflicts.every((c) => c.kind === "time-block" && c.title.startsWith("Seeded "))).toBe(true);
    // Before 09:00 only the working hours (08:00 starts before them) and, from 08:30, the blocks.
    const eight = slots.find((s) => s.time === "08:00")!;
    expect(eight).toMatchObject({ available: false, conflictCount: 1 });
    expect(eight.conflicts.map((c) => c.kind)).toEqual(["outside-working-hours"]);
    const eightThirty = slots.find((s) => s.time === "08:30")!;
    expect(eightThirty.conflictCount).toBe(1001);
    expect(eightThirty.conflicts.map((c) => c.kind)).toEqual(["outside-working-hours", "time-block", "time-block"]);
    for (const slot of slots) expect(slot.conflicts.length).toBeLessThanOrEqual(3);
    expect(elapsed).toBeLessThan(10_000);

    // A slot without conflicts says so in both fields.
    const free = await staff();
    const freeSlots = (await free.client.call(door, "appointments.availability", { date: JULY_TUESDAY })).body.slots as {
      time: string;
      available: boolean;
      conflictCount: number;
      conflicts: unknown[];
    }[];
    expect(freeSlots.find((s) => s.time === "10:00")).toMatchObject({ available: true, conflictCount: 0, conflicts: [] });

    // The calendar range lists at most 5,000 occurrences (the earliest) and counts them all.
    const start = julyAt(JULY_TUESDAY, "00:00");
    const end = julyAt(addDays(JULY_TUESDAY, 31), "00:00");
    const range = await me.client.call(door, "appointments.range", { start, end, scope: "mine" });
    expect(range.status).toBe(200);
    expect(range.body).toMatchObject({ occurrenceCount: 31_000, truncated: true });
    const blocks = range.body.blocks as { occurrences: { start: string }[] }[];
    const listed = blocks.flatMap((b) => b.occurrences.map((o) => o.start));
    expect(listed).toHaveLength(5000);
    // The earliest: every block's first five days, nothing later.
    expect(listed.every((s) => s < julyAt(addDays(JULY_TUESDAY, 5), "00:00"))).toBe(true);
    expect(JSON.stringify(range.body).length).toBeLessThan(1_000_000);

    // A week of someone with few blocks is whole.
    const week = await free.client.call(door, "appointments.range", { start, end: julyAt(addDays(JULY_TUESDAY, 7), "00:00") });
    expect(week.body).toMatchObject({ occurrenceCount: 0, truncated: false, blocks: [] });
  });
});
