import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer, registerInvited } from "@crawlguard/testing/harness";

let counter = 0;
function leadInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Lee Client ${n}`, email: `lee${n}@example.com`, zipCode: "28801", service: "crawl-space", ...overrides };
}

describe.each(doors)("leads through the %s door", (door) => {
  let srv: TestServer;
  let staff: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("admin"));
    staff = new ApiClient(srv.url);
    await registerInvited(admin, staff, door, newAccount("staff"));
  });
  afterAll(() => srv.stop());

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await staff.call(door, "leads.create", leadInput(overrides));
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown> & { id: string; updatedAt: string };
  };

  it("answers 401 to every lead call when logged out", async () => {
    const anon = new ApiClient(srv.url);
    const id = randomUUID();
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["leads.list", undefined],
      ["leads.create", leadInput()],
      ["leads.update", { id, status: "won" }],
      ["leads.delete", { id }],
      ["leads.duplicates", { email: "a@example.com" }],
    ];
    for (const [name, input] of calls) {
      const res = await anon.call(door, name, input);
      expect(res.status, name).toBe(401);
      expect(res.body.message).toBe("You must be logged in");
    }
  });

  it("creates a lead with the docs/product.md defaults and lists it first", async () => {
    const input = leadInput({
      phone: "(828) 555-0123",
      notes: "Wet crawl space",
      estimatedValue: "4500",
      scheduledDate: "2025-07-01T13:00:00.000Z",
    });
    const lead = await create(input);
    expect(lead).toEqual({
      id: expect.any(String),
      ...input,
      address: null,
      status: "new",
      priority: "medium",
      source: "website",
      googleCalendarEventId: null,
      submissionId: null,
      durationMinutes: 60,
      assigneeName: null,
      assignedTo: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const newer = await create();
    const list = await staff.call(door, "leads.list");
    expect(list.status).toBe(200);
    const ids = (list.body as { id: string }[]).map((l) => l.id);
    expect(ids.indexOf(newer.id)).toBe(0);
    expect(ids.indexOf(lead.id)).toBe(1);
    expect((list.body as unknown[])[1]).toEqual(lead);
  });

  it("answers 400 naming the field for an invalid lead", async () => {
    const res = await staff.call(door, "leads.create", leadInput({ zipCode: "123" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("zipCode: Zip code must be at least 5 characters");
    const bad = await staff.call(door, "leads.create", leadInput({ status: "archived" }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: /);
  });

  it("updates only the fields given; null clears an optional one", async () => {
    const lead = await create({
      phone: "828-555-0111",
      address: "1 Oak St",
      notes: "Call after 5",
      estimatedValue: "1200",
      scheduledDate: "2025-08-01T14:00:00.000Z",
    });
    await new Promise((r) => setTimeout(r, 10));
    const moved = await staff.call(door, "leads.update", { id: lead.id, status: "contacted" });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ...lead, status: "contacted", updatedAt: expect.any(String) });
    expect(Date.parse(moved.body.updatedAt)).toBeGreaterThan(Date.parse(lead.updatedAt));

    const cleared = await staff.call(door, "leads.update", {
      id: lead.id,
      phone: null,
      notes: null,
      scheduledDate: null,
      priority: "high",
    });
    expect(cleared.body).toMatchObject({
      phone: null,
      notes: null,
      scheduledDate: null,
      priority: "high",
      status: "contacted",
      address: "1 Oak St",
      estimatedValue: "1200",
    });

    const booked = await staff.call(door, "leads.update", { id: lead.id, scheduledDate: "2025-09-02T15:30:00-04:00", status: "scheduled" });
    expect(booked.body).toMatchObject({ scheduledDate: "2025-09-02T19:30:00.000Z", status: "scheduled" });

    const same = await staff.call(door, "leads.update", { id: lead.id });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(booked.body);

    const invalid = await staff.call(door, "leads.update", { id: lead.id, email: "nope" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("email: Please enter a valid email address");
  });

  it("takes a blank estimated value as 0 and refuses a negative or non-numeric one", async () => {
    const blank = await staff.call(door, "leads.create", leadInput({ estimatedValue: "  " }));
    expect(blank.status).toBe(200);
    expect(blank.body.estimatedValue).toBe("0");
    const lead = await create({ estimatedValue: "1500" });
    const cleared = await staff.call(door, "leads.update", { id: lead.id, estimatedValue: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.estimatedValue).toBe("0");
    for (const bad of ["-100", "12abc", "1e3", "$500"]) {
      const res = await staff.call(door, "leads.update", { id: lead.id, estimatedValue: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe("estimatedValue: Estimated value must be a number of at least 0");
    }
    const listed = (await staff.call(door, "leads.list")).body as { id: string; estimatedValue: string }[];
    expect(listed.find((l) => l.id === lead.id)?.estimatedValue).toBe("0");
  });

  it("answers 404 'Lead not found' for an unknown id", async () => {
    const id = randomUUID();
    for (const [name, input] of [
      ["leads.update", { id, status: "won" }],
      ["leads.delete", { id }],
    ] as const) {
      const res = await staff.call(door, name, input);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe("Lead not found");
    }
  });

  it("records a timeline of status, value and booking changes with who made them", async () => {
    const me = (await staff.call(door, "auth.me")).body as { username: string };
    const lead = await create({ estimatedValue: "1000" });
    expect((await staff.call(door, "leads.update", { id: lead.id, status: "contacted" })).status).toBe(200);
    expect((await staff.call(door, "leads.update", { id: lead.id, estimatedValue: "2500", notes: "Called back" })).status).toBe(200);
    const when = "2026-12-01T14:00:00.000Z";
    expect((await staff.call(door, "leads.update", { id: lead.id, scheduledDate: when, status: "scheduled" })).status).toBe(200);
    // Notes and priority are history too.
    expect((await staff.call(door, "leads.update", { id: lead.id, notes: "Gate code 1234" })).status).toBe(200);
    expect((await staff.call(door, "leads.update", { id: lead.id, priority: "high" })).status).toBe(200);
    // A patch that changes nothing tracked (the same notes, a name) adds no entry.
    expect((await staff.call(door, "leads.update", { id: lead.id, notes: "Gate code 1234", name: "Renamed" })).status).toBe(200);

    const res = await staff.call(door, "leads.timeline", { id: lead.id });
    expect(res.status).toBe(200);
    const entries = (res.body as { kind: string; from: string | null; to: string | null; actorName: string }[]).map(
      ({ kind, from, to, actorName }) => ({ kind, from, to, actorName }),
    );
    expect(entries).toEqual([
      { kind: "created", from: null, to: "new", actorName: me.username },
      { kind: "status", from: "new", to: "contacted", actorName: me.username },
      { kind: "value", from: "1000", to: "2500", actorName: me.username },
      { kind: "notes", from: null, to: "Called back", actorName: me.username },
      { kind: "status", from: "contacted", to: "scheduled", actorName: me.username },
      { kind: "schedule", from: null, to: when, actorName: me.username },
      { kind: "notes", from: "Called back", to: "Gate code 1234", actorName: me.username },
      { kind: "priority", from: "medium", to: "high", actorName: me.username },
    ]);
  });

  it("records a booking's change of assignee, notes and priority in the timeline, and nothing for a refused booking", async () => {
    const me = (await staff.call(door, "auth.me")).body as { id: string; username: string };
    const other = new ApiClient(srv.url);
    await registerInvited(admin, other, door, newAccount("crew"));
    const crew = (await other.call(door, "auth.me")).body as { id: string; username: string };
    const lead = await create();
    const day = "2031-03-12"; // a Wednesday
    const booked = await staff.call(door, "appointments.book", {
      leadId: lead.id,
      appointmentDate: day,
      appointmentTime: "10:00",
      confirm: true,
    });
    expect(booked.status).toBe(200);
    const reassigned = await staff.call(door, "appointments.book", {
      leadId: lead.id,
      appointmentDate: day,
      appointmentTime: "10:00",
      assignedTo: crew.id,
      notes: "Bring the moisture meter",
      priority: "low",
      confirm: true,
    });
    expect(reassigned.status).toBe(200);
    const entries = (
      (await staff.call(door, "leads.timeline", { id: lead.id })).body as { kind: string; from: string | null; to: string | null }[]
    )
      .filter((e) => ["assignee", "notes", "priority"].includes(e.kind))
      .map(({ kind, from, to }) => ({ kind, from, to }));
    expect(entries).toEqual([
      { kind: "assignee", from: null, to: me.username },
      { kind: "priority", from: "medium", to: "low" },
      { kind: "notes", from: null, to: "Bring the moisture meter" },
      { kind: "assignee", from: me.username, to: crew.username },
    ]);
    // A refused booking (the crew member is taken at 10:00) writes no history.
    const second = await create();
    const refused = await staff.call(door, "appointments.book", {
      leadId: second.id,
      appointmentDate: day,
      appointmentTime: "10:00",
      assignedTo: crew.id,
      notes: "Not written",
      priority: "high",
    });
    expect(refused.status).toBe(409);
    const history = (await staff.call(door, "leads.timeline", { id: second.id })).body as { kind: string }[];
    expect(history.map((e) => e.kind)).toEqual(["created"]);
  });

  it("answers 404 for the timeline of an unknown lead and 401 when logged out", async () => {
    const missing = await staff.call(door, "leads.timeline", { id: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Lead not found");
    const lead = await create();
    expect((await new ApiClient(srv.url).call(door, "leads.timeline", { id: lead.id })).status).toBe(401);
  });

  it("keeps the timeline unchanged when an update is refused", async () => {
    const lead = await create();
    expect((await staff.call(door, "leads.update", { id: lead.id, status: "bogus" })).status).toBe(400);
    const res = await staff.call(door, "leads.timeline", { id: lead.id });
    expect((res.body as unknown[]).length).toBe(1);
  });

  it("deletes a lead", async () => {
    const lead = await create();
    const res = await staff.call(door, "leads.delete", { id: lead.id });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const list = (await staff.call(door, "leads.list")).body as { id: string }[];
    expect(list.some((l) => l.id === lead.id)).toBe(false);
    expect((await staff.call(door, "leads.delete", { id: lead.id })).status).toBe(404);
  });

  it("finds duplicates by email (any case) or phone digits, excluding the lead being edited", async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await create({ email: `dup${tag}@example.com`, phone: "(828) 555-4321" });
    const b = await create({ email: `other${tag}@example.com`, phone: "+1 828.555.4321" });
    await create({ email: `third${tag}@example.com`, phone: "828-555-0000" });

    const byEmail = await staff.call(door, "leads.duplicates", { email: ` DUP${tag}@Example.com` });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual([{ id: a.id, name: a.name, email: a.email, phone: "(828) 555-4321", status: "new" }]);

    const byPhone = await staff.call(door, "leads.duplicates", { phone: "8285554321" });
    expect((byPhone.body as { id: string }[]).map((d) => d.id).sort()).toEqual([a.id, b.id].sort());

    const excluding = await staff.call(door, "leads.duplicates", {
      email: `dup${tag}@example.com`,
      phone: "828 555 4321",
      excludeId: a.id,
    });
    expect((excluding.body as { id: string }[]).map((d) => d.id)).toEqual([b.id]);

    expect((await staff.call(door, "leads.duplicates", {})).body).toEqual([]);
    expect((await staff.call(door, "leads.duplicates", { email: "", phone: "", excludeId: "" })).body).toEqual([]);
    // A few typed digits match nothing yet.
    expect((await staff.call(door, "leads.duplicates", { phone: "828" })).body).toEqual([]);
  });
});
