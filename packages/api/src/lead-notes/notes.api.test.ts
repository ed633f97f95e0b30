// Visit notes (POST /api/leads/{id}/notes) through both doors: a timeline entry signed with the
// author's display name, the lead's notes summary untouched; the text's limits; who may add one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

describe("visit notes", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let crew: ApiClient;
  let crewId = "";
  let mine = "";
  let others = "";

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
    crew = new ApiClient(srv.url);
    crewId = (await registerInvited(admin, crew, "rest", newAccount("crew"), { role: "crew" })).body.id as string;
    expect((await crew.call("rest", "users.updateProfile", { id: crewId, displayName: "Sam Rivera" })).status).toBe(200);
    const book = async (assignedTo: string | undefined) => {
      const res = await admin.call("rest", "appointments.book", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "10:00",
        ...(assignedTo ? { assignedTo } : {}),
        confirm: true,
      });
      expect(res.status).toBe(200);
      return res.body.lead.id as string;
    };
    mine = await book(crewId);
    others = await book(undefined);
    expect((await admin.call("rest", "leads.update", { id: mine, notes: "Sump pump in the back corner" })).status).toBe(200);
  });
  afterAll(() => srv?.stop());

  it.each(doors)("a note is a timeline entry with its author's display name; the notes summary stays (%s door)", async (door) => {
    const text = `Moisture 22% at the north wall; customer wants a quote (${door})`;
    const res = await crew.call(door, "leadNotes.create", { id: mine, text: `  ${text}\n` });
    // REST answers 201 Created; tRPC's protocol keeps 200.
    expect(res.status).toBe(door === "rest" ? 201 : 200);
    expect(res.body).toEqual({ id: expect.any(String), text, author: "Sam Rivera", createdAt: expect.any(String) });
    expect(Math.abs(Date.parse(res.body.createdAt as string) - Date.now())).toBeLessThan(60_000);

    const timeline = await crew.call(door, "leads.timeline", { id: mine });
    expect(timeline.status).toBe(200);
    expect(timeline.body.at(-1)).toEqual({
      id: res.body.id,
      kind: "note",
      from: null,
      to: text,
      actorName: "Sam Rivera",
      createdAt: res.body.createdAt,
    });
    const lead = (await admin.call(door, "leads.list")).body.find((l: { id: string }) => l.id === mine);
    expect(lead.notes).toBe("Sump pump in the back corner");
  });

  it.each(doors)("the text is 1 to 2000 characters (%s door)", async (door) => {
    for (const [text, message] of [
      ["", "text: Note is required"],
      ["   \n ", "text: Note is required"],
      ["x".repeat(2001), "text: Note must be at most 2000 characters"],
      ["bad \u0000 byte", "text: Contains characters that are not allowed (control characters or broken Unicode)"],
    ] as const) {
      const res = await admin.call(door, "leadNotes.create", { id: mine, text });
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.call(door, "leadNotes.create", { id: mine, text: "y".repeat(2000) })).status).toBe(door === "rest" ? 201 : 200);
    expect((await admin.call(door, "leadNotes.create", { id: mine })).status).toBe(400);
  });

  it.each(doors)("a crew member adds notes to their own leads only; others are 404 as if they did not exist (%s door)", async (door) => {
    for (const id of [others, "00000000-0000-4000-8000-000000000000"]) {
      const res = await crew.call(door, "leadNotes.create", { id, text: "Not mine" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Lead not found");
    }
    // Office staff and admins may note any lead; nobody signed out may.
    expect((await admin.call(door, "leadNotes.create", { id: others, text: "Office note" })).status).toBe(door === "rest" ? 201 : 200);
    expect((await new ApiClient(srv.url).call(door, "leadNotes.create", { id: mine, text: "x" })).status).toBe(401);
    const timeline = await admin.call(door, "leads.timeline", { id: others });
    expect(timeline.body.filter((e: { kind: string }) => e.kind === "note").map((e: { to: string }) => e.to)).not.toContain("Not mine");
  });

  it.each(doors)("an API key adds notes as the admin who made it; a read-only key may not (%s door)", async (door) => {
    const keyed = async (scope: "read" | "read-write") => {
      const made = await admin.call("rest", "apiKeys.create", { name: `notes ${scope} ${door}`, scope });
      expect(made.status).toBe(200);
      return new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${made.body.key as string}` } });
    };
    const writer = await keyed("read-write");
    const res = await writer.call(door, "leadNotes.create", { id: mine, text: "Synced from the field app" });
    expect(res.status).toBe(door === "rest" ? 201 : 200);
    const reader = await keyed("read");
    expect((await reader.call(door, "leadNotes.create", { id: mine, text: "x" })).status).toBe(403);
  });
});
