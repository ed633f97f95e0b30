import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import {
  ApiClient,
  doors,
  newAccount,
  newClient,
  registerInvited,
  startTestServer,
  type Door,
  type TestServer,
} from "@crawlguard/testing/harness";

/*
 * Roles (docs/product.md "Roles and permissions"), through both doors: an admin, an office account,
 * two crew members and an admin's API key. Crew see and change only the leads assigned to them (any
 * other lead is "Lead not found", so ids do not leak), never contact submissions, the gallery's admin,
 * lead deletion or creation; they book only their own leads, for themselves. Office staff and keys
 * see every lead. Only admins change roles, and never the last admin's.
 */

interface Account {
  client: ApiClient;
  id: string;
}

const NOT_FOUND = "Lead not found";
const OFFICE_ONLY = "Only office staff and admins may do this";

function leadInput(n: string) {
  return {
    name: `Role Lead ${n}`,
    email: `role-${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    zipCode: "28801",
    service: "sump-pump",
  };
}

describe.each(doors)("role rules through the %s door", (door: Door) => {
  let srv: TestServer;
  let admin: Account;
  let office: Account;
  let crew: Account;
  let otherCrew: Account;
  let key: ApiClient;
  let mine: { id: string; email: string };
  let theirs: { id: string; email: string };
  let unassigned: { id: string; email: string };

  async function invited(role: "office" | "crew"): Promise<Account> {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin.client, client, door, newAccount(role), { role });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ role, isAdmin: false });
    return { client, id: res.body.id as string };
  }

  async function lead(n: string, assignedTo: string | null) {
    const created = await office.client.call(door, "leads.create", { ...leadInput(n), estimatedValue: "4200" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    if (assignedTo) {
      const assigned = await office.client.call(door, "leads.update", { id: created.body.id, assignedTo });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
    return { id: created.body.id as string, email: created.body.email as string };
  }

  beforeAll(async () => {
    srv = await startTestServer();
    const adminClient = new ApiClient(srv.url);
    const first = await adminClient.call(door, "auth.register", newAccount("admin"));
    expect(first.body).toMatchObject({ role: "admin", isAdmin: true });
    admin = { client: adminClient, id: first.body.id as string };
    office = await invited("office");
    crew = await invited("crew");
    otherCrew = await invited("crew");
    const made = await admin.client.raw("POST", "/api/api-keys", { name: `roles ${door}`, scope: "read-write" });
    expect(made.status).toBe(200);
    key = new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${(made.body as { key: string }).key}` } });
    mine = await lead("mine", crew.id);
    theirs = await lead("theirs", otherCrew.id);
    unassigned = await lead("unassigned", null);
  });
  afterAll(() => srv.stop());

  const ids = (body: unknown) => (body as { id: string }[]).map((l) => l.id);

  it("a crew member lists only the leads assigned to them, array and paged forms alike, values included", async () => {
    const list = await crew.client.call(door, "leads.list");
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([mine.id]);
    expect((list.body as { estimatedValue: string }[])[0]!.estimatedValue).toBe("4200");
    const page = await crew.client.call(door, "leads.list", { limit: 50 });
    expect(page.status).toBe(200);
    expect(ids((page.body as { items: unknown }).items)).toEqual([mine.id]);
    const paged = await crew.client.call(door, "leads.page", { limit: 50 });
    expect(ids((paged.body as { items: unknown }).items)).toEqual([mine.id]);
    for (const who of [office.client, admin.client, key]) {
      const all = ids((await who.call(door, "leads.list")).body);
      for (const l of [mine, theirs, unassigned]) expect(all).toContain(l.id);
    }
  });

  it("another lead is 'Lead not found' to a crew member on every lead call, and unchanged", async () => {
    for (const other of [theirs, unassigned]) {
      const reads = [
        await crew.client.call(door, "leads.get", { id: other.id }),
        await crew.client.call(door, "leads.timeline", { id: other.id }),
        await crew.client.call(door, "leads.update", { id: other.id, status: "won" }),
        await crew.client.call(door, "googleCalendar.addEvent", { leadId: other.id }),
      ];
      for (const res of reads) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.message).toBe(NOT_FOUND);
      }
      const seen = await office.client.call(door, "leads.get", { id: other.id });
      expect(seen.body.status).toBe("new");
      const dupes = await crew.client.call(door, "leads.duplicates", { email: other.email });
      expect(dupes.body).toEqual([]);
      expect(ids((await office.client.call(door, "leads.duplicates", { email: other.email })).body)).toEqual([other.id]);
    }
    const own = await crew.client.call(door, "leads.update", { id: mine.id, status: "contacted", estimatedValue: "4800" });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: "contacted", estimatedValue: "4800" });
    expect((await crew.client.call(door, "leads.get", { id: mine.id })).body.id).toBe(mine.id);
    expect((await crew.client.call(door, "leads.timeline", { id: mine.id })).status).toBe(200);
  });

  it("a crew member cannot delete or add leads, nor reach contact submissions or the gallery's admin (403)", async () => {
    const refused = [
      await crew.client.call(door, "leads.delete", { id: mine.id }),
      await crew.client.call(door, "leads.create", leadInput("crew")),
      await crew.client.call(door, "submissions.list"),
      await crew.client.call(door, "submissions.newCount"),
      await crew.client.call(door, "submissions.convertToLead", { id: crypto.randomUUID() }),
      await crew.client.call(door, "gallery.list"),
      await crew.client.call(door, "gallery.upload", { name: "a.jpg", size: 1000, type: "image/jpeg" }),
      await crew.client.call(door, "gallery.delete", { id: crypto.randomUUID() }),
      await crew.client.call(door, "googleCalendar.sync"),
    ];
    for (const res of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toBe(OFFICE_ONLY);
    }
    expect((await office.client.call(door, "leads.get", { id: mine.id })).status).toBe(200);
    for (const who of [office.client, key]) {
      expect((await who.call(door, "submissions.list")).status).toBe(200);
      expect((await who.call(door, "gallery.list")).status).toBe(200);
    }
  });

  it("a crew member books and reschedules only their own leads, for themselves, and sees only their appointments", async () => {
    const date = addDays(JULY_TUESDAY, 7);
    const booked = await crew.client.call(door, "appointments.book", { leadId: mine.id, appointmentDate: date, appointmentTime: "10:00" });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.lead).toMatchObject({
      id: mine.id,
      assignedTo: crew.id,
      scheduledDate: new Date(julyAt(date, "10:00")).toISOString(),
    });
    const moved = await crew.client.call(door, "appointments.schedule", {
      leadId: mine.id,
      clientName: "Role Lead mine",
      email: mine.email,
      phone: "8285550100",
      address: "1 Main St, Asheville, NC 28801",
      service: "sump-pump",
      appointmentDate: date,
      appointmentTime: "11:00",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const other = await crew.client.call(door, "appointments.book", { leadId: theirs.id, appointmentDate: date, appointmentTime: "14:00" });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(NOT_FOUND);
    for (const input of [
      { ...newClient(), appointmentDate: date, appointmentTime: "15:00" },
      { leadId: mine.id, appointmentDate: date, appointmentTime: "15:00", assignedTo: otherCrew.id },
    ]) {
      const res = await crew.client.call(door, "appointments.book", input);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toBe("A crew member books only leads assigned to them, for themselves");
    }
    const slots = await crew.client.call(door, "appointments.availability", { date, durationMinutes: "60", assignedTo: otherCrew.id });
    expect(slots.status).toBe(403);
    expect((await crew.client.call(door, "appointments.availability", { date, durationMinutes: "60" })).status).toBe(200);

    // The office books the other crew member's lead and an unassigned one the same day.
    for (const [l, time] of [
      [theirs, "13:00"],
      [unassigned, "15:00"],
    ] as const) {
      const res = await office.client.call(door, "appointments.book", {
        leadId: l.id,
        appointmentDate: date,
        appointmentTime: time,
        assignedTo: l === theirs ? otherCrew.id : office.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await office.client.call(door, "leads.update", { id: unassigned.id, assignedTo: null });
    const window = { start: julyAt(date, "00:00"), end: julyAt(addDays(date, 1), "00:00") };
    for (const scope of ["mine", "all"]) {
      const range = await crew.client.call(door, "appointments.range", { ...window, scope });
      expect(range.status).toBe(200);
      expect(ids(range.body.appointments), scope).toEqual([mine.id]);
    }
    const everyone = await office.client.call(door, "appointments.range", { ...window, scope: "all" });
    expect(ids(everyone.body.appointments).sort()).toEqual([mine.id, theirs.id, unassigned.id].sort());
  });

  it("a crew member cannot give their lead to someone else (403); the office can", async () => {
    const res = await crew.client.call(door, "leads.update", { id: mine.id, assignedTo: otherCrew.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(OFFICE_ONLY);
    expect((await crew.client.call(door, "leads.update", { id: mine.id, assignedTo: crew.id, notes: "same person" })).status).toBe(200);
    const fresh = await lead("handover", crew.id);
    expect(ids((await crew.client.call(door, "leads.list")).body)).toContain(fresh.id);
    expect((await office.client.call(door, "leads.update", { id: fresh.id, assignedTo: otherCrew.id })).status).toBe(200);
    expect((await crew.client.call(door, "leads.get", { id: fresh.id })).status).toBe(404);
    expect(ids((await otherCrew.client.call(door, "leads.list")).body)).toContain(fresh.id);
  });

  it("only an admin changes a role; it applies to the account's next request; the last admin keeps theirs (409)", async () => {
    for (const by of [office, crew]) {
      const res = await by.client.call(door, "users.updateProfile", { id: otherCrew.id, role: "office" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only an admin can change an account's role");
    }
    const own = await crew.client.call(door, "users.updateProfile", { id: crew.id, role: "admin" });
    expect(own.status).toBe(403);

    const promoted = await admin.client.call(door, "users.updateProfile", { id: otherCrew.id, role: "office" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: "office", isAdmin: false });
    expect((await otherCrew.client.call(door, "submissions.list")).status).toBe(200);
    const listed = (await admin.client.call(door, "users.list")).body as { id: string; role: string }[];
    expect(listed.find((u) => u.id === otherCrew.id)?.role).toBe("office");
    expect((await admin.client.call(door, "users.updateProfile", { id: otherCrew.id, role: "crew" })).body.role).toBe("crew");
    expect((await otherCrew.client.call(door, "submissions.list")).status).toBe(403);
    expect((await otherCrew.client.call(door, "auth.me")).body).toMatchObject({ role: "crew", isAdmin: false });

    const alone = await admin.client.call(door, "users.updateProfile", { id: admin.id, role: "office" });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe("This is the only admin: make another account an admin first");
    // With a second admin, the first may step down, and the new admin may not then leave none.
    expect((await admin.client.call(door, "users.updateProfile", { id: office.id, role: "admin" })).body.isAdmin).toBe(true);
    expect((await admin.client.call(door, "users.updateProfile", { id: admin.id, role: "office" })).body.role).toBe("office");
    expect((await office.client.call(door, "users.updateProfile", { id: office.id, role: "crew" })).status).toBe(409);
    expect((await office.client.call(door, "users.updateProfile", { id: admin.id, role: "admin" })).body.role).toBe("admin");
    expect((await admin.client.call(door, "users.updateProfile", { id: office.id, role: "office" })).body.role).toBe("office");
    const bad = await admin.client.call(door, "users.updateProfile", { id: office.id, role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^role: /);
  });

  it("an API key acts as its admin: every lead, deletion included, but never account changes", async () => {
    const l = await lead("key", otherCrew.id);
    expect((await key.call(door, "leads.get", { id: l.id })).status).toBe(200);
    expect((await key.call(door, "leads.update", { id: l.id, assignedTo: crew.id })).status).toBe(200);
    expect((await key.call(door, "users.updateProfile", { id: crew.id, role: "office" })).status).toBe(403);
    expect((await key.call(door, "leads.delete", { id: l.id })).status).toBe(200);
  });
});
