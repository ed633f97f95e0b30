import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday, JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * GET /api/appointments/busy: a person's busy times on a day and their next free booking time, as
 * the booking dialogs show them once a date and an assignee are chosen. The next free time is the
 * booking rule's own answer: booking it is never a 409.
 */
/** The first booking slot (08:00–18:00 every 30 minutes, New York) not begun at `ms`: today's, or tomorrow's first. */
function firstSlotFrom(ms: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  const nowSeconds = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  for (let minutes = 8 * 60; minutes <= 18 * 60; minutes += 30) {
    if (minutes * 60 >= nowSeconds) {
      return { date: today, time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}` };
    }
  }
  return { date: addDays(today, 1), time: "08:00" };
}

describe.each(doors)("busy times through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;

  async function person(role?: "office" | "crew") {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount(role ?? "office"), role ? { role } : {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { client, id: res.body.id as string };
  }

  async function book(by: ApiClient, date: string, time: string, assignedTo: string, extra: Record<string, unknown> = {}) {
    const res = await by.call(door, "appointments.book", { ...newClient(extra), appointmentDate: date, appointmentTime: time, assignedTo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.lead as { id: string; name: string };
  }

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("lists a person's appointments and blocks of the day, their working hours, and the first time an appointment fits", async () => {
    const office = await person();
    const jo = await person();
    const day = JULY_TUESDAY;
    const nine = await book(office.client, day, "09:00", jo.id, { clientName: "Ana Ruiz" });
    const half10 = await book(office.client, day, "10:30", jo.id, { clientName: "Ben Cole" });
    // Another day's and another person's appointments are not Jo's busy times.
    await book(office.client, addDays(day, 1), "11:00", jo.id);
    await book(office.client, day, "11:00", office.id);
    const block = await jo.client.call(door, "timeBlocks.create", {
      title: "Van service",
      startDateTime: julyAt(day, "12:30"),
      endDateTime: julyAt(day, "13:30"),
      blockType: "maintenance",
    });
    expect(block.status).toBe(200);

    const res = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: day, durationMinutes: "60" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      userId: jo.id,
      date: day,
      timeZone: "America/New_York",
      workingHours: { start: julyAt(day, "09:00"), end: julyAt(day, "17:00") },
      busy: [
        { kind: "appointment", id: nine.id, title: "Ana Ruiz", start: julyAt(day, "09:00"), end: julyAt(day, "10:00") },
        { kind: "appointment", id: half10.id, title: "Ben Cole", start: julyAt(day, "10:30"), end: julyAt(day, "11:30") },
        // Another staff member's block is busy time only: its title is not theirs to read.
        { kind: "time-block", id: block.body.id, title: "Busy", start: julyAt(day, "12:30"), end: julyAt(day, "13:30") },
      ],
      // 9:00 (Ana), 9:30, 10:00 and 10:30 overlap; 11:30 ends as the block starts.
      nextFree: { date: day, time: "11:30", start: julyAt(day, "11:30") },
    });
    // Jo and the admin read the block whole.
    for (const reader of [jo.client, admin]) {
      const own = await reader.call(door, "busyTimes.day", { assignedTo: jo.id, date: day });
      expect(own.body.busy[2]).toMatchObject({ kind: "time-block", title: "Van service" });
    }

    // A longer appointment fits only after the block; rescheduling Ana's frees her hour.
    const ninety = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: day, durationMinutes: "90" });
    expect(ninety.body.nextFree).toEqual({ date: day, time: "13:30", start: julyAt(day, "13:30") });
    const moving = await office.client.call(door, "busyTimes.day", {
      assignedTo: jo.id,
      date: day,
      durationMinutes: "60",
      excludeLeadId: nine.id,
    });
    expect(moving.body.nextFree).toMatchObject({ time: "09:00" });
    expect(moving.body.busy.map((b: { title: string }) => b.title)).toEqual(["Ben Cole", "Busy"]);

    // From a time of the day on: the next free time at or after it.
    const fromNoon = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: day, time: "12:00" });
    expect(fromNoon.body.nextFree).toEqual({ date: day, time: "13:30", start: julyAt(day, "13:30") });
    const fromFree = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: day, time: "11:30" });
    expect(fromFree.body.nextFree).toMatchObject({ time: "11:30" });
    const badTime = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: day, time: "25:00" });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toMatch(/Time must be HH:MM/);

    // The booking rule agrees: the next free time books without asking, the one before it clashes.
    const clash = await office.client.call(door, "appointments.book", {
      ...newClient(),
      appointmentDate: day,
      appointmentTime: "11:00",
      assignedTo: jo.id,
    });
    expect(clash.status).toBe(409);
    const free = await office.client.call(door, "appointments.book", {
      ...newClient(),
      appointmentDate: day,
      appointmentTime: "11:30",
      assignedTo: jo.id,
    });
    expect(free.status).toBe(200);
    expect(free.body.conflicts).toEqual([]);
  });

  it("looks on to the next days when the day is full, and knows a day off", async () => {
    const office = await person();
    const jo = await person();
    const wednesday = addDays(JULY_TUESDAY, 8);
    const block = await jo.client.call(door, "timeBlocks.create", {
      title: "Training",
      startDateTime: julyAt(wednesday, "08:00"),
      endDateTime: julyAt(wednesday, "18:00"),
      blockType: "other",
    });
    expect(block.status).toBe(200);
    const full = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: wednesday });
    expect(full.body.busy).toHaveLength(1);
    expect(full.body.nextFree).toEqual({ date: addDays(wednesday, 1), time: "09:00", start: julyAt(addDays(wednesday, 1), "09:00") });

    // Saturday and Sunday are not working days (the default week): the next free time is Monday's first.
    const saturday = addDays(JULY_TUESDAY, 11);
    const weekend = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: saturday });
    expect(weekend.body).toMatchObject({ workingHours: null, busy: [] });
    expect(weekend.body.nextFree).toEqual({ date: addDays(saturday, 2), time: "09:00", start: julyAt(addDays(saturday, 2), "09:00") });

    // Jo's own working hours count: starting at 13:00 on Tuesdays.
    expect((await jo.client.call(door, "workingHours.update", { dayOfWeek: "2", startTime: "13:00", endTime: "17:00" })).status).toBe(200);
    const late = await office.client.call(door, "busyTimes.day", { assignedTo: jo.id, date: addDays(JULY_TUESDAY, 14) });
    expect(late.body.workingHours).toEqual({
      start: julyAt(addDays(JULY_TUESDAY, 14), "13:00"),
      end: julyAt(addDays(JULY_TUESDAY, 14), "17:00"),
    });
    expect(late.body.nextFree).toMatchObject({ time: "13:00" });
  });

  it("today offers only times still to come", async () => {
    const office = await person();
    // Working every day, all day: only the clock decides today's first free slot.
    for (const dayOfWeek of ["0", "1", "2", "3", "4", "5", "6"]) {
      expect((await office.client.call(door, "workingHours.update", { dayOfWeek, startTime: "00:00", endTime: "23:59" })).status).toBe(200);
    }
    const before = firstSlotFrom(Date.now());
    const res = await office.client.call(door, "busyTimes.day", { assignedTo: office.id, date: businessToday(), durationMinutes: "30" });
    const after = firstSlotFrom(Date.now());
    expect(res.status).toBe(200);
    expect([before, after]).toContainEqual({ date: res.body.nextFree.date, time: res.body.nextFree.time });
    expect(Date.parse(res.body.nextFree.start)).toBeGreaterThanOrEqual(Date.now() - 60_000);
  });

  it("refuses a past or impossible date, an unknown person or duration, and anyone signed out", async () => {
    const office = await person();
    const past = await office.client.call(door, "busyTimes.day", { assignedTo: office.id, date: addDays(businessToday(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/Appointment date cannot be in the past/);
    const impossible = await office.client.call(door, "busyTimes.day", {
      assignedTo: office.id,
      date: `${JULY_TUESDAY.slice(0, 4)}-02-30`,
    });
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toMatch(/real date/);
    const duration = await office.client.call(door, "busyTimes.day", { assignedTo: office.id, date: JULY_TUESDAY, durationMinutes: "45" });
    expect(duration.status).toBe(400);
    expect(duration.body.message).toMatch(/Duration must be 30, 60, 90, 120 or 180 minutes/);
    const nobody = await office.client.call(door, "busyTimes.day", { assignedTo: randomUUID(), date: JULY_TUESDAY });
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe("assignedTo names no account.");
    const notAnId = await office.client.call(door, "busyTimes.day", { assignedTo: "jo", date: JULY_TUESDAY });
    expect(notAnId.status).toBe(400);
    expect((await new ApiClient(srv.url).call(door, "busyTimes.day", { assignedTo: office.id, date: JULY_TUESDAY })).status).toBe(401);
  });

  it("lets a crew member see only their own day, with appointments not theirs as busy time", async () => {
    const office = await person();
    const crew = await person("crew");
    const other = await person();
    const day = addDays(JULY_TUESDAY, 21);
    const theirs = await book(office.client, day, "10:00", crew.id, { clientName: "Cara Lind" });
    // An unassigned appointment could be anyone's: busy for the crew member too, but not theirs to open.
    const unassigned = await book(office.client, day, "14:00", office.id, { clientName: "Dee Unassigned" });
    expect((await office.client.call(door, "leads.update", { id: unassigned.id, assignedTo: null, confirm: true })).status).toBe(200);

    const own = await crew.client.call(door, "busyTimes.day", { assignedTo: crew.id, date: day });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.busy).toEqual([
      expect.objectContaining({ kind: "appointment", id: theirs.id, title: "Cara Lind" }),
      { kind: "appointment", id: null, title: "Busy", start: julyAt(day, "14:00"), end: julyAt(day, "15:00") },
    ]);
    expect(JSON.stringify(own.body)).not.toContain("Dee Unassigned");
    // The office sees the unassigned client's name.
    const seen = await office.client.call(door, "busyTimes.day", { assignedTo: crew.id, date: day });
    expect(seen.body.busy[1]).toMatchObject({ id: unassigned.id, title: "Dee Unassigned" });

    const elsewhere = await crew.client.call(door, "busyTimes.day", { assignedTo: other.id, date: day });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe("A crew member books only leads assigned to them, for themselves");
  });
});
