import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, JANUARY_TUESDAY, januaryAt, JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { imageOf } from "@crawlguard/testing/images";
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

/*
 * What one staff account may do to or see of another's work. Other staff members'
 * time blocks are busy periods only (admins and the owner see them whole); a gallery image can be
 * made only from the caller's own upload. Accounts are made with REGISTRATION=open so these tests
 * do not depend on how staff are invited.
 */

const SECRET_TITLE = "Oncology appointment";
const SECRET_DESCRIPTION = "Dr. Patel, 3rd floor, bring scans";

interface Account {
  client: ApiClient;
  id: string;
  username: string;
}

/** The first account (the admin), or, with `inviter`, an account that admin invited. */
async function signUp(srv: TestServer, door: Door, prefix: string, inviter?: Account): Promise<Account> {
  const client = new ApiClient(srv.url);
  const res = inviter
    ? await registerInvited(inviter.client, client, door, newAccount(prefix))
    : await client.call(door, "auth.register", newAccount(prefix));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { client, id: res.body.id as string, username: res.body.username as string };
}

interface RangeBlock {
  id: string;
  title: string;
  description: string | null;
  blockType: string;
  color: string;
  ownerName: string;
  mine: boolean;
  occurrences: { start: string; end: string }[];
}

describe.each(doors)("roles through the %s door", (door: Door) => {
  let srv: TestServer;
  let admin: Account;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "open" });
    admin = await signUp(srv, door, "admin");
    alice = await signUp(srv, door, "alice", admin);
    bob = await signUp(srv, door, "bob", admin);
  });
  afterAll(() => srv.stop());

  describe("another staff member's time blocks are busy periods only", () => {
    const date = addDays(JULY_TUESDAY, 21);
    let once: { id: string };
    let weekly: { id: string };
    let bobsOwn: { id: string };
    const window = { start: julyAt(date, "00:00"), end: julyAt(addDays(date, 1), "00:00") };

    beforeAll(async () => {
      const created = await alice.client.call(door, "timeBlocks.create", {
        title: SECRET_TITLE,
        description: SECRET_DESCRIPTION,
        startDateTime: julyAt(date, "10:00"),
        endDateTime: julyAt(date, "11:00"),
        blockType: "personal",
        color: "#123456",
      });
      expect(created.status).toBe(200);
      once = created.body;
      const recurring = await alice.client.call(door, "timeBlocks.create", {
        title: "Custody handover",
        description: "Kids to their father",
        startDateTime: januaryAt(JANUARY_TUESDAY, "15:00"),
        endDateTime: januaryAt(JANUARY_TUESDAY, "16:00"),
        blockType: "travel",
        isRecurring: true,
        recurringPattern: "weekly",
      });
      expect(recurring.status).toBe(200);
      weekly = recurring.body;
      const own = await bob.client.call(door, "timeBlocks.create", {
        title: "Bob's van service",
        description: "Oil change",
        startDateTime: julyAt(date, "14:00"),
        endDateTime: julyAt(date, "14:30"),
        blockType: "maintenance",
      });
      expect(own.status).toBe(200);
      bobsOwn = own.body;
    });

    it("the calendar range shows them to other staff without title, description, type or colour", async () => {
      const res = await bob.client.call(door, "appointments.range", { ...window, scope: "all" });
      expect(res.status).toBe(200);
      const blocks = res.body.blocks as RangeBlock[];
      const seenOnce = blocks.find((b) => b.id === once.id)!;
      expect(seenOnce).toEqual({
        id: once.id,
        title: "Busy",
        description: null,
        blockType: "other",
        color: "#6b7280",
        recurring: false,
        recurringPattern: null,
        ownerName: alice.username,
        // Whose busy period it is (the Everyone view's colour and filter, ADR 026), never what it is.
        ownerId: alice.id,
        mine: false,
        occurrences: [{ start: julyAt(date, "10:00"), end: julyAt(date, "11:00") }],
      });
      // A recurring block's occurrences are still there, at their times.
      const seenWeekly = blocks.find((b) => b.id === weekly.id)!;
      expect(seenWeekly).toMatchObject({ title: "Busy", description: null, blockType: "other", mine: false });
      expect(seenWeekly.occurrences).toEqual([{ start: julyAt(date, "15:00"), end: julyAt(date, "16:00") }]);
      // Bob's own block is whole.
      expect(blocks.find((b) => b.id === bobsOwn.id)).toMatchObject({
        title: "Bob's van service",
        description: "Oil change",
        blockType: "maintenance",
        mine: true,
      });
      const text = JSON.stringify(res.body);
      for (const secret of [SECRET_TITLE, SECRET_DESCRIPTION, "Custody", "father", "#123456"]) expect(text).not.toContain(secret);
    });

    it("the owner and admins see them whole", async () => {
      for (const viewer of [alice, admin]) {
        const res = await viewer.client.call(door, "appointments.range", { ...window, scope: "all" });
        const blocks = res.body.blocks as RangeBlock[];
        expect(
          blocks.find((b) => b.id === once.id),
          viewer.username,
        ).toMatchObject({
          title: SECRET_TITLE,
          description: SECRET_DESCRIPTION,
          blockType: "personal",
          color: "#123456",
          mine: viewer === alice,
        });
        expect(blocks.find((b) => b.id === weekly.id)).toMatchObject({ title: "Custody handover", description: "Kids to their father" });
        // Bob's block is whole for the admin, busy for Alice.
        const bobs = blocks.find((b) => b.id === bobsOwn.id)!;
        expect(bobs.title).toBe(viewer === admin ? "Bob's van service" : "Busy");
      }
    });

    it("availability for another staff member names the conflict as busy, not by its title", async () => {
      const res = await bob.client.call(door, "appointments.availability", { date, durationMinutes: "60", assignedTo: alice.id });
      expect(res.status).toBe(200);
      const slot = (
        res.body.slots as { time: string; available: boolean; conflicts: { kind: string; title: string; message: string }[] }[]
      ).find((s) => s.time === "10:00")!;
      expect(slot.available).toBe(false);
      expect(slot.conflicts).toMatchObject([{ kind: "time-block", id: once.id, title: "Busy" }]);
      expect(slot.conflicts[0]!.message).toMatch(/^Overlaps the time block "Busy" \(/);
      const text = JSON.stringify(res.body);
      for (const secret of [SECRET_TITLE, SECRET_DESCRIPTION, "Custody"]) expect(text).not.toContain(secret);

      // The owner and an admin see the title in the same answer.
      for (const viewer of [alice, admin]) {
        const whole = await viewer.client.call(door, "appointments.availability", { date, durationMinutes: "60", assignedTo: alice.id });
        expect(JSON.stringify(whole.body), viewer.username).toContain(SECRET_TITLE);
      }
    });

    it("a booking for another staff member reports the clash without the block's title", async () => {
      for (const name of ["appointments.book", "appointments.schedule"] as const) {
        const res = await bob.client.call(door, name, {
          ...newClient(),
          appointmentDate: date,
          appointmentTime: "10:00",
          assignedTo: alice.id,
        });
        // Not booked: a 409 whose message and conflicts name the block as busy only.
        expect(res.status, name).toBe(409);
        expect(res.body.conflicts, name).toMatchObject([{ kind: "time-block", id: once.id, title: "Busy" }]);
        expect(res.body.message, name).toContain('"Busy"');
        expect(JSON.stringify(res.body), name).not.toContain(SECRET_TITLE);
      }
      const byAdmin = await admin.client.call(door, "appointments.book", {
        ...newClient(),
        appointmentDate: date,
        appointmentTime: "10:00",
        assignedTo: alice.id,
      });
      expect(byAdmin.status).toBe(409);
      expect(byAdmin.body.conflicts).toMatchObject([{ kind: "time-block", title: SECRET_TITLE }]);
    });

    it("another staff member cannot read, change or delete the block itself", async () => {
      expect((await bob.client.call(door, "timeBlocks.get", { id: once.id })).status).toBe(404);
      expect((await bob.client.call(door, "timeBlocks.update", { id: once.id, title: "x" })).status).toBe(404);
      expect((await bob.client.call(door, "timeBlocks.delete", { id: once.id })).status).toBe(404);
      const list = await bob.client.call(door, "timeBlocks.list");
      expect(JSON.stringify(list.body)).not.toContain(SECRET_TITLE);
    });
  });

  describe("a gallery image is made only from the caller's own upload", () => {
    async function finishedUpload(owner: Account): Promise<string> {
      const { done } = await uploadThrough(owner.client, door, await imageOf("jpeg"));
      expect(done?.status).toBe(200);
      return done!.body.imageUrl as string;
    }
    const fields = { title: "Sealed vents", altText: "Vent covers" };

    it("refuses another user's upload with a 403 on create, for staff and admins alike, and the upload stays its owner's", async () => {
      const alices = await finishedUpload(alice);
      for (const caller of [bob, admin]) {
        const res = await caller.client.call(door, "gallery.create", { ...fields, imageUrl: alices });
        expect(res.status, caller.username).toBe(403);
        expect(res.body.message).toBe("imageUrl is another user's upload: attach only a photo you uploaded yourself");
      }
      const list = await admin.client.call(door, "gallery.list");
      expect(JSON.stringify(list.body)).not.toContain(alices);
      const own = await alice.client.call(door, "gallery.create", { ...fields, imageUrl: alices });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ imageUrl: alices, uploadedBy: alice.id });
    });

    it("refuses another user's upload with a 403 on update, and leaves the image's photo as it was", async () => {
      const bobs = await finishedUpload(bob);
      const image = await bob.client.call(door, "gallery.create", { ...fields, imageUrl: bobs });
      expect(image.status).toBe(200);
      const alices = await finishedUpload(alice);
      for (const caller of [bob, admin]) {
        const res = await caller.client.call(door, "gallery.update", { id: image.body.id, imageUrl: alices });
        expect(res.status, caller.username).toBe(403);
      }
      const after = (await bob.client.call(door, "gallery.list")).body.find((i: { id: string }) => i.id === image.body.id);
      expect(after.imageUrl).toBe(bobs);
      // Bob's own new upload swaps the photo.
      const bobsNext = await finishedUpload(bob);
      const swapped = await bob.client.call(door, "gallery.update", { id: image.body.id, imageUrl: bobsNext });
      expect(swapped.status).toBe(200);
      expect(swapped.body.imageUrl).toBe(bobsNext);
      // And Alice's is still hers to use.
      expect((await alice.client.call(door, "gallery.create", { ...fields, imageUrl: alices })).status).toBe(200);
    });

    it("an unknown or unfinished upload stays a 400 whoever asks", async () => {
      const res = await bob.client.call(door, "gallery.create", { ...fields, imageUrl: "/media/gallery/not-an-upload.webp" });
      expect(res.status).toBe(400);
      const ticket = await alice.client.call(door, "gallery.upload", { fileName: "x.jpg", size: 1000 });
      expect(ticket.status).toBe(200);
      const unfinished = await alice.client.call(door, "gallery.create", {
        ...fields,
        imageUrl: `/media/gallery/${ticket.body.uploadId}/0.webp`,
      });
      expect(unfinished.status).toBe(400);
    });
  });
});
