import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  BUSINESS_ZONE,
  businessToday,
  FALL_BACK,
  januaryAt,
  JANUARY_TUESDAY,
  julyAt,
  JULY_TUESDAY,
  nthWeekday,
  SPRING_FORWARD,
  YEAR,
} from "@crawlguard/testing/business-dates";
import {
  ApiClient,
  doors,
  newAccount,
  newClient,
  startTestServer,
  type Door,
  type TestServer,
  registerInvited,
} from "@crawlguard/testing/harness";

/**
 * Each door runs with the server process in another time zone than the business's: only
 * BUSINESS_TIME_ZONE (America/New_York, the default) may decide what "Tuesday 09:00" means.
 * Node applies a change of process.env.TZ at once, and the test server runs in this process.
 */
const PROCESS_ZONE: Record<Door, string> = { rest: "Asia/Tokyo", trpc: "Pacific/Auckland" };

describe.each(doors)("appointments through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  const savedZone = process.env.TZ;

  async function staff() {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount("book"));
    expect(res.status).toBe(200);
    return { client, id: res.body.id as string, username: res.body.username as string };
  }

  beforeAll(async () => {
    process.env.TZ = PROCESS_ZONE[door];
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("admin"));
  });
  afterAll(async () => {
    await srv.stop();
    process.env.TZ = savedZone;
  });

  it("runs the server in a process zone other than the business zone", () => {
    expect(new Date(Date.UTC(YEAR, 0, 15)).getTimezoneOffset()).toBe(door === "rest" ? -540 : -780);
  });

  it("answers 401 to every appointment call when logged out", async () => {
    const anon = new ApiClient(srv.url);
    const booking = { ...newClient(), appointmentDate: JULY_TUESDAY, appointmentTime: "10:00" };
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["appointments.settings", undefined],
      ["appointments.book", booking],
      ["appointments.schedule", booking],
      ["appointments.range", { start: julyAt(JULY_TUESDAY, "00:00"), end: julyAt(JULY_TUESDAY, "23:00") }],
      ["appointments.availability", { date: JULY_TUESDAY }],
    ];
    for (const [name, input] of calls) {
      const res = await anon.call(door, name, input);
      expect(res.status, name).toBe(401);
    }
  });

  it("tells a screen the business time zone, today there, the durations and slots", async () => {
    const { client } = await staff();
    const res = await client.call(door, "appointments.settings");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      timeZone: BUSINESS_ZONE,
      today: businessToday(),
      durations: [30, 60, 90, 120, 180],
      defaultDurationMinutes: 60,
      slots: { from: "08:00", to: "18:00", stepMinutes: 30 },
      maxRangeDays: 62,
    });
  });

  describe("booking", () => {
    it("books a new client at 09:00 business time, whatever the server's zone, and records it", async () => {
      const me = await staff();
      const client = newClient({ notes: "Musty smell", estimatedValue: "4500", priority: "high" });
      const res = await me.client.call(door, "appointments.book", { ...client, appointmentDate: JULY_TUESDAY, appointmentTime: "09:00" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        booked: true,
        conflicts: [],
        lead: {
          id: expect.any(String),
          name: client.clientName,
          email: client.email,
          phone: client.phone,
          address: client.address,
          zipCode: "28801",
          service: client.service,
          status: "scheduled",
          priority: "high",
          source: "appointment-booking",
          notes: "Musty smell",
          estimatedValue: "4500",
          scheduledDate: julyAt(JULY_TUESDAY, "09:00"),
          durationMinutes: 60,
          assigneeName: me.username,
          assignedTo: me.id,
          googleCalendarEventId: null,
          submissionId: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      // 09:00 in New York is 13:00Z in July and 14:00Z in January.
      expect(res.body.lead.scheduledDate).toBe(`${JULY_TUESDAY}T13:00:00.000Z`);
      const winter = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: JANUARY_TUESDAY,
        appointmentTime: "09:00",
        durationMinutes: 30,
      });
      expect(winter.body.lead).toMatchObject({ scheduledDate: `${JANUARY_TUESDAY}T14:00:00.000Z`, durationMinutes: 30 });

      const timeline = await me.client.call(door, "leads.timeline", { id: res.body.lead.id });
      expect(timeline.body.map((e: { kind: string; from: string | null; to: string }) => [e.kind, e.from, e.to])).toEqual([
        ["created", null, "scheduled"],
        ["schedule", null, julyAt(JULY_TUESDAY, "09:00")],
      ]);
      // The board and its Scheduled stat card read the lead list.
      const list = (await me.client.call(door, "leads.list")).body as { id: string; status: string }[];
      expect(list.find((l) => l.id === res.body.lead.id)?.status).toBe("scheduled");
    });

    it("uses the Book appointment dialog's messages for a new client", async () => {
      const me = await staff();
      const missing = await me.client.call(door, "appointments.book", { appointmentDate: JULY_TUESDAY, appointmentTime: "10:00" });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(
        "clientName: Client name is required; email: Valid email is required; phone: Phone number is required; address: Address is required; service: Service is required",
      );
      const blank = await me.client.call(door, "appointments.book", {
        clientName: "",
        email: "",
        phone: "",
        address: "",
        service: "",
        appointmentDate: "",
        appointmentTime: "",
      });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(
        "clientName: Client name is required; email: Valid email is required; phone: Phone number is required; address: Address is required; " +
          "service: Service is required; appointmentDate: Appointment date is required; appointmentTime: Appointment time is required",
      );
      const duration = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "10:00",
        durationMinutes: 45,
      });
      expect(duration.body.message).toBe("durationMinutes: Duration must be 30, 60, 90, 120 or 180 minutes");
      const date = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: `${YEAR}-02-30`,
        appointmentTime: "10:00",
      });
      expect(date.body.message).toBe("appointmentDate: Date must be a real date written yyyy-MM-dd (2000 to 2099)");
    });

    it("refuses a date before today in the business zone, and accepts today", async () => {
      const me = await staff();
      const yesterday = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: addDays(businessToday(), -1),
        appointmentTime: "10:00",
      });
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.message).toBe("appointmentDate: Appointment date cannot be in the past");
      const today = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: businessToday(),
        appointmentTime: "23:30",
        durationMinutes: 30,
        confirm: true,
      });
      expect(today.status).toBe(200);
      expect(today.body.booked).toBe(true);
    });

    it("refuses a time that does not exist (spring forward) and books the first of an ambiguous one (fall back)", async () => {
      const me = await staff();
      const gap = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: SPRING_FORWARD,
        appointmentTime: "02:30",
        confirm: true,
      });
      expect(gap.status).toBe(400);
      expect(gap.body.message).toBe(
        `appointmentTime: 02:30 does not exist on ${SPRING_FORWARD} in ${BUSINESS_ZONE}: the clocks go forward that night. Choose another time`,
      );
      const twice = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: FALL_BACK,
        appointmentTime: "01:30",
        durationMinutes: 30,
        confirm: true,
      });
      expect(twice.status).toBe(200);
      // 01:30 EDT (UTC-4), not the 01:30 EST an hour later.
      expect(twice.body.lead.scheduledDate).toBe(`${FALL_BACK}T05:30:00.000Z`);
    });

    it("answers 404 for an unknown lead and 400 for an unknown assignee", async () => {
      const me = await staff();
      const lead = await me.client.call(door, "appointments.book", {
        leadId: randomUUID(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "10:00",
      });
      expect(lead.status).toBe(404);
      expect(lead.body.message).toBe("Lead not found");
      const assignee = await me.client.call(door, "appointments.book", {
        ...newClient(),
        assignedTo: randomUUID(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "10:00",
      });
      expect(assignee.status).toBe(400);
      expect(assignee.body.message).toBe("assignedTo: No user can be assigned with this id: the account was deleted or never existed");
    });

    it("reports time outside working hours and books nothing until confirmed", async () => {
      const me = await staff();
      const client = newClient();
      const late = { ...client, appointmentDate: JULY_TUESDAY, appointmentTime: "16:30" };
      const res = await me.client.call(door, "appointments.book", late);
      // Not booked is not a 200: a 409 with the message and the conflicts in the error body.
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: "CONFLICT",
        message: "Not scheduled: Outside working hours: Tuesday 9:00 AM – 5:00 PM. Send confirm: true to book anyway.",
        conflicts: [
          {
            kind: "outside-working-hours",
            message: "Outside working hours: Tuesday 9:00 AM – 5:00 PM",
            id: null,
            title: "Working hours (Tuesday)",
            start: julyAt(JULY_TUESDAY, "09:00"),
            end: julyAt(JULY_TUESDAY, "17:00"),
          },
        ],
      });
      const saturday = await me.client.call(door, "appointments.book", {
        ...client,
        appointmentDate: addDays(JULY_TUESDAY, 4),
        appointmentTime: "10:00",
      });
      expect(saturday.status).toBe(409);
      expect(saturday.body.conflicts).toMatchObject([
        { kind: "outside-working-hours", message: "Outside working hours: Saturday is not a working day", start: null, end: null },
      ]);
      let list = (await me.client.call(door, "leads.list")).body as { email: string }[];
      expect(list.some((l) => l.email === client.email)).toBe(false);

      const anyway = await me.client.call(door, "appointments.book", { ...late, confirm: true });
      expect(anyway.body).toMatchObject({
        booked: true,
        lead: { scheduledDate: julyAt(JULY_TUESDAY, "16:30") },
        conflicts: [{ kind: "outside-working-hours" }],
      });
      list = (await me.client.call(door, "leads.list")).body as { email: string }[];
      expect(list.filter((l) => l.email === client.email)).toHaveLength(1);

      // The assignee's own hours count: a Saturday they work is fine.
      await me.client.call(door, "workingHours.update", { dayOfWeek: "6", startTime: "08:00", endTime: "12:00" });
      const worked = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: addDays(JULY_TUESDAY, 4),
        appointmentTime: "10:00",
      });
      expect(worked.body).toMatchObject({ booked: true, conflicts: [] });
    });

    it("reports an occurrence of a recurring block, at its wall-clock time across the DST change", async () => {
      const me = await staff();
      // Every Tuesday 12:00–13:00 from January (EST): in July (EDT) the occurrence is still 12:00.
      const block = await me.client.call(door, "timeBlocks.create", {
        title: "Team lunch",
        startDateTime: januaryAt(JANUARY_TUESDAY, "12:00"),
        endDateTime: januaryAt(JANUARY_TUESDAY, "13:00"),
        blockType: "break",
        isRecurring: true,
        recurringPattern: "weekly",
      });
      expect(block.status).toBe(200);
      const res = await me.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "11:30",
      });
      expect(res.status).toBe(409);
      expect(res.body.lead).toBeUndefined();
      const dateLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${JULY_TUESDAY}T00:00:00Z`),
      );
      expect(res.body.conflicts).toEqual([
        {
          kind: "time-block",
          message: `Overlaps the time block "Team lunch" (${dateLabel}, 12:00 PM – 1:00 PM)`,
          id: block.body.id,
          title: "Team lunch",
          start: julyAt(JULY_TUESDAY, "12:00"),
          end: julyAt(JULY_TUESDAY, "13:00"),
        },
      ]);
      // Ending as the block starts, or starting as it ends, is no conflict.
      for (const appointmentTime of ["11:00", "13:00"]) {
        const touching = await me.client.call(door, "appointments.book", {
          ...newClient(),
          appointmentDate: JULY_TUESDAY,
          appointmentTime,
        });
        expect(touching.body, appointmentTime).toMatchObject({ booked: true, conflicts: [] });
      }
      // Another user's block is not a conflict for me.
      const other = await staff();
      const free = await other.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "12:00",
      });
      expect(free.body).toMatchObject({ booked: true, conflicts: [] });
    });

    it("reports an overlapping appointment of the assignee, not a touching one, and books anyway when confirmed", async () => {
      const me = await staff();
      const date = addDays(JULY_TUESDAY, 1);
      const first = await me.client.call(door, "appointments.book", {
        ...newClient({ clientName: "Jo Lee" }),
        appointmentDate: date,
        appointmentTime: "10:00",
        durationMinutes: 90,
      });
      expect(first.body.booked).toBe(true);
      const clash = { ...newClient(), appointmentDate: date, appointmentTime: "11:00" };
      const res = await me.client.call(door, "appointments.book", clash);
      expect(res.status).toBe(409);
      expect(res.body.conflicts).toEqual([
        {
          kind: "appointment",
          message: expect.stringMatching(/^Overlaps the appointment with Jo Lee \(\w{3} \d{1,2}, \d{4}, 10:00 AM – 11:30 AM\)$/),
          id: first.body.lead.id,
          title: "Jo Lee",
          start: julyAt(date, "10:00"),
          end: julyAt(date, "11:30"),
        },
      ]);
      // 09:00–10:00 ends as it starts, 11:30–12:30 starts as it ends.
      for (const appointmentTime of ["09:00", "11:30"]) {
        const touching = await me.client.call(door, "appointments.book", { ...newClient(), appointmentDate: date, appointmentTime });
        expect(touching.body, appointmentTime).toMatchObject({ booked: true, conflicts: [] });
        // Out of the way again, so the next booking clashes with the first one only.
        await me.client.call(door, "leads.delete", { id: touching.body.lead.id });
      }
      const anyway = await me.client.call(door, "appointments.book", { ...clash, confirm: true });
      expect(anyway.body).toMatchObject({ booked: true, conflicts: [{ kind: "appointment", id: first.body.lead.id }] });
    });

    it("books an existing lead, reschedules it without clashing with itself, and keeps its assignee", async () => {
      const me = await staff();
      const created = await admin.call(door, "leads.create", {
        name: "Pat Owner",
        email: `pat${randomUUID().slice(0, 8)}@example.com`,
        zipCode: "28704",
        service: "crawl-space",
        priority: "low",
      });
      const id = created.body.id as string;
      const date = addDays(JULY_TUESDAY, 2);
      // The admin books it for a staff member.
      const booked = await admin.call(door, "appointments.book", {
        leadId: id,
        assignedTo: me.id,
        appointmentDate: date,
        appointmentTime: "13:00",
        notes: "Gate code 1234",
        priority: "high",
      });
      expect(booked.body).toMatchObject({
        booked: true,
        lead: {
          id,
          name: "Pat Owner",
          zipCode: "28704",
          status: "scheduled",
          source: "website",
          priority: "high",
          notes: "Gate code 1234",
          scheduledDate: julyAt(date, "13:00"),
          assigneeName: me.username,
        },
      });
      // Moving it by half an hour overlaps only its own old slot; the admin's move keeps the staff member.
      const moved = await admin.call(door, "appointments.book", {
        leadId: id,
        appointmentDate: date,
        appointmentTime: "13:30",
        durationMinutes: 120,
      });
      expect(moved.body).toMatchObject({
        booked: true,
        conflicts: [],
        lead: { scheduledDate: julyAt(date, "13:30"), durationMinutes: 120, assigneeName: me.username, notes: "Gate code 1234" },
      });
      const timeline = (await admin.call(door, "leads.timeline", { id })).body as {
        kind: string;
        from: string | null;
        to: string | null;
      }[];
      expect(timeline.map((e) => [e.kind, e.from, e.to])).toEqual([
        ["created", null, "new"],
        ["status", "new", "scheduled"],
        ["schedule", null, julyAt(date, "13:00")],
        // Priority, notes and who it is for are history too.
        ["priority", "low", "high"],
        ["notes", null, "Gate code 1234"],
        ["assignee", null, me.username],
        ["schedule", julyAt(date, "13:00"), julyAt(date, "13:30")],
      ]);
      // Now in the staff member's way: their own booking at 14:00 clashes with it.
      const clash = await me.client.call(door, "appointments.book", { ...newClient(), appointmentDate: date, appointmentTime: "14:00" });
      expect(clash.body.conflicts).toMatchObject([{ kind: "appointment", id, title: "Pat Owner" }]);
    });

    it("keeps PATCH /api/leads/{id} booking as the docs/product.md describes", async () => {
      const created = await admin.call(door, "leads.create", {
        name: "Sam Patch",
        email: `sam${randomUUID().slice(0, 8)}@example.com`,
        zipCode: "28801",
        service: "basement",
      });
      const when = julyAt(addDays(JULY_TUESDAY, 3), "15:00");
      const res = await admin.call(door, "leads.update", {
        id: created.body.id,
        scheduledDate: when,
        status: "scheduled",
        notes: "Booked by phone",
        priority: "medium",
      });
      expect(res.body).toMatchObject({ scheduledDate: when, status: "scheduled", durationMinutes: 60, assigneeName: null });
    });
  });

  describe("the Schedule Appointment modal (POST /api/calendar/appointment)", () => {
    it("books the docs/product.md payload and answers success with the lead", async () => {
      const me = await staff();
      const payload = {
        ...newClient(),
        estimatedValue: "1200",
        notes: "",
        appointmentDate: addDays(JULY_TUESDAY, 7),
        appointmentTime: "14:00",
      };
      const res = await me.client.call(door, "appointments.schedule", payload);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: "Appointment has been scheduled successfully.",
        conflicts: [],
        lead: {
          name: payload.clientName,
          status: "scheduled",
          source: "appointment-booking",
          estimatedValue: "1200",
          notes: null,
          durationMinutes: 60,
          scheduledDate: julyAt(payload.appointmentDate, "14:00"),
          assigneeName: me.username,
        },
      });
    });

    it("checks the modal's payload with the booking's one rule set and messages", async () => {
      const me = await staff();
      const res = await me.client.call(door, "appointments.schedule", {
        ...newClient({ phone: "555-0147" }),
        appointmentDate: "",
        appointmentTime: "",
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "phone: Phone number must be at least 10 digits; appointmentDate: Appointment date is required; appointmentTime: Appointment time is required",
      );
      const noPhone = await me.client.call(door, "appointments.schedule", {
        ...newClient(),
        phone: undefined,
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "10:00",
      });
      expect(noPhone.body.message).toBe("phone: Phone number is required");
      const past = await me.client.call(door, "appointments.schedule", {
        ...newClient(),
        appointmentDate: addDays(businessToday(), -1),
        appointmentTime: "10:00",
      });
      expect(past.body.message).toBe("appointmentDate: Appointment date cannot be in the past");
    });

    it("does not book over a conflict unless confirmed, and books an existing lead", async () => {
      const me = await staff();
      const payload = { ...newClient(), appointmentDate: addDays(JULY_TUESDAY, 4), appointmentTime: "10:00" };
      const res = await me.client.call(door, "appointments.schedule", payload);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: "CONFLICT",
        message: "Not scheduled: Outside working hours: Saturday is not a working day. Send confirm: true to book anyway.",
        conflicts: [expect.objectContaining({ kind: "outside-working-hours" })],
      });
      expect(res.body.success).toBeUndefined();
      const anyway = await me.client.call(door, "appointments.schedule", { ...payload, confirm: true });
      expect(anyway.body).toMatchObject({ success: true, message: "Appointment has been scheduled successfully, over 1 conflict." });
      const again = await me.client.call(door, "appointments.schedule", {
        leadId: anyway.body.lead.id,
        appointmentDate: addDays(JULY_TUESDAY, 7),
        appointmentTime: "09:00",
      });
      expect(again.body).toMatchObject({
        success: true,
        lead: { id: anyway.body.lead.id, scheduledDate: julyAt(addDays(JULY_TUESDAY, 7), "09:00") },
      });
    });
  });

  describe("calendar range", () => {
    const julyStart = julyAt(`${YEAR}-07-01`, "00:00");
    const augustStart = julyAt(`${YEAR}-08-01`, "00:00");

    it("returns appointments and expanded block occurrences of a month, mine or everyone's", async () => {
      const me = await staff();
      const other = await staff();
      const weekly = (
        await me.client.call(door, "timeBlocks.create", {
          title: "Supplier run",
          startDateTime: januaryAt(JANUARY_TUESDAY, "07:00"),
          endDateTime: januaryAt(JANUARY_TUESDAY, "08:00"),
          blockType: "travel",
          isRecurring: true,
          recurringPattern: "weekly",
        })
      ).body;
      const monthly = (
        await me.client.call(door, "timeBlocks.create", {
          title: "Invoices",
          startDateTime: januaryAt(`${YEAR}-01-31`, "16:00"),
          endDateTime: januaryAt(`${YEAR}-01-31`, "17:00"),
          blockType: "admin",
          isRecurring: true,
          recurringPattern: "monthly",
        })
      ).body;
      const once = (
        await me.client.call(door, "timeBlocks.create", {
          title: "Dentist",
          startDateTime: julyAt(`${YEAR}-07-15`, "08:00"),
          endDateTime: julyAt(`${YEAR}-07-15`, "09:00"),
        })
      ).body;
      await me.client.call(door, "timeBlocks.create", {
        title: "Last year",
        startDateTime: januaryAt(JANUARY_TUESDAY, "08:00"),
        endDateTime: januaryAt(JANUARY_TUESDAY, "09:00"),
      });
      const otherBlock = (
        await other.client.call(door, "timeBlocks.create", {
          title: "Other's errand",
          startDateTime: julyAt(`${YEAR}-07-16`, "08:00"),
          endDateTime: julyAt(`${YEAR}-07-16`, "09:00"),
        })
      ).body;

      const mine = (
        await me.client.call(door, "appointments.book", {
          ...newClient({ clientName: "Mine Client" }),
          appointmentDate: `${YEAR}-07-20`,
          appointmentTime: "10:00",
          confirm: true,
        })
      ).body.lead;
      const theirs = (
        await other.client.call(door, "appointments.book", {
          ...newClient(),
          appointmentDate: `${YEAR}-07-21`,
          appointmentTime: "10:00",
          confirm: true,
        })
      ).body.lead;
      const unassigned = (
        await admin.call(door, "leads.create", {
          name: "Nobody's",
          email: `nobody${randomUUID().slice(0, 6)}@example.com`,
          zipCode: "28801",
          service: "consultation",
          scheduledDate: julyAt(`${YEAR}-07-22`, "11:00"),
        })
      ).body;
      const outside = (
        await me.client.call(door, "appointments.book", {
          ...newClient(),
          appointmentDate: `${YEAR}-08-03`,
          appointmentTime: "10:00",
          confirm: true,
        })
      ).body.lead;
      // Ends exactly when July starts: not in July.
      const touching = (
        await me.client.call(door, "appointments.book", {
          ...newClient(),
          appointmentDate: `${YEAR}-06-30`,
          appointmentTime: "23:00",
          confirm: true,
        })
      ).body.lead;

      const res = await me.client.call(door, "appointments.range", { start: julyStart, end: augustStart, scope: "mine" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ timeZone: BUSINESS_ZONE, start: julyStart, end: augustStart });
      const ids = (res.body.appointments as { id: string }[]).map((a) => a.id);
      expect(ids).toContain(mine.id);
      expect(ids).toContain(unassigned.id);
      expect(ids).not.toContain(theirs.id);
      expect(ids).not.toContain(outside.id);
      expect(ids).not.toContain(touching.id);
      expect(res.body.appointments.find((a: { id: string }) => a.id === mine.id)).toEqual({
        id: mine.id,
        name: "Mine Client",
        phone: mine.phone,
        address: mine.address,
        service: mine.service,
        status: "scheduled",
        priority: "medium",
        start: julyAt(`${YEAR}-07-20`, "10:00"),
        end: julyAt(`${YEAR}-07-20`, "11:00"),
        durationMinutes: 60,
        assigneeName: me.username,
        assignedTo: me.id,
        mine: true,
      });
      expect(res.body.appointments.find((a: { id: string }) => a.id === unassigned.id)).toMatchObject({ assigneeName: null, mine: false });

      type Block = { id: string; recurring: boolean; mine: boolean; ownerName: string; occurrences: { start: string; end: string }[] };
      const blocks = res.body.blocks as Block[];
      const julyTuesdays = [1, 2, 3, 4, 5].map((n) => nthWeekday(YEAR, 7, 2, n)).filter((d) => Number(d.slice(8)) <= 31);
      const byId = (id: string) => blocks.filter((b) => b.id === id);
      expect(byId(weekly.id)).toHaveLength(1);
      expect(byId(weekly.id)[0]!.occurrences).toEqual(julyTuesdays.map((d) => ({ start: julyAt(d, "07:00"), end: julyAt(d, "08:00") })));
      expect(byId(monthly.id)).toEqual([
        expect.objectContaining({
          occurrences: [{ start: julyAt(`${YEAR}-07-31`, "16:00"), end: julyAt(`${YEAR}-07-31`, "17:00") }],
          recurring: true,
          recurringPattern: "monthly",
          color: "#8b5cf6",
          title: "Invoices",
        }),
      ]);
      expect(byId(once.id)).toEqual([
        {
          id: once.id,
          title: "Dentist",
          description: null,
          blockType: "personal",
          color: "#ef4444",
          recurring: false,
          recurringPattern: null,
          ownerName: me.username,
          ownerId: me.id,
          mine: true,
          occurrences: [{ start: once.startDateTime, end: once.endDateTime }],
        },
      ]);
      expect(blocks.map((b) => b.id)).not.toContain(otherBlock.id);
      expect(blocks).toHaveLength(3);
      // In order of their first occurrence.
      const firsts = blocks.map((b) => b.occurrences[0]!.start);
      expect([...firsts].sort()).toEqual(firsts);

      const all = await other.client.call(door, "appointments.range", { start: julyStart, end: augustStart, scope: "all" });
      const allIds = (all.body.appointments as { id: string }[]).map((a) => a.id);
      expect(allIds).toEqual(expect.arrayContaining([mine.id, theirs.id, unassigned.id]));
      expect(all.body.appointments.find((a: { id: string }) => a.id === mine.id)).toMatchObject({ assigneeName: me.username, mine: false });
      expect(all.body.blocks.find((b: Block) => b.id === once.id)).toMatchObject({ ownerName: me.username, mine: false });
      expect(all.body.blocks.find((b: Block) => b.id === otherBlock.id)).toMatchObject({ ownerName: other.username, mine: true });
      // Whose each is, by id (GET /api/users/staff names them for the Everyone view).
      expect(all.body.appointments.find((a: { id: string }) => a.id === mine.id)).toMatchObject({ assignedTo: me.id });
      expect(all.body.blocks.find((b: Block) => b.id === once.id)).toMatchObject({ ownerId: me.id });

      // A week's window sees only that week's occurrences.
      const week = await me.client.call(door, "appointments.range", {
        start: julyAt(JULY_TUESDAY, "00:00"),
        end: julyAt(addDays(JULY_TUESDAY, 1), "00:00"),
      });
      expect(week.body.blocks.map((b: Block) => [b.id, b.occurrences.length])).toEqual([[weekly.id, 1]]);
    });

    it("answers 400 for an end not after the start, a range over 62 days, or a bad instant", async () => {
      const me = await staff();
      const backwards = await me.client.call(door, "appointments.range", { start: augustStart, end: julyStart });
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toBe("end: End must be after start");
      const long = await me.client.call(door, "appointments.range", { start: julyStart, end: julyAt(`${YEAR}-09-02`, "00:01") });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe("end: The range may span at most 62 days");
      expect((await me.client.call(door, "appointments.range", { start: julyStart, end: julyAt(`${YEAR}-09-01`, "00:00") })).status).toBe(
        200,
      );
      expect((await me.client.call(door, "appointments.range", { start: "July 1", end: augustStart })).status).toBe(400);
      expect((await me.client.call(door, "appointments.range", { start: julyStart, end: augustStart, scope: "everyone" })).status).toBe(
        400,
      );
    });
  });

  describe("availability", () => {
    it("lists the day's slots with what each would clash with", async () => {
      const me = await staff();
      const date = addDays(JULY_TUESDAY, 14);
      await me.client.call(door, "timeBlocks.create", {
        title: "Lunch",
        startDateTime: julyAt(date, "12:00"),
        endDateTime: julyAt(date, "13:00"),
      });
      const res = await me.client.call(door, "appointments.availability", { date, durationMinutes: "60" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ date, timeZone: BUSINESS_ZONE, durationMinutes: 60 });
      const slots = res.body.slots as { time: string; start: string; end: string; available: boolean; conflicts: { kind: string }[] }[];
      expect(slots.map((s) => s.time)).toEqual(
        Array.from({ length: 21 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`),
      );
      expect(slots.filter((s) => s.available).map((s) => s.time)).toEqual([
        "09:00",
        "09:30",
        "10:00",
        "10:30",
        "11:00",
        "13:00",
        "13:30",
        "14:00",
        "14:30",
        "15:00",
        "15:30",
        "16:00",
      ]);
      expect(slots[0]).toMatchObject({
        time: "08:00",
        start: julyAt(date, "08:00"),
        end: julyAt(date, "09:00"),
        conflicts: [{ kind: "outside-working-hours" }],
      });
      expect(slots.find((s) => s.time === "12:00")!.conflicts).toMatchObject([{ kind: "time-block", title: "Lunch" }]);

      const short = await me.client.call(door, "appointments.availability", { date, durationMinutes: "30" });
      expect(short.body.slots.find((s: { time: string }) => s.time === "16:30").available).toBe(true);
      expect((await me.client.call(door, "appointments.availability", { date: addDays(businessToday(), -1) })).status).toBe(400);
      expect((await me.client.call(door, "appointments.availability", { date, durationMinutes: "45" })).status).toBe(400);
    });
  });
});
