import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * Incremental sync (ADR 029): GET /api/leads and /api/contact-submissions keep the
 * whole array without parameters and answer pages of changes with them; no change is missed or repeated
 * while others write between (and during) pages, deletions come as tombstones. And the calendar
 * feed, parsed back with ical.js.
 */

interface Page<T> {
  items: T[];
  deleted: { id: string; deletedAt: string }[];
  nextCursor: string;
  hasMore: boolean;
}
interface LeadItem {
  id: string;
  name: string;
  status: string;
  notes: string | null;
  updatedAt: string;
}

const lead = (n: string) => ({
  name: `Sync Lead ${n}`,
  email: `sync-${n}@example.com`,
  zipCode: "28801",
  service: "crawl-space-encapsulation",
});

describe("incremental sync and the calendar feed", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, "rest", newAccount("staff"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  async function page(path: string, query: Record<string, string | number | boolean>): Promise<Page<LeadItem>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await staff.raw("GET", `${path}?${qs}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page<LeadItem>;
  }

  it("keeps the whole array without parameters, and refuses a forged cursor", async () => {
    const res = await staff.raw("GET", "/api/leads");
    expect(Array.isArray(res.body)).toBe(true);
    expect(Array.isArray((await staff.raw("GET", "/api/contact-submissions")).body)).toBe(true);
    const bad = await staff.raw("GET", "/api/leads?cursor=nope");
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/cursor/);
    expect((await staff.raw("GET", "/api/leads?limit=0")).status).toBe(400);
    expect((await staff.raw("GET", "/api/leads?limit=abc")).status).toBe(400);
  });

  it("pages through every change once, in order, while leads change between and during pages; deletions as tombstones", async () => {
    // The state a client builds from pages only, and what the server holds.
    const mirror = new Map<string, LeadItem>();
    const seen: string[] = [];
    let cursor: string | undefined;
    const apply = (p: Page<LeadItem>) => {
      for (const item of p.items) {
        seen.push(`${item.id}@${item.updatedAt}:${item.notes}`);
        mirror.set(item.id, item);
      }
      for (const t of p.deleted) mirror.delete(t.id);
      cursor = p.nextCursor;
    };
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(((await staff.raw("POST", "/api/leads", lead(`a${i}`))).body as { id: string }).id);

    let round = 0;
    for (;;) {
      const p = await page("/api/leads", { limit: 5, includeDeleted: true, ...(cursor ? { cursor } : {}) });
      apply(p);
      // Between pages: new leads, changes to leads already read and not yet read, a deletion, and
      // writes racing the next page's read.
      round += 1;
      if (round <= 4) {
        const racing = [
          staff.raw("POST", "/api/leads", lead(`r${round}`)),
          staff.raw("PATCH", `/api/leads/${ids[round]}`, { notes: `round ${round}` }),
          staff.raw("PATCH", `/api/leads/${ids[11 - round]}`, { notes: `late ${round}` }),
        ];
        if (round === 2) racing.push(staff.raw("DELETE", `/api/leads/${ids[0]}`));
        const next = page("/api/leads", { limit: 5, includeDeleted: true, cursor: cursor! });
        const answers = await Promise.all(racing);
        for (const a of answers) expect(a.status).toBe(200);
        apply(await next);
        continue;
      }
      if (!p.hasMore) break;
    }
    // Drain what the racing writes left.
    for (let p = await page("/api/leads", { limit: 5, includeDeleted: true, cursor: cursor! }); ;) {
      apply(p);
      if (!p.hasMore) break;
      p = await page("/api/leads", { limit: 5, includeDeleted: true, cursor: cursor! });
    }

    const server = (await staff.raw("GET", "/api/leads")).body as LeadItem[];
    const ours = (items: Iterable<LeadItem>) =>
      [...items]
        .filter((l) => l.name.startsWith("Sync Lead "))
        .map((l) => `${l.id}:${l.notes}:${l.updatedAt}`)
        .sort();
    expect(ours(mirror.values())).toEqual(ours(server));
    expect(mirror.has(ids[0]!)).toBe(false);
    // No version of a lead was answered twice.
    expect(new Set(seen).size).toBe(seen.length);

    // Up to date: the cursor answers nothing until something changes, then only that.
    const idle = await page("/api/leads", { limit: 5, includeDeleted: true, cursor: cursor! });
    expect(idle).toMatchObject({ items: [], deleted: [], hasMore: false, nextCursor: cursor });
    await staff.raw("PATCH", `/api/leads/${ids[5]}`, { status: "contacted" });
    const one = await page("/api/leads", { limit: 5, includeDeleted: true, cursor: cursor! });
    expect(one.items.map((l) => l.id)).toEqual([ids[5]]);
  });

  it("filters by updatedSince and leaves tombstones out unless asked", async () => {
    const before = ((await staff.raw("POST", "/api/leads", lead("old"))).body as { id: string }).id;
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const after = ((await staff.raw("POST", "/api/leads", lead("new"))).body as { id: string }).id;
    const gone = ((await staff.raw("POST", "/api/leads", lead("gone"))).body as { id: string }).id;
    await staff.raw("DELETE", `/api/leads/${gone}`);
    const p = await page("/api/leads", { updatedSince: since });
    expect(p.items.map((l) => l.id)).toContain(after);
    expect(p.items.map((l) => l.id)).not.toContain(before);
    expect(p.deleted).toEqual([]);
    const withDeleted = await page("/api/leads", { updatedSince: since, includeDeleted: true });
    expect(withDeleted.deleted.map((t) => t.id)).toEqual([gone]);
  });

  it("tells a crew member of their own leads' deletions only, never another lead's id", async () => {
    const crew = new ApiClient(srv.url);
    const joined = await registerInvited(admin, crew, "rest", newAccount("crew"), { role: "crew" });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const theirs = ((await staff.raw("POST", "/api/leads", lead("crew's"))).body as { id: string }).id;
    const other = ((await staff.raw("POST", "/api/leads", lead("office's"))).body as { id: string }).id;
    expect((await staff.raw("PATCH", `/api/leads/${theirs}`, { assignedTo: joined.body.id })).status).toBe(200);
    for (const id of [theirs, other]) expect((await staff.raw("DELETE", `/api/leads/${id}`)).status).toBe(200);

    const query = new URLSearchParams({ updatedSince: since, includeDeleted: "true" }).toString();
    const crewPage = await crew.raw("GET", `/api/leads?${query}`);
    expect(crewPage.status, JSON.stringify(crewPage.body)).toBe(200);
    expect((crewPage.body as Page<LeadItem>).deleted.map((t) => t.id)).toEqual([theirs]);
    // The office learns of both.
    expect((await page("/api/leads", { updatedSince: since, includeDeleted: true })).deleted.map((t) => t.id)).toEqual([theirs, other]);
  });

  it("pages contact submissions too: a conversion to a lead is a change of the submission", async () => {
    const start = await page("/api/contact-submissions", { limit: 100 });
    let cursor = start.nextCursor;
    const visitor = new ApiClient(srv.url);
    const sent = await visitor.raw("POST", "/api/contact", { name: "Sync Visitor", email: "sync-visitor@example.com", zipCode: "28801" });
    expect(sent.status).toBe(200);
    const p1 = (await page("/api/contact-submissions", { limit: 100, cursor })) as unknown as Page<{ id: string; leadId: string | null }>;
    expect(p1.items).toHaveLength(1);
    expect(p1.items[0]!.leadId).toBeNull();
    cursor = p1.nextCursor;
    expect((await staff.raw("POST", `/api/contact-submissions/${p1.items[0]!.id}/convert-to-lead`)).status).toBe(200);
    const p2 = (await page("/api/contact-submissions", { limit: 100, cursor })) as unknown as Page<{ id: string; leadId: string | null }>;
    expect(p2.items.map((s) => s.id)).toEqual([p1.items[0]!.id]);
    expect(p2.items[0]!.leadId).not.toBeNull();
  });

  it("serves the user's appointments and time blocks as iCalendar at a secret, revocable URL", async () => {
    expect((await staff.raw("GET", "/api/calendar/feed")).body).toEqual({ active: false, createdAt: null });
    const made = await staff.raw("POST", "/api/calendar/feed");
    expect(made.status).toBe(200);
    const url = new URL((made.body as { url: string }).url);
    expect(url.pathname).toBe("/api/calendar/ics");
    expect((await staff.raw("GET", "/api/calendar/feed")).body).toMatchObject({ active: true });

    // An appointment next week at 10:00 business time, with a note and a price that must not leave.
    const me = (await staff.raw("GET", "/api/user")).body as { id: string };
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const booked = await staff.raw("POST", "/api/leads", {
      ...lead("ics"),
      status: "scheduled",
      notes: "Gate code 4512 - staff only",
      estimatedValue: "8450",
      scheduledDate: `${day}T15:00:00.000Z`,
    });
    expect(booked.status).toBe(200);
    await srv.running.db.sql`UPDATE leads SET assigned_to = ${me.id} WHERE id = ${(booked.body as { id: string }).id}`;
    // A weekly block: each occurrence its own event.
    const block = await staff.raw("POST", "/api/time-blocks", {
      title: "Truck maintenance",
      startDateTime: `${day}T12:00:00.000Z`,
      endDateTime: `${day}T13:00:00.000Z`,
      blockType: "maintenance",
      isRecurring: true,
      recurringPattern: "weekly",
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).not.toContain("Gate code");
    expect(text).not.toContain("8450");
    const vcal = new ICAL.Component(ICAL.parse(text));
    const events = vcal.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
    const appointment = events.find((e) => e.summary.startsWith("Sync Lead ics"));
    expect(appointment).toBeDefined();
    expect(appointment!.startDate.toJSDate().toISOString()).toBe(`${day}T15:00:00.000Z`);
    const blocks = events.filter((e) => e.summary === "Truck maintenance");
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    expect(new Set(blocks.map((b) => b.uid)).size).toBe(blocks.length);
    expect(blocks[0]!.startDate.toJSDate().toISOString()).toBe(`${day}T12:00:00.000Z`);

    // A new URL replaces the old; revoking ends it.
    const again = new URL(((await staff.raw("POST", "/api/calendar/feed")).body as { url: string }).url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(again)).status).toBe(200);
    expect((await staff.raw("DELETE", "/api/calendar/feed")).status).toBe(200);
    expect((await fetch(again)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/calendar/ics`)).status).toBe(404);
  });
});
