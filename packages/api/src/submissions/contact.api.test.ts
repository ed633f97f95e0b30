import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "@crawlguard/content";
import { ApiClient, doors, newAccount, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

const SUCCESS = "Thank you! We received your request and will contact you within 24 hours.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let formCounter = 0;
/** A valid contact form, unique per call. */
function form(overrides: Record<string, unknown> = {}) {
  formCounter += 1;
  const n = `${formCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Pat Homeowner ${n}`,
    email: `pat${n}@example.com`,
    phone: "(828) 555-0100",
    address: "12 Main St, Asheville",
    zipCode: "28801",
    service: "crawl-space-encapsulation",
    message: `Musty smell under the house (${n})`,
    elapsedMs: 15_000,
    ...overrides,
  };
}

let ipCounter = 0;
/** A visitor from an address of its own (the servers trust X-Forwarded-For), so rate limits stay apart. */
function visitor(srv: TestServer) {
  ipCounter += 1;
  return new ApiClient(srv.url, { headers: { "x-forwarded-for": `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` } });
}

async function signedIn(srv: TestServer, door: Door) {
  const client = new ApiClient(srv.url);
  expect((await client.call(door, "auth.register", newAccount("staff"))).status).toBe(200);
  return client;
}

async function storedCount(srv: TestServer, email: string): Promise<number> {
  const [row] = await srv.running.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM contact_submissions WHERE lower(email) = lower(${email})`;
  return row?.n ?? 0;
}

describe.each(doors)("contact form and submissions through the %s door", (door) => {
  let srv: TestServer;
  let staff: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", CONTACT_MIN_SUBMIT_MS: "2000" });
    staff = await signedIn(srv, door);
  });
  afterAll(() => srv.stop());

  describe("contact.submit", () => {
    it("stores a valid submission with its attribution, blank optional fields as NULL", async () => {
      const input = form({
        address: "",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring-encapsulation",
        utmTerm: "",
        utmContent: "ad-1",
        referrer: "https://www.google.com/",
        landingPage: "/contact?utm_source=google",
      });
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: SUCCESS, id: expect.stringMatching(UUID), duplicate: false });
      const [row] = await srv.running.db.sql`SELECT * FROM contact_submissions WHERE email = ${input.email}`;
      expect(row).toMatchObject({
        id: res.body.id,
        name: input.name,
        phone: "(828) 555-0100",
        address: null,
        zipCode: "28801",
        service: "crawl-space-encapsulation",
        message: input.message,
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring-encapsulation",
        utmTerm: null,
        utmContent: "ad-1",
        referrer: "https://www.google.com/",
        landingPage: "/contact?utm_source=google",
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it("accepts the minimal form (no optional fields, no timing)", async () => {
      const input = { name: "Jo", email: `jo${randomUUID().slice(0, 8)}@example.com`, zipCode: "28803" };
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(200);
      expect(await storedCount(srv, input.email)).toBe(1);
    });

    it.each([
      ["name", "A", "Name must be at least 2 characters"],
      ["email", "not-an-email", "Please enter a valid email address"],
      ["zipCode", "288", "Zip code must be at least 5 characters"],
    ])("answers 400 naming %s when it is invalid, and stores nothing", async (field, value, message) => {
      const input = form({ [field]: value });
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${field}: ${message}`);
      const [row] = await srv.running.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM contact_submissions WHERE name = ${input.name} OR message = ${input.message}`;
      expect(row?.n).toBe(0);
    });

    it("answers a filled honeypot with the usual success but stores nothing", async () => {
      const input = form({ botTrap: "https://cheap-pills.example" });
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(200);
      // Shaped like a first submission's answer; its id names nothing.
      expect(res.body).toEqual({ success: true, message: SUCCESS, id: expect.stringMatching(UUID), duplicate: false });
      expect(await storedCount(srv, input.email)).toBe(0);
      expect(await srv.running.db.sql`SELECT 1 FROM contact_submissions WHERE id = ${res.body.id}`).toHaveLength(0);
    });

    it("stores a submission whose integrator also sends the customer's website (not the honeypot's name)", async () => {
      const input = form({ website: "https://smith-family.example" });
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res).toMatchObject({ status: 200, body: { success: true } });
      expect(await storedCount(srv, input.email)).toBe(1);
    });

    it("answers a form sent faster than a person could with success but stores nothing", async () => {
      const tooFast = form({ elapsedMs: 400 });
      const res = await visitor(srv).call(door, "contact.submit", tooFast);
      expect(res).toMatchObject({ status: 200, body: { success: true, message: SUCCESS } });
      expect(await storedCount(srv, tooFast.email)).toBe(0);
      const human = form({ elapsedMs: 2000 });
      expect((await visitor(srv).call(door, "contact.submit", human)).status).toBe(200);
      expect(await storedCount(srv, human.email)).toBe(1);
    });

    it("stores a repeated submission once, however its case and spacing differ, and says it is a repeat of which", async () => {
      const input = form();
      const client = visitor(srv);
      const first = await client.call(door, "contact.submit", input);
      expect(first.body).toEqual({ success: true, message: SUCCESS, id: expect.stringMatching(UUID), duplicate: false });
      const [row] = await srv.running.db.sql<{ id: string }[]>`SELECT id FROM contact_submissions WHERE email = ${input.email}`;
      expect(first.body.id).toBe(row!.id);
      const again = { ...input, email: input.email.toUpperCase(), name: `  ${input.name.toLowerCase()} `, phone: "828-555-0100" };
      const repeat = await client.call(door, "contact.submit", again);
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual({ success: true, message: SUCCESS, id: first.body.id, duplicate: true });
      expect(await storedCount(srv, input.email)).toBe(1);
      // A different message is a different request.
      const other = await client.call(door, "contact.submit", { ...input, message: "Also the basement" });
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ duplicate: false });
      expect(other.body.id).not.toBe(first.body.id);
      expect(await storedCount(srv, input.email)).toBe(2);
    });

    it("stores a double-click (identical requests at once) once", async () => {
      const input = form();
      const client = visitor(srv);
      const results = await Promise.all([client.call(door, "contact.submit", input), client.call(door, "contact.submit", input)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.message)).toEqual([SUCCESS, SUCCESS]);
      // One of them stored it, the other one names it.
      expect(results.map((r) => r.body.duplicate).sort()).toEqual([false, true]);
      expect(results[0].body.id).toBe(results[1].body.id);
      expect(await storedCount(srv, input.email)).toBe(1);
      // From separate addresses the per-IP limiter does not queue them: only the fingerprint lock does.
      const again = form();
      const spread = await Promise.all([0, 1, 2, 3].map(() => visitor(srv).call(door, "contact.submit", again)));
      expect(spread.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await storedCount(srv, again.email)).toBe(1);
    });

    it("limits each IP to 5 submissions in 10 minutes (429 with the phone number)", async () => {
      const client = visitor(srv);
      for (let i = 0; i < 5; i++) expect((await client.call(door, "contact.submit", form())).status).toBe(200);
      const over = form();
      const res = await client.call(door, "contact.submit", over);
      expect(res.status).toBe(429);
      expect(res.body.message).toContain(company.phone.display);
      expect(await storedCount(srv, over.email)).toBe(0);
      // Another visitor is not affected.
      expect((await visitor(srv).call(door, "contact.submit", form())).status).toBe(200);
    });
  });

  describe("submissions.list", () => {
    it("answers 401 to a logged-out visitor", async () => {
      const res = await new ApiClient(srv.url).call(door, "submissions.list");
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("You must be logged in");
    });

    it("lists every stored field, newest first, with the converted lead", async () => {
      // A number no other test's lead has: no existing lead.
      const phone = door === "rest" ? "(704) 555-0142" : "(704) 555-0143";
      const older = form({ phone, utmSource: "newsletter", referrer: "https://mail.example/", landingPage: "/" });
      const newer = form({ phone: "", service: "" });
      await visitor(srv).call(door, "contact.submit", older);
      await visitor(srv).call(door, "contact.submit", newer);
      const res = await staff.call(door, "submissions.list");
      expect(res.status).toBe(200);
      const list = res.body as { id: string; email: string; createdAt: string; leadId: string | null }[];
      const times = list.map((s) => Date.parse(s.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const iNewer = list.findIndex((s) => s.email === newer.email);
      const iOlder = list.findIndex((s) => s.email === older.email);
      expect(iNewer).toBeGreaterThanOrEqual(0);
      expect(iNewer).toBeLessThan(iOlder);
      expect(list[iOlder]).toEqual({
        id: expect.any(String),
        name: older.name,
        email: older.email,
        phone: older.phone,
        address: older.address,
        zipCode: "28801",
        service: "crawl-space-encapsulation",
        message: older.message,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
        referrer: "https://mail.example/",
        landingPage: "/",
        leadId: null,
        // Sent by the website's form, not by an API key (ADR 029).
        source: null,
        existingLead: null,
      });
      expect(list[iNewer]).toMatchObject({ phone: null, service: null });

      const converted = await staff.call(door, "submissions.convertToLead", { id: list[iOlder]!.id });
      const after = (await staff.call(door, "submissions.list")).body as { id: string; leadId: string | null }[];
      expect(after.find((s) => s.id === list[iOlder]!.id)?.leadId).toBe(converted.body.lead.id);
    });
  });

  describe("submissions.convertToLead", () => {
    async function submitted(overrides: Record<string, unknown> = {}) {
      const input = form(overrides);
      expect((await visitor(srv).call(door, "contact.submit", input)).status).toBe(200);
      const [row] = await srv.running.db.sql<{ id: string }[]>`SELECT id FROM contact_submissions WHERE email = ${input.email}`;
      return { input, id: row!.id };
    }

    async function leadsOf(submissionId: string): Promise<number> {
      const [row] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM leads WHERE submission_id = ${submissionId}`;
      return row?.n ?? 0;
    }

    it("answers 401 logged out and 404 for an unknown submission", async () => {
      const { id } = await submitted();
      expect((await new ApiClient(srv.url).call(door, "submissions.convertToLead", { id })).status).toBe(401);
      const res = await staff.call(door, "submissions.convertToLead", { id: randomUUID() });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Contact submission not found");
      expect(await leadsOf(id)).toBe(0);
    });

    it("copies the contact details, maps the service and takes the source from utm_source", async () => {
      const { input, id } = await submitted({ utmSource: "Google", utmMedium: "cpc", service: "basement-waterproofing" });
      const res = await staff.call(door, "submissions.convertToLead", { id });
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(true);
      expect(res.body.lead).toEqual({
        id: expect.any(String),
        name: input.name,
        email: input.email,
        phone: input.phone,
        address: input.address,
        zipCode: input.zipCode,
        service: "basement",
        status: "new",
        priority: "medium",
        source: "google",
        notes: input.message,
        estimatedValue: null,
        scheduledDate: null,
        googleCalendarEventId: null,
        submissionId: id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        durationMinutes: 60,
        assigneeName: null,
        assignedTo: null,
      });
      const timeline = await staff.call(door, "leads.timeline", { id: res.body.lead.id });
      expect(timeline.body).toEqual([expect.objectContaining({ kind: "converted", from: null, to: "new", actorName: expect.any(String) })]);
      // Converting again returns the same lead and records nothing more.
      await staff.call(door, "submissions.convertToLead", { id });
      expect((await staff.call(door, "leads.timeline", { id: res.body.lead.id })).body).toHaveLength(1);
    });

    it.each([
      [{ referrer: "https://l.facebook.com/l.php?u=x", service: "insulation-dehumidification" }, "facebook", "crawl-space"],
      [{ utmSource: "ig", service: "other" }, "facebook", "consultation"],
      [{ landingPage: "/contact?gclid=Cj0abc", service: "" }, "google", "consultation"],
      [{ referrer: "https://www.google.com/", service: "sump-pump" }, "google", "sump-pump"],
      [{ referrer: "https://neighbors.example/", utmSource: "flyer", service: "french-drain" }, "website", "french-drain"],
    ])("derives source and lead service from %o", async (overrides, source, service) => {
      const { id } = await submitted(overrides);
      const res = await staff.call(door, "submissions.convertToLead", { id });
      expect(res.body.lead).toMatchObject({ source, service });
    });

    it("converting twice returns the same lead, never a second one", async () => {
      const { id } = await submitted();
      const first = await staff.call(door, "submissions.convertToLead", { id });
      const second = await staff.call(door, "submissions.convertToLead", { id });
      expect(first.body.created).toBe(true);
      expect(second.status).toBe(200);
      expect(second.body.created).toBe(false);
      expect(second.body.lead.id).toBe(first.body.lead.id);
      expect(await leadsOf(id)).toBe(1);
    });

    it("two conversions at once create one lead", async () => {
      const { id } = await submitted();
      const results = await Promise.all([
        staff.call(door, "submissions.convertToLead", { id }),
        staff.call(door, "submissions.convertToLead", { id }),
        staff.call(door, "submissions.convertToLead", { id }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(results.map((r) => r.body.lead.id)).size).toBe(1);
      expect(results.filter((r) => r.body.created)).toHaveLength(1);
      expect(await leadsOf(id)).toBe(1);
    });

    it("reports other leads with the same email (any case) or phone number", async () => {
      const { input, id } = await submitted({ phone: "828.555.0177" });
      const byEmail = await staff.call(door, "leads.create", {
        name: "Earlier",
        email: input.email.toUpperCase(),
        zipCode: "28801",
        service: "crawl-space",
      });
      const byPhone = await staff.call(door, "leads.create", {
        name: "Spouse",
        email: `other${id.slice(0, 6)}@example.com`,
        phone: "+1 (828) 555-0177",
        zipCode: "28801",
        service: "basement",
      });
      await staff.call(door, "leads.create", {
        name: "Unrelated",
        email: `x${id.slice(0, 6)}@example.com`,
        phone: "828-555-0999",
        zipCode: "28801",
        service: "basement",
      });
      const res = await staff.call(door, "submissions.convertToLead", { id });
      expect(res.status).toBe(200);
      const ids = (res.body.duplicates as { id: string }[]).map((d) => d.id).sort();
      expect(ids).toEqual([byEmail.body.id, byPhone.body.id].sort());
      expect(res.body.duplicates).toContainEqual({
        id: byPhone.body.id,
        name: "Spouse",
        email: byPhone.body.email,
        phone: "+1 (828) 555-0177",
        status: "new",
      });
    });

    if (door === "rest") {
      it("accepts the call with no body at all, as the dashboard sends it", async () => {
        const { id } = await submitted();
        const res = await staff.raw("POST", `/api/contact-submissions/${id}/convert-to-lead`);
        expect(res.status).toBe(200);
        expect((res.body as { created: boolean }).created).toBe(true);
      });
    }
  });
});

