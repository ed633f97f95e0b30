import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, julyAt, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * An appointment belongs to the staff member who goes. Booking for a colleague checks
 * the colleague's working hours, time blocks and appointments (never the booker's) and the refusal
 * names them; a deleted account cannot be assigned; display names and colours follow permissions.
 */
describe.each(doors)("assignees through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let adminId: string;

  async function staff(prefix = "crew") {
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, newAccount(prefix));
    expect(res.status).toBe(200);
    return { client, id: res.body.id as string, username: res.body.username as string };
  }

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    const res = await admin.call(door, "auth.register", newAccount("admin"));
    adminId = res.body.id;
  });
  afterAll(() => srv.stop());

  describe("display name and colour", () => {
    it("lists everyone who can be assigned to any staff member: shown name, colour, initials, no emails", async () => {
      const sam = await staff();
      const res = await sam.client.call(door, "users.staff");
      expect(res.status).toBe(200);
      const list = res.body as Record<string, unknown>[];
      const me = list.find((u) => u.id === sam.id);
      expect(me).toEqual({
        id: sam.id,
        username: sam.username,
        displayName: sam.username,
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        initials: sam.username.slice(0, 2).toUpperCase(),
      });
      expect(list.some((u) => u.id === adminId)).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|isAdmin|password/);
      // New accounts get different colours from the palette.
      const other = await staff();
      const colours = ((await sam.client.call(door, "users.staff")).body as { id: string; color: string }[]).filter((u) =>
        [sam.id, other.id].includes(u.id),
      );
      expect(new Set(colours.map((u) => u.color)).size).toBe(2);
      expect((await new ApiClient(srv.url).call(door, "users.staff")).status).toBe(401);
    });

    it("lets everyone change their own, admins anyone's, and nobody else", async () => {
      const sam = await staff();
      const jo = await staff();
      const own = await sam.client.call(door, "users.updateProfile", { id: sam.id, displayName: "  Sam Lee ", color: "#0E7490" });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: sam.id, username: sam.username, displayName: "Sam Lee", color: "#0e7490" });
      expect((await sam.client.call(door, "auth.me")).body).toMatchObject({ displayName: "Sam Lee", color: "#0e7490" });
      const listed = ((await jo.client.call(door, "users.staff")).body as { id: string }[]).find((u) => u.id === sam.id);
      expect(listed).toMatchObject({ displayName: "Sam Lee", initials: "SL", color: "#0e7490" });

      const other = await jo.client.call(door, "users.updateProfile", { id: sam.id, displayName: "Not Sam" });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe("You can only change your own display name and colour");
      const adminEdit = await admin.call(door, "users.updateProfile", { id: jo.id, displayName: "Jo Ruiz" });
      expect(adminEdit.status).toBe(200);
      expect(adminEdit.body).toMatchObject({ displayName: "Jo Ruiz" });

      const badColour = await sam.client.call(door, "users.updateProfile", { id: sam.id, color: "teal" });
      expect(badColour.status).toBe(400);
      expect(badColour.body.message).toMatch(/Colour must be written #rrggbb/);
      const tooLong = await sam.client.call(door, "users.updateProfile", { id: sam.id, displayName: "x".repeat(61) });
      expect(tooLong.status).toBe(400);
      expect((await admin.call(door, "users.updateProfile", { id: randomUUID(), displayName: "Ghost" })).status).toBe(404);
      // Blank: the username is shown again.
      const cleared = await sam.client.call(door, "users.updateProfile", { id: sam.id, displayName: " " });
      expect(cleared.body).toMatchObject({ displayName: sam.username, color: "#0e7490" });
      expect((await new ApiClient(srv.url).call(door, "users.updateProfile", { id: sam.id, displayName: "Anon" })).status).toBe(401);
    });
  });

  describe("booking for a colleague", () => {
    it("checks the assignee's time blocks, not the booker's, and names them", async () => {
      const office = await staff("office");
      const tech = await staff("tech");
      await tech.client.call(door, "users.updateProfile", { id: tech.id, displayName: "Tia Tech" });
      const date = addDays(JULY_TUESDAY, 7);
      const block = await tech.client.call(door, "timeBlocks.create", {
        title: "Dentist",
        startDateTime: julyAt(date, "12:00"),
        endDateTime: julyAt(date, "13:00"),
        blockType: "personal",
      });
      expect(block.status).toBe(200);
      for (const call of ["appointments.book", "appointments.schedule"]) {
        const res = await office.client.call(door, call, {
          ...newClient(),
          appointmentDate: date,
          appointmentTime: "12:00",
          assignedTo: tech.id,
        });
        expect(res.status, call).toBe(409);
        expect(res.body.message, call).toMatch(
          /^Not scheduled: Tia Tech's calendar: Overlaps the time block "Busy" \(.+\)\. Send confirm: true/,
        );
        expect(res.body.conflicts, call).toEqual([expect.objectContaining({ kind: "time-block", id: block.body.id })]);
      }
      // The same time for the booker is free: the block is the technician's.
      const mine = await office.client.call(door, "appointments.book", { ...newClient(), appointmentDate: date, appointmentTime: "12:00" });
      expect(mine.body).toMatchObject({ booked: true, conflicts: [] });
      // What the dialog offers agrees.
      const slots = await office.client.call(door, "appointments.availability", { date, durationMinutes: "60", assignedTo: tech.id });
      expect(slots.body.slots.find((s: { time: string }) => s.time === "12:00")).toMatchObject({ available: false });
    });

    it("checks the assignee's working hours and appointments", async () => {
      const office = await staff("office");
      const tech = await staff("tech");
      const date = addDays(JULY_TUESDAY, 14);
      // The technician starts at 13:00 on Tuesdays.
      expect((await tech.client.call(door, "workingHours.update", { dayOfWeek: "2", startTime: "13:00", endTime: "17:00" })).status).toBe(
        200,
      );
      const early = await office.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "10:00",
        assignedTo: tech.id,
      });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(
        `Not scheduled: ${tech.username}'s calendar: Outside working hours: Tuesday 1:00 PM – 5:00 PM. Send confirm: true to book anyway.`,
      );
      const first = await office.client.call(door, "appointments.schedule", {
        ...newClient({ clientName: "Ana Ruiz" }),
        appointmentDate: date,
        appointmentTime: "14:00",
        assignedTo: tech.id,
      });
      expect(first.status).toBe(200);
      expect(first.body.lead).toMatchObject({ assignedTo: tech.id, assigneeName: tech.username });
      const clash = await office.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "14:30",
        assignedTo: tech.id,
      });
      expect(clash.status).toBe(409);
      expect(clash.body.conflicts).toEqual([expect.objectContaining({ kind: "appointment", title: "Ana Ruiz" })]);
      // The booker's own calendar has neither: 10:00 and 14:30 are free for them.
      for (const appointmentTime of ["10:00", "14:30"]) {
        const own = await office.client.call(door, "appointments.book", { ...newClient(), appointmentDate: date, appointmentTime });
        expect(own.body, appointmentTime).toMatchObject({ booked: true, conflicts: [] });
      }
      // Booked anyway for the technician: theirs.
      const anyway = await office.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "10:00",
        assignedTo: tech.id,
        confirm: true,
      });
      expect(anyway.body).toMatchObject({ booked: true, lead: { assignedTo: tech.id } });
    });

    it("keeps a rescheduled appointment with its assignee unless told otherwise, and shows whose it is on the calendar", async () => {
      const office = await staff("office");
      const tech = await staff("tech");
      const date = addDays(JULY_TUESDAY, 21);
      const booked = await office.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "09:00",
        assignedTo: tech.id,
      });
      const leadId = booked.body.lead.id as string;
      const moved = await office.client.call(door, "appointments.book", { leadId, appointmentDate: date, appointmentTime: "11:00" });
      expect(moved.body.lead).toMatchObject({ assignedTo: tech.id });
      const leads = (await office.client.call(door, "leads.list")).body as { id: string }[];
      expect(leads.find((l) => l.id === leadId)).toMatchObject({ assignedTo: tech.id, assigneeName: tech.username });
      const block = await tech.client.call(door, "timeBlocks.create", {
        title: "Van service",
        startDateTime: julyAt(date, "15:00"),
        endDateTime: julyAt(date, "16:00"),
        blockType: "maintenance",
      });
      const range = await office.client.call(door, "appointments.range", {
        start: julyAt(date, "00:00"),
        end: julyAt(date, "23:00"),
        scope: "all",
      });
      expect(range.body.appointments.find((a: { id: string }) => a.id === leadId)).toMatchObject({ assignedTo: tech.id, mine: false });
      expect(range.body.blocks.find((b: { id: string }) => b.id === block.body.id)).toMatchObject({
        ownerId: tech.id,
        ownerName: tech.username,
        mine: false,
        title: "Busy",
      });
      // Handed to the office: the booker's calendar now.
      const handed = await office.client.call(door, "appointments.book", {
        leadId,
        appointmentDate: date,
        appointmentTime: "11:00",
        assignedTo: office.id,
      });
      expect(handed.body.lead).toMatchObject({ assignedTo: office.id, assigneeName: office.username });
    });

    it("refuses a deleted or unknown assignee with a 400 that says so, on both booking calls and availability", async () => {
      const office = await staff("office");
      const leaver = await staff("leaver");
      expect((await admin.call(door, "users.delete", { id: leaver.id })).status).toBe(200);
      const date = addDays(JULY_TUESDAY, 28);
      for (const assignedTo of [leaver.id, randomUUID()]) {
        for (const call of ["appointments.book", "appointments.schedule"]) {
          const res = await office.client.call(door, call, { ...newClient(), appointmentDate: date, appointmentTime: "10:00", assignedTo });
          expect(res.status, call).toBe(400);
          expect(res.body.message, call).toBe("assignedTo: No user can be assigned with this id: the account was deleted or never existed");
        }
        const slots = await office.client.call(door, "appointments.availability", { date, durationMinutes: "60", assignedTo });
        expect(slots.status).toBe(400);
      }
      const notUuid = await office.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "10:00",
        assignedTo: "sam",
      });
      expect(notUuid.status).toBe(400);
      // Nothing was written.
      const range = await office.client.call(door, "appointments.range", {
        start: julyAt(date, "00:00"),
        end: julyAt(date, "23:00"),
        scope: "all",
      });
      expect(range.body.appointments).toEqual([]);
    });
  });
});
