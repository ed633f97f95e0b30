import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, julyAt, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * Saving a time block over one's own appointments (POST and PATCH /api/time-blocks): 409 with
 * `conflicts` (the appointments covered, in a booking clash's shape) and nothing saved, unless
 * `confirm: true`. Recurring blocks count every occurrence ahead; touching is not covering; other
 * people's appointments and lost leads' do not count; a change of title alone checks nothing.
 */
describe.each(doors)("time blocks over appointments through the %s door", (door) => {
  let srv: TestServer;
  let office: ApiClient;
  let me: { client: ApiClient; id: string };
  let colleague: { client: ApiClient; id: string };
  const date = addDays(JULY_TUESDAY, 28);
  const nextWeek = addDays(date, 7);
  let first: { id: string; name: string };
  let second: { id: string; name: string };

  async function book(day: string, time: string, assignedTo: string) {
    const res = await office.call(door, "appointments.book", { ...newClient(), appointmentDate: day, appointmentTime: time, assignedTo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.lead as { id: string; name: string };
  }

  const blockAt = (day: string, from: string, to: string, extra: Record<string, unknown> = {}) => ({
    title: "Dentist",
    startDateTime: julyAt(day, from),
    endDateTime: julyAt(day, to),
    blockType: "personal",
    ...extra,
  });

  async function myBlockTitles() {
    return ((await me.client.call(door, "timeBlocks.list")).body as { title: string }[]).map((b) => b.title);
  }

  beforeAll(async () => {
    srv = await startTestServer();
    office = new ApiClient(srv.url);
    expect((await office.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
    for (const name of ["me", "colleague"]) {
      const client = new ApiClient(srv.url);
      const res = await registerInvited(office, client, door, newAccount(name), { role: "crew" });
      expect(res.status).toBe(200);
      if (name === "me") me = { client, id: res.body.id };
      else colleague = { client, id: res.body.id };
    }
    first = await book(date, "10:00", me.id);
    second = await book(nextWeek, "10:00", me.id);
    await book(date, "14:00", colleague.id);
  });
  afterAll(() => srv.stop());

  it("answers 409 with the appointment a new block covers, saves nothing, and saves it when confirmed", async () => {
    const res = await me.client.call(door, "timeBlocks.create", blockAt(date, "10:30", "11:30", { title: "Over one" }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      new RegExp(
        `^Not saved: the block covers 1 of your appointments: Overlaps the appointment with ${first.name} \\(.+\\)\\. Send confirm: true to save anyway\\.$`,
      ),
    );
    expect(res.body.conflicts).toEqual([
      {
        kind: "appointment",
        message: expect.stringMatching(/^Overlaps the appointment with /),
        id: first.id,
        title: first.name,
        start: new Date(julyAt(date, "10:00")).toISOString(),
        end: new Date(julyAt(date, "11:00")).toISOString(),
      },
    ]);
    expect(await myBlockTitles()).not.toContain("Over one");

    const saved = await me.client.call(door, "timeBlocks.create", {
      ...blockAt(date, "10:30", "11:30", { title: "Over one" }),
      confirm: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty("confirm");
    expect(await myBlockTitles()).toContain("Over one");
  });

  it("counts every occurrence of a recurring block ahead, and only the owner's live appointments", async () => {
    const weekly = blockAt(addDays(date, -7), "09:00", "12:00", { title: "Weekly", isRecurring: true, recurringPattern: "weekly" });
    const res = await me.client.call(door, "timeBlocks.create", weekly);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Not saved: the block covers 2 of your appointments: /);
    expect((res.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual([first.id, second.id]);

    // Ending before next week's occurrence: only this week's appointment.
    const shorter = await me.client.call(door, "timeBlocks.create", { ...weekly, recurrenceEndDate: addDays(date, 1) });
    expect(shorter.status).toBe(409);
    expect((shorter.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual([first.id]);

    // A colleague's appointment at the same time is theirs, not mine; touching is not covering.
    for (const block of [
      blockAt(date, "14:00", "15:00", { title: "Colleague's hour" }),
      blockAt(date, "11:00", "12:00", { title: "Touching" }),
    ]) {
      const ok = await me.client.call(door, "timeBlocks.create", block);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    // A lost lead's appointment is cancelled.
    expect((await office.call(door, "leads.update", { id: second.id, status: "lost" })).status).toBe(200);
    const afterLoss = await me.client.call(door, "timeBlocks.create", { ...weekly, title: "Weekly again" });
    expect((afterLoss.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual([first.id]);
    expect((await office.call(door, "leads.update", { id: second.id, status: "scheduled" })).status).toBe(200);
  });

  it("checks a change of time, not a change of title", async () => {
    const free = await me.client.call(door, "timeBlocks.create", blockAt(date, "15:00", "16:00", { title: "Free hour" }));
    expect(free.status).toBe(200);
    const moved = await me.client.call(door, "timeBlocks.update", {
      id: free.body.id,
      startDateTime: julyAt(date, "09:30"),
      endDateTime: julyAt(date, "10:30"),
    });
    expect(moved.status).toBe(409);
    expect((moved.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual([first.id]);
    const kept = await me.client.call(door, "timeBlocks.get", { id: free.body.id });
    expect(kept.body.startDateTime).toBe(new Date(julyAt(date, "15:00")).toISOString());

    const recurring = await me.client.call(door, "timeBlocks.update", {
      id: free.body.id,
      isRecurring: true,
      recurringPattern: "daily",
      startDateTime: julyAt(addDays(date, -1), "10:15"),
      endDateTime: julyAt(addDays(date, -1), "10:45"),
    });
    expect(recurring.status).toBe(409);
    expect((recurring.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual([first.id, second.id]);

    const confirmed = await me.client.call(door, "timeBlocks.update", {
      id: free.body.id,
      startDateTime: julyAt(date, "09:30"),
      endDateTime: julyAt(date, "10:30"),
      confirm: true,
    });
    expect(confirmed.status).toBe(200);
    const renamed = await me.client.call(door, "timeBlocks.update", { id: free.body.id, title: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("Renamed");
  });

  it("lists the first 20 covered appointments and says how many more", async () => {
    const day = addDays(date, 1);
    const times = [
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ];
    const ids: string[] = [];
    for (const [i, d] of [day, addDays(day, 1)].entries()) {
      for (const time of i === 0 ? times : times.slice(0, 6)) {
        const res = await office.call(door, "appointments.book", {
          ...newClient(),
          appointmentDate: d,
          appointmentTime: time,
          durationMinutes: 30,
          assignedTo: colleague.id,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push(res.body.lead.id);
      }
    }
    const res = await colleague.client.call(door, "timeBlocks.create", {
      ...blockAt(day, "08:00", "18:00", { title: "Away" }),
      isRecurring: true,
      recurringPattern: "daily",
      recurrenceEndDate: addDays(day, 1),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^Not saved: the block covers 22 of your appointments: .+; and 2 more\. Send confirm: true to save anyway\.$/,
    );
    expect((res.body.conflicts as { id: string }[]).map((c) => c.id)).toEqual(ids.slice(0, 20));
  });
});