describe.each(doors)("Add to this lead through the %s door", (door) => {
  let srv: TestServer;
  let staff: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", CONTACT_MIN_SUBMIT_MS: "2000" });
    staff = await signedIn(srv, door);
  });
  afterAll(() => srv.stop());

  async function submitted(overrides: Record<string, unknown> = {}) {
    const input = form(overrides);
    expect((await visitor(srv).call(door, "contact.submit", input)).status).toBe(200);
    const [row] = await srv.running.db.sql<{ id: string }[]>`SELECT id FROM contact_submissions WHERE email = ${input.email}`;
    return { input, id: row!.id };
  }

  async function lead(overrides: Record<string, unknown> = {}) {
    const res = await staff.call(door, "leads.create", {
      name: "Earlier Lead",
      email: `earlier${Math.random().toString(36).slice(2, 8)}@example.com`,
      zipCode: "28801",
      service: "crawl-space",
      notes: "Called in March about a wet crawl space.",
      ...overrides,
    });
    expect(res.status).toBe(200);
    return res.body as { id: string; email: string; notes: string | null; updatedAt: string };
  }

  it("shows the matching leads before converting: same email (any case) or same phone digits, none else", async () => {
    const { input, id } = await submitted({ phone: "828.555.0144" });
    const byEmail = await lead({ email: input.email.toUpperCase() });
    const byPhone = await lead({ phone: "+1 (828) 555-0144" });
    await lead({ phone: "828-555-0999" });
    const res = await staff.call(door, "submissions.matchingLeads", { id });
    expect(res.status).toBe(200);
    expect((res.body as { id: string }[]).map((m) => m.id).sort()).toEqual([byEmail.id, byPhone.id].sort());
    expect(res.body).toContainEqual({
      id: byPhone.id,
      name: "Earlier Lead",
      email: byPhone.email,
      phone: "+1 (828) 555-0144",
      status: "new",
    });
    // Nothing was converted by asking.
    expect((await staff.call(door, "submissions.list")).body.find((s: { id: string }) => s.id === id).leadId).toBeNull();

    expect((await new ApiClient(srv.url).call(door, "submissions.matchingLeads", { id })).status).toBe(401);
    const unknown = await staff.call(door, "submissions.matchingLeads", { id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Contact submission not found");
    expect((await staff.call(door, "submissions.matchingLeads", { id: "nope" })).status).toBe(400);
  });

  it("adds the message to the lead's notes and timeline and marks the submission converted, in one go", async () => {
    const { input, id } = await submitted();
    const target = await lead({ email: input.email });
    const res = await staff.call(door, "submissions.addToLead", { id, leadId: target.id });
    expect(res.status).toBe(200);
    expect(res.body.added).toBe(true);
    expect(res.body.lead).toMatchObject({
      id: target.id,
      name: "Earlier Lead",
      notes: `Called in March about a wet crawl space.\n\n${input.message}`,
      submissionId: null,
      status: "new",
    });
    expect(Date.parse(res.body.lead.updatedAt)).toBeGreaterThanOrEqual(Date.parse(target.updatedAt));

    const list = (await staff.call(door, "submissions.list")).body as { id: string; leadId: string | null }[];
    expect(list.find((s) => s.id === id)?.leadId).toBe(target.id);
    const timeline = (await staff.call(door, "leads.timeline", { id: target.id })).body as { kind: string; to: string | null }[];
    expect(timeline.map((e) => e.kind)).toEqual(["created", "submission"]);
    expect(timeline[1]).toMatchObject({ from: null, to: input.message, actorName: expect.any(String) });
    // No lead was made from it.
    const [made] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM leads WHERE submission_id = ${id}`;
    expect(made!.n).toBe(0);

    // Again (or Convert to Lead afterwards): the same lead, nothing added twice, no new lead.
    const again = await staff.call(door, "submissions.addToLead", { id, leadId: target.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ added: false, lead: { id: target.id, notes: res.body.lead.notes } });
    const converted = await staff.call(door, "submissions.convertToLead", { id });
    expect(converted.body).toMatchObject({ created: false, lead: { id: target.id } });
    expect((await staff.call(door, "leads.timeline", { id: target.id })).body).toHaveLength(2);
  });

  it("a lead without notes takes the message as its notes; a submission without a message still joins the timeline", async () => {
    const { input, id } = await submitted();
    const bare = await lead({ notes: "" });
    const res = await staff.call(door, "submissions.addToLead", { id, leadId: bare.id });
    expect(res.body.lead.notes).toBe(input.message);

    const silent = await submitted({ message: "" });
    const other = await lead();
    const joined = await staff.call(door, "submissions.addToLead", { id: silent.id, leadId: other.id });
    expect(joined.body).toMatchObject({ added: true, lead: { notes: "Called in March about a wet crawl space." } });
    const timeline = (await staff.call(door, "leads.timeline", { id: other.id })).body as { kind: string; to: string | null }[];
    expect(timeline.at(-1)).toMatchObject({ kind: "submission", to: null });
  });

  it("a converted submission is not added to another lead: the answer names its lead and nothing changes", async () => {
    const { id } = await submitted();
    const made = await staff.call(door, "submissions.convertToLead", { id });
    const other = await lead();
    const res = await staff.call(door, "submissions.addToLead", { id, leadId: other.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: false, lead: { id: made.body.lead.id } });
    const [row] = await srv.running.db.sql<{ notes: string | null }[]>`SELECT notes FROM leads WHERE id = ${other.id}`;
    expect(row!.notes).toBe("Called in March about a wet crawl space.");
    expect((await staff.call(door, "leads.timeline", { id: other.id })).body).toHaveLength(1);
  });

  it("refuses with a message and writes nothing: unknown submission or lead, bad ids, logged out, notes too long", async () => {
    const { input, id } = await submitted({ message: "x".repeat(3000) });
    const target = await lead({ notes: "y".repeat(2500) });
    const unknownLead = await staff.call(door, "submissions.addToLead", { id, leadId: randomUUID() });
    expect(unknownLead.status).toBe(404);
    expect(unknownLead.body.message).toBe("Lead not found");
    const unknownSubmission = await staff.call(door, "submissions.addToLead", { id: randomUUID(), leadId: target.id });
    expect(unknownSubmission.status).toBe(404);
    expect(unknownSubmission.body.message).toBe("Contact submission not found");
    const badId = await staff.call(door, "submissions.addToLead", { id, leadId: 42 });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toEqual(expect.any(String));
    expect((await new ApiClient(srv.url).call(door, "submissions.addToLead", { id, leadId: target.id })).status).toBe(401);

    const tooLong = await staff.call(door, "submissions.addToLead", { id, leadId: target.id });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(
      "This lead's notes and the message together would be longer than 5,000 characters. Shorten the lead's notes first, or create a new lead.",
    );
    const [row] = await srv.running.db.sql<{ addedToLeadId: string | null }[]>`
      SELECT added_to_lead_id FROM contact_submissions WHERE id = ${id}`;
    expect(row!.addedToLeadId).toBeNull();
    expect((await staff.call(door, "leads.timeline", { id: target.id })).body).toHaveLength(1);
    expect(input.message).toHaveLength(3000);
  });

  it("is all or nothing: when the timeline entry fails, the notes and the submission stay as they were", async () => {
    const { id } = await submitted();
    const target = await lead();
    // Make the timeline refuse this entry kind for a moment: the whole change must roll back.
    await srv.running.db.sql`ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check`;
    await srv.running.db.sql`ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check CHECK (kind <> 'submission') NOT VALID`;
    try {
      const res = await staff.call(door, "submissions.addToLead", { id, leadId: target.id });
      expect(res.status).toBe(500);
    } finally {
      await srv.running.db.sql`ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check`;
      await srv.running.db.sql`ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
        CHECK (kind IN ('created', 'converted', 'status', 'value', 'schedule', 'notes', 'priority', 'assignee', 'submission'))`;
    }
    const [leadRow] = await srv.running.db.sql<{ notes: string | null }[]>`SELECT notes FROM leads WHERE id = ${target.id}`;
    expect(leadRow!.notes).toBe("Called in March about a wet crawl space.");
    const [sub] = await srv.running.db.sql<
      { addedToLeadId: string | null }[]
    >`SELECT added_to_lead_id FROM contact_submissions WHERE id = ${id}`;
    expect(sub!.addedToLeadId).toBeNull();
    // And it works once the timeline takes it again.
    expect((await staff.call(door, "submissions.addToLead", { id, leadId: target.id })).body.added).toBe(true);
  });
});

/** A stand-in for Cloudflare's siteverify: "good" passes, "boom" is a 500, "hangup" drops the connection. */
async function startFakeSiteverify() {
  const calls: { contentType: string | undefined; params: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      calls.push({ contentType: req.headers["content-type"], params });
      if (params.response === "hangup") return req.socket.destroy();
      if (params.response === "boom") return res.writeHead(500).end("oops");
      const success = params.secret === "test-secret" && params.response === "good";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(success ? { success } : { success, "error-codes": ["invalid-input-response"] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("contact.submit with bot verification (Turnstile) configured", () => {
  let srv: TestServer;
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    srv = await startTestServer({ TRUST_PROXY: "1", TURNSTILE_SECRET_KEY: "test-secret", TURNSTILE_VERIFY_URL: siteverify.url });
  });
  afterAll(async () => {
    await srv.stop();
    await siteverify.close();
  });

  it.each(doors)("stores a submission with a valid token, sending secret, token and IP form-encoded (%s)", async (door) => {
    const input = form({ turnstileToken: "good" });
    const client = new ApiClient(srv.url, { headers: { "x-forwarded-for": "192.0.2.77" } });
    const res = await client.call(door, "contact.submit", input);
    expect(res).toMatchObject({ status: 200, body: { success: true, message: SUCCESS } });
    expect(await storedCount(srv, input.email)).toBe(1);
    expect(siteverify.calls.at(-1)).toEqual({
      contentType: "application/x-www-form-urlencoded",
      params: { secret: "test-secret", response: "good", remoteip: "192.0.2.77" },
    });
  });

  it.each(doors)("refuses a missing or rejected token with 400 and stores nothing (%s)", async (door) => {
    for (const token of [undefined, "forged"]) {
      const input = form(token ? { turnstileToken: token } : {});
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Bot verification failed. Please try again.");
      expect(await storedCount(srv, input.email)).toBe(0);
    }
  });

  it.each(doors)("answers 503 with a message when the verifier fails or cannot be reached (%s)", async (door) => {
    for (const token of ["boom", "hangup"]) {
      const input = form({ turnstileToken: token });
      const res = await visitor(srv).call(door, "contact.submit", input);
      expect(res.status).toBe(503);
      expect(res.body.message).toContain(company.phone.display);
      expect(await storedCount(srv, input.email)).toBe(0);
    }
  });
});
