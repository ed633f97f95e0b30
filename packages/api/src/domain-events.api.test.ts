// Domain events (ADR 028): every change emits its events once, inside its own transaction, through
// both doors; a change that is refused or rolled back emits (and keeps) nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crawlguard/api";
import { JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { ApiClient, doors, newAccount, newClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { imageOf } from "@crawlguard/testing/images";

describe.each(doors)("domain events through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  /** What subscribers heard, and what the transaction kept (a row per event written by a subscriber in `tx`). */
  let heard: DomainEvent[] = [];
  /** A lead name whose change a subscriber refuses (throws): the change must roll back. */
  const POISON = "Refused By Subscriber";

  beforeAll(async () => {
    srv = await startTestServer();
    await srv.running.db.sql.unsafe("CREATE TABLE test_heard_events (id uuid PRIMARY KEY, type text NOT NULL, lead_id uuid)");
    srv.running.events.subscribe({
      async handle(tx, event) {
        heard.push(event);
        const leadId = "leadId" in event ? (event.leadId ?? null) : null;
        await tx`INSERT INTO test_heard_events (id, type, lead_id) VALUES (${event.id}, ${event.type}, ${leadId})`;
      },
    });
    srv.running.events.subscribe({
      async handle(tx, event) {
        if (!("leadId" in event) || !event.leadId) return;
        const [row] = (await tx`SELECT name FROM leads WHERE id = ${event.leadId}`) as unknown as { name: string }[];
        if (row?.name === POISON) throw new Error("subscriber refused");
      },
    });
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("admin"));
  });
  afterAll(() => srv.stop());
  beforeEach(async () => {
    heard = [];
    await srv.running.db.sql`DELETE FROM test_heard_events`;
  });

  const kept = async () =>
    (await srv.running.db.sql<{ id: string; type: string }[]>`SELECT id, type FROM test_heard_events`).map((r) => r.type).sort();
  const types = () => heard.map((e) => e.type);

  it("a contact submission: contact.received once (a repeat and a bot's submission: nothing)", async () => {
    const anon = new ApiClient(srv.url);
    const submission = { name: "Lee Grant", email: `lee${randomUUID().slice(0, 6)}@example.com`, zipCode: "28801", message: "Wet" };
    expect((await anon.call(door, "contact.submit", submission)).status).toBe(200);
    expect((await anon.call(door, "contact.submit", submission)).status).toBe(200);
    expect((await anon.call(door, "contact.submit", { ...submission, message: "Bot", botTrap: "http://spam" })).status).toBe(200);
    expect(types()).toEqual(["contact.received"]);
    const [event] = heard as Extract<DomainEvent, { type: "contact.received" }>[];
    const [row] = await srv.running.db.sql<{ id: string }[]>`SELECT id FROM contact_submissions WHERE email = ${submission.email}`;
    expect(event!.submissionId).toBe(row!.id);
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(event!.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await kept()).toEqual(["contact.received"]);

    // Converting it makes the lead: lead.created.
    heard = [];
    const converted = await admin.call(door, "submissions.convertToLead", { id: row!.id });
    expect(types()).toEqual(["lead.created"]);
    expect(heard[0]).toMatchObject({ leadId: converted.body.lead.id });
    await admin.call(door, "submissions.convertToLead", { id: row!.id });
    expect(types()).toEqual(["lead.created"]);
  });

  it("lead create, update (changed fields only), booking, reschedule, cancel and delete", async () => {
    const created = await admin.call(door, "leads.create", {
      name: "Kim Park",
      email: "kim@example.com",
      zipCode: "28801",
      service: "crawl-space",
    });
    const id = created.body.id as string;
    expect(heard).toEqual([expect.objectContaining({ type: "lead.created", leadId: id })]);

    heard = [];
    await admin.call(door, "leads.update", { id, status: "contacted", name: "Kim Park" });
    expect(heard).toEqual([expect.objectContaining({ type: "lead.updated", leadId: id, changed: ["status"] })]);
    // Nothing changed: nothing emitted.
    heard = [];
    await admin.call(door, "leads.update", { id, status: "contacted" });
    expect(heard).toEqual([]);

    // Booking through the lead form's date (PATCH) and through POST /api/appointments.
    const start = julyAt(JULY_TUESDAY, "10:00");
    await admin.call(door, "leads.update", { id, scheduledDate: start, status: "scheduled" });
    expect(types()).toEqual(["lead.updated", "appointment.booked"]);
    expect(heard[1]).toMatchObject({ leadId: id, start, end: new Date(Date.parse(start) + 60 * 60_000).toISOString() });

    heard = [];
    const moved = await admin.call(door, "appointments.book", {
      leadId: id,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "13:00",
      durationMinutes: 90,
      confirm: true,
    });
    expect(moved.status).toBe(200);
    const later = julyAt(JULY_TUESDAY, "13:00");
    expect(types()).toEqual(["lead.updated", "appointment.rescheduled"]);
    expect(heard[1]).toMatchObject({
      start: later,
      end: new Date(Date.parse(later) + 90 * 60_000).toISOString(),
      previous: { start, end: new Date(Date.parse(start) + 60 * 60_000).toISOString() },
    });

    heard = [];
    await admin.call(door, "leads.update", { id, status: "lost" });
    expect(types()).toEqual(["lead.updated", "appointment.cancelled"]);
    expect(heard[1]).toMatchObject({ start: later });

    heard = [];
    expect((await admin.call(door, "leads.delete", { id })).status).toBe(200);
    expect(types()).toEqual(["lead.deleted"]);
    const deleted = heard[0] as Extract<DomainEvent, { type: "lead.deleted" }>;
    expect(deleted.lead).toMatchObject({ name: "Kim Park", email: "kim@example.com", status: "lost", scheduledDate: later });
    expect(Object.keys(deleted.lead)).not.toContain("notes");
    expect(Object.keys(deleted.lead)).not.toContain("estimatedValue");
  });

  it("a new client booked: lead.created and appointment.booked; a refused booking: nothing", async () => {
    const client = newClient();
    const res = await admin.call(door, "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "15:00",
      confirm: true,
    });
    expect(res.status).toBe(200);
    expect(types()).toEqual(["lead.created", "appointment.booked"]);
    heard = [];
    // The same time again without confirm: 409, nothing written, nothing emitted.
    const clash = await admin.call(door, "appointments.book", { ...newClient(), appointmentDate: JULY_TUESDAY, appointmentTime: "15:00" });
    expect(clash.status).toBe(409);
    expect(heard).toEqual([]);
  });

  it("a change a subscriber refuses is rolled back with the events it emitted", async () => {
    const created = await admin.call(door, "leads.create", {
      name: "Jo Fine",
      email: "jo@example.com",
      zipCode: "28801",
      service: "crawl-space",
    });
    const id = created.body.id as string;
    const refused = await admin.call(door, "leads.update", { id, name: POISON });
    expect(refused.status).toBe(500);
    expect(types()).toEqual(["lead.created", "lead.updated"]);
    // The update and its event row are gone with the transaction; the create's stay.
    expect(await kept()).toEqual(["lead.created"]);
    expect((await admin.call(door, "leads.list")).body.find((l: { id: string }) => l.id === id).name).toBe("Jo Fine");
  });

  it("gallery.published when an image is created published, or published later (once)", async () => {
    const upload = async () => {
      const { done } = await uploadThrough(admin, door, await imageOf("jpeg"));
      return done!.body.imageUrl as string;
    };
    const a = await admin.call(door, "gallery.create", { title: "A", altText: "a", imageUrl: await upload(), isPublished: true });
    const b = await admin.call(door, "gallery.create", { title: "B", altText: "b", imageUrl: await upload(), isPublished: false });
    expect(heard).toEqual([expect.objectContaining({ type: "gallery.published", imageId: a.body.id })]);
    heard = [];
    await admin.call(door, "gallery.update", { id: b.body.id, isPublished: true });
    await admin.call(door, "gallery.update", { id: b.body.id, isPublished: true, title: "B2" });
    expect(heard).toEqual([expect.objectContaining({ type: "gallery.published", imageId: b.body.id })]);
  });
});
