import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, julyAt, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * Assigning a lead without booking it again (PATCH /api/leads/{id} with assignedTo): a lead with a
 * coming appointment goes through the one booking rule for the new person (their working hours, time
 * blocks and appointments): 409 with `conflicts`, nothing changed, unless `confirm: true`. A lead with
 * no date, a lost one or one whose appointment is over is assigned without a check; null unassigns.
 */
describe.each(doors)("assigning a lead through the %s door", (door) => {
  let srv: TestServer;
  let office: ApiClient;
  let ana: { client: ApiClient; id: string };
  let ben: { client: ApiClient; id: string };
  const date = addDays(JULY_TUESDAY, 21);

  async function crew(name: string) {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(office, client, door, newAccount(name.toLowerCase()), { role: "crew" });
    expect(res.status).toBe(200);
    const id = res.body.id as string;
    expect((await office.call(door, "users.updateProfile", { id, displayName: `${name} Crew` })).status).toBe(200);
    return { client, id };
  }

  /** A lead booked for Ana at `time` on `date`. */
  async function booked(time: string) {
    const res = await office.call(door, "appointments.book", {
      ...newClient(),
      appointmentDate: date,
      appointmentTime: time,
      assignedTo: ana.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.lead as { id: string; name: string };
  }

  beforeAll(async () => {
    srv = await startTestServer();
    office = new ApiClient(srv.url);
    expect((await office.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
    ana = await crew("Ana");
    ben = await crew("Ben");
    // Ben blocks 10:00–11:00 that day and starts at 13:00 on Tuesdays.
    const block = await ben.client.call(door, "timeBlocks.create", {
      title: "Van service",
      startDateTime: julyAt(date, "10:00"),
      endDateTime: julyAt(date, "11:00"),
      blockType: "maintenance",
    });
    expect(block.status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("refuses to give a coming appointment to someone whose block it overlaps, unless confirmed", async () => {
    const lead = await booked("10:00");
    const res = await office.call(door, "leads.update", { id: lead.id, assignedTo: ben.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^Not assigned: Ben Crew's calendar: Overlaps the time block "Van service" \(.+\)\. Send confirm: true to assign anyway\.$/,
    );
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({
        kind: "time-block",
        start: new Date(julyAt(date, "10:00")).toISOString(),
        end: new Date(julyAt(date, "11:00")).toISOString(),
      }),
    ]);
    const unchanged = await office.call(door, "leads.get", { id: lead.id });
    expect(unchanged.body.assignedTo).toBe(ana.id);

    const confirmed = await office.call(door, "leads.update", { id: lead.id, assignedTo: ben.id, confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ assignedTo: ben.id, scheduledDate: new Date(julyAt(date, "10:00")).toISOString() });
    expect(confirmed.body).not.toHaveProperty("confirm");
    const timeline = (await office.call(door, "leads.timeline", { id: lead.id })).body as { kind: string }[];
    expect(timeline.map((e) => e.kind)).toContain("assignee");
    // Ben now sees it, Ana no longer does.
    expect((await ben.client.call(door, "leads.get", { id: lead.id })).status).toBe(200);
    expect((await ana.client.call(door, "leads.get", { id: lead.id })).status).toBe(404);
  });

  it("checks the new person's working hours and other appointments, and a new date sent with it", async () => {
    expect((await ben.client.call(door, "workingHours.update", { dayOfWeek: "2", startTime: "13:00", endTime: "17:00" })).status).toBe(200);
    const early = await booked("09:00");
    const hours = await office.call(door, "leads.update", { id: early.id, assignedTo: ben.id });
    expect(hours.status).toBe(409);
    expect(hours.body.conflicts).toEqual([expect.objectContaining({ kind: "outside-working-hours" })]);

    const bens = await office.call(door, "appointments.book", {
      ...newClient(),
      appointmentDate: date,
      appointmentTime: "14:00",
      assignedTo: ben.id,
    });
    expect(bens.status).toBe(200);
    const clash = await booked("14:30");
    const res = await office.call(door, "leads.update", { id: clash.id, assignedTo: ben.id });
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([expect.objectContaining({ kind: "appointment", id: bens.body.lead.id })]);
    // Moved to a free hour in the same request: checked at the new time, and assigned.
    const moved = await office.call(door, "leads.update", { id: clash.id, assignedTo: ben.id, scheduledDate: julyAt(date, "16:00") });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.assignedTo).toBe(ben.id);
  });

  it("assigns without a check a lead with no date, a lost one or one whose appointment is over; null unassigns", async () => {
    const undated = await office.call(door, "leads.create", {
      name: "No Date",
      email: "nodate@example.com",
      zipCode: "28801",
      service: "sump-pump",
    });
    expect((await office.call(door, "leads.update", { id: undated.body.id, assignedTo: ben.id })).body.assignedTo).toBe(ben.id);

    const lost = await booked("10:00");
    expect((await office.call(door, "leads.update", { id: lost.id, status: "lost" })).status).toBe(200);
    expect((await office.call(door, "leads.update", { id: lost.id, assignedTo: ben.id })).status).toBe(200);

    // Last Sunday at 10:00: Ben does not work Sundays, but the appointment is history.
    const sunday = new Date();
    sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay() - 7);
    sunday.setUTCHours(14, 0, 0, 0);
    const past = await office.call(door, "leads.create", {
      name: "Past Job",
      email: "past@example.com",
      zipCode: "28801",
      service: "sump-pump",
      status: "completed",
      scheduledDate: sunday.toISOString(),
    });
    expect(past.status).toBe(200);
    expect((await office.call(door, "leads.update", { id: past.body.id, assignedTo: ben.id })).status).toBe(200);

    const cleared = await office.call(door, "leads.update", { id: past.body.id, assignedTo: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ assignedTo: null, assigneeName: null });
  });

  it("answers 400 for an account that does not exist or an id that is not one", async () => {
    const lead = await booked("12:00");
    const gone = await office.call(door, "leads.update", { id: lead.id, assignedTo: randomUUID() });
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/^assignedTo: No user can be assigned with this id/);
    const bad = await office.call(door, "leads.update", { id: lead.id, assignedTo: "ben" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^assignedTo: /);
    expect((await office.call(door, "leads.get", { id: lead.id })).body.assignedTo).toBe(ana.id);
  });
});
