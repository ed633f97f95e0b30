import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * Reading for integrations: one lead or submission by id, the list calls' filters (array and paged
 * forms, combinable), the array's sort, the paged forms' own paths, and an unknown query parameter
 * answered 400 with its name instead of the whole list.
 */

interface Lead {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  status: string;
  source: string;
  assignedTo: string | null;
  scheduledDate: string | null;
  createdAt: string;
  updatedAt: string;
}
interface Page<T> {
  items: T[];
  deleted: unknown[];
  nextCursor: string;
  hasMore: boolean;
}

describe.each(doors)("reading leads and submissions through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let staff: ApiClient;
  let staffId: string;
  const tag = Math.random().toString(36).slice(2, 8);
  const leads: Record<string, Lead> = {};

  const create = async (key: string, input: Record<string, unknown>) => {
    const res = await admin.call(door, "leads.create", {
      zipCode: "28801",
      service: "crawl-space-encapsulation",
      email: `${key}-${tag}@example.com`,
      ...input,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    leads[key] = res.body as Lead;
    return res.body as Lead;
  };
  const list = async (input: Record<string, unknown> = {}) => {
    const res = await admin.call<Lead[]>(door, "leads.list", input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    return res.body.filter((l) => l.email.endsWith(`-${tag}@example.com`));
  };
  const keys = (found: Lead[]) => found.map((l) => Object.entries(leads).find(([, v]) => v.id === l.id)?.[0] ?? l.id);

  beforeAll(async () => {
    srv = await startTestServer({ BUSINESS_TIME_ZONE: "America/New_York" });
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, door, newAccount("staff"))).status).toBe(200);
    staffId = (await staff.call(door, "auth.me")).body.id as string;

    await create("ada", { name: `Ada Zimmer ${tag}`, phone: "(828) 555-0101", status: "new", source: "google" });
    await create("bo", {
      name: `bo Young ${tag}`,
      phone: "828.555.0202",
      status: "scheduled",
      source: "referral",
      scheduledDate: "2026-06-01T13:00:00.000Z",
    });
    await create("cy", {
      name: `Cy Abbot ${tag}`,
      status: "won",
      source: "google",
      // 23:30 in New York on June 1st: still June 1st in the business time zone.
      scheduledDate: "2026-06-02T03:30:00.000Z",
    });
    await create("di", { name: `Di 50%_off ${tag}`, status: "lost", source: "phone", scheduledDate: "2026-06-03T14:00:00.000Z" });
    // Assigned as a booking or an assignment would (a change of the lead, so cy changed last).
    await srv.running.db.sql`UPDATE leads SET assigned_to = ${staffId}, updated_at = now() WHERE id = ${leads.cy!.id}`;
  });
  afterAll(() => srv.stop());

  it("answers one lead by id, and 404 for an unknown id", async () => {
    const one = await staff.call(door, "leads.get", { id: leads.bo!.id });
    expect(one.status).toBe(200);
    expect(one.body).toEqual((await list()).find((l) => l.id === leads.bo!.id));
    const missing = await staff.call(door, "leads.get", { id: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Lead not found");
    expect((await staff.call(door, "leads.get", { id: "nope" })).status).toBe(400);
    // The paths beside it still answer their own operations.
    expect((await staff.call(door, "leads.duplicates", { email: `ada-${tag}@example.com` })).body).toHaveLength(1);
  });

  it("filters the array by status (a comma list), source, assignee, text and appointment range, combined", async () => {
    expect(keys(await list({ status: "new,won" }))).toEqual(["cy", "ada"]);
    expect(keys(await list({ source: "google" }))).toEqual(["cy", "ada"]);
    expect(keys(await list({ source: "google", status: "won" }))).toEqual(["cy"]);
    expect(keys(await list({ assignedTo: staffId }))).toEqual(["cy"]);
    expect(keys(await list({ assignedTo: "none" }))).toEqual(["di", "bo", "ada"]);
    // Text: name or email (any case), phone by its digits, and % or _ taken literally.
    expect(keys(await list({ q: `BO YOUNG` }))).toEqual(["bo"]);
    expect(keys(await list({ q: `ada-${tag}@EXAMPLE` }))).toEqual(["ada"]);
    expect(keys(await list({ q: "555-0202" }))).toEqual(["bo"]);
    expect(keys(await list({ q: "50%_" }))).toEqual(["di"]);
    expect(keys(await list({ q: "5%" }))).toEqual([]);
    // A day is read in the business time zone (America/New_York), its end included.
    expect(keys(await list({ scheduledFrom: "2026-06-01", scheduledTo: "2026-06-01" }))).toEqual(["cy", "bo"]);
    expect(keys(await list({ scheduledFrom: "2026-06-02" }))).toEqual(["di"]);
    expect(keys(await list({ scheduledFrom: "2026-06-01T13:00:00Z", scheduledTo: "2026-06-02T03:30:00Z" }))).toEqual(["cy", "bo"]);
    expect(keys(await list({ scheduledTo: "2026-06-01T12:59:59Z" }))).toEqual([]);
  });

  it("sorts the array by name, createdAt, updatedAt or scheduledDate, either way", async () => {
    expect(keys(await list({ sort: "name" }))).toEqual(["ada", "bo", "cy", "di"]);
    expect(keys(await list({ sort: "-name" }))).toEqual(["di", "cy", "bo", "ada"]);
    expect(keys(await list({ sort: "createdAt" }))).toEqual(["ada", "bo", "cy", "di"]);
    expect(keys(await list({ sort: "-createdAt" }))).toEqual(["di", "cy", "bo", "ada"]);
    expect(keys(await list({ sort: "-updatedAt" }))[0]).toBe("cy");
    expect(keys(await list({ sort: "scheduledDate" }))).toEqual(["bo", "cy", "di", "ada"]);
    expect(keys(await list({ sort: "-scheduledDate" }))).toEqual(["di", "cy", "bo", "ada"]);
    expect(keys(await list({ sort: "name", status: "won,lost,new" }))).toEqual(["ada", "cy", "di"]);
  });

  it("refuses a filter's unknown value, naming the parameter", async () => {
    for (const [input, field] of [
      [{ status: "archived" }, "status"],
      [{ status: "new,," }, null],
      [{ source: "fax" }, "source"],
      [{ assignedTo: "bob" }, "assignedTo"],
      [{ scheduledFrom: "June 1" }, "scheduledFrom"],
      [{ sort: "priority" }, "sort"],
      [{ q: " " }, null],
      [{ q: "x".repeat(101) }, "q"],
    ] as const) {
      const res = await admin.call(door, "leads.list", input);
      if (field === null) {
        expect(res.status, JSON.stringify(input)).toBe(200);
        continue;
      }
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const sorted = await admin.call(door, "leads.list", { sort: "name", limit: 5 });
    expect(sorted.status).toBe(400);
    expect(sorted.body.message).toMatch(/^sort: A page of changes is always in the order of the changes/);
  });

  it("pages the filtered leads in commit order, on the paged path and on the list's old parameters", async () => {
    const first = await admin.call<Page<Lead>>(door, "leads.page", { limit: 1, status: "new,won,lost", q: tag });
    expect(first.status).toBe(200);
    expect(keys(first.body.items)).toEqual(["ada"]);
    expect(first.body.hasMore).toBe(true);
    const rest = await admin.call<Page<Lead>>(door, "leads.page", {
      limit: 10,
      status: "new,won,lost",
      q: tag,
      cursor: first.body.nextCursor,
    });
    // cy changed last (its assignee), after di was created.
    expect(keys(rest.body.items)).toEqual(["di", "cy"]);
    expect(rest.body.hasMore).toBe(false);
    const old = await admin.call<Page<Lead>>(door, "leads.list", { limit: 10, status: "new,won,lost", q: tag });
    expect(old.status).toBe(200);
    expect(keys(old.body.items)).toEqual(["ada", "di", "cy"]);
    // The paged path takes no sort.
    const sorted = await admin.call(door, "leads.page", { sort: "name" });
    if (door === "rest") expect(sorted.status).toBe(400);
  });

  it("reads one submission by id, and filters submissions by state and text on both forms", async () => {
    const anon = new ApiClient(srv.url);
    const sent = [];
    for (const who of ["Quinn", "Rae"]) {
      const res = await anon.call(door, "contact.submit", {
        name: `${who} Sender ${tag}`,
        email: `${who.toLowerCase()}-${tag}@example.com`,
        phone: who === "Rae" ? "919-555-0303" : undefined,
        zipCode: "28801",
        message: "Damp",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      sent.push(res.body.id as string);
    }
    expect((await admin.call(door, "submissions.convertToLead", { id: sent[0] })).status).toBe(200);
    const one = await admin.call(door, "submissions.get", { id: sent[0] });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: sent[0], name: `Quinn Sender ${tag}`, leadId: expect.any(String) });
    expect((await admin.call(door, "submissions.get", { id: randomUUID() })).status).toBe(404);

    const names = async (input: Record<string, unknown>) => {
      const res = await admin.call<{ name: string }[]>(door, "submissions.list", input);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.map((s) => s.name).filter((n) => n.endsWith(tag));
    };
    expect(await names({ q: tag })).toEqual([`Rae Sender ${tag}`, `Quinn Sender ${tag}`]);
    expect(await names({ q: tag, status: "new" })).toEqual([`Rae Sender ${tag}`]);
    expect(await names({ q: tag, status: "converted" })).toEqual([`Quinn Sender ${tag}`]);
    expect(await names({ q: tag, status: "new,converted" })).toHaveLength(2);
    expect(await names({ q: "5550303" })).toEqual([`Rae Sender ${tag}`]);
    const page = await admin.call<Page<{ name: string }>>(door, "submissions.page", { q: tag, status: "new" });
    expect(page.body.items.map((s) => s.name)).toEqual([`Rae Sender ${tag}`]);
    const bad = await admin.call(door, "submissions.list", { status: "open" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: Unknown value "open"/);
  });
});

describe("unknown query parameters at the REST door", () => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("answers 400 naming each unknown parameter, on every operation, instead of ignoring it", async () => {
    const typo = await admin.raw("GET", "/api/leads?limt=5");
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^limt: Unknown query parameter \(this call takes /),
    });
    expect((typo.body as { message: string }).message).toContain("limit");
    const two = await admin.raw("GET", "/api/contact-submissions?stauts=won&status=new&x=1");
    expect(two.status).toBe(400);
    expect((two.body as { message: string }).message).toMatch(/^stauts: Unknown query parameter .*; x: Unknown query parameter/);
    // An operation without parameters, one with a path parameter, and a change (its input is its body).
    expect((await admin.raw("GET", "/api/user?verbose=1")).status).toBe(400);
    const one = await admin.raw("GET", `/api/leads/${randomUUID()}?id=1&expand=all`);
    expect(one.status).toBe(400);
    expect((one.body as { message: string }).message).toMatch(/^id: Unknown .*; expand: Unknown/);
    expect((await admin.raw("POST", "/api/logout?next=/", undefined)).status).toBe(400);
    // Known parameters still answer.
    expect((await admin.raw("GET", "/api/leads?status=new&sort=name")).status).toBe(200);
    expect((await admin.raw("GET", "/api/leads/page?limit=5")).status).toBe(200);
    // The tRPC door takes its input as JSON in `input`, as before.
    expect((await admin.raw("GET", `/trpc/leads.list?input=${encodeURIComponent(JSON.stringify({ status: "new" }))}`)).status).toBe(200);
  });
});
