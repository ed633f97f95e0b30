import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "@crawlguard/content";
import { ApiClient, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

// The homeowner's quote page (/quote/{token}) without JavaScript: server-rendered HTML whose forms
// post back to it, private and never indexed, with the CSP nonce on its only style and script.

const LINES = [
  { description: "Crawl space encapsulation, 20-mil liner", quantity: 1, unit: "each", unitPriceCents: 350_000 },
  { description: "Vapor barrier seams taped", quantity: 120.5, unit: "sq ft", unitPriceCents: 299 },
  { description: "Dehumidifier, 70-pint", quantity: 1, unit: "each", unitPriceCents: 129_900, optional: true },
];

describe("the homeowner's quote page", () => {
  let srv: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    const admin = new ApiClient(srv.url);
    await admin.call("rest", "auth.register", newAccount("admin"));
    staff = new ApiClient(srv.url);
    await registerInvited(admin, staff, "rest", newAccount("staff"));
  });
  afterAll(() => srv.stop());

  /** A sent quote ($3,860.30 − $100 + 7% tax = $4,023.52; with the dehumidifier $5,413.45). */
  async function sent() {
    const lead = await staff.call("rest", "leads.create", {
      name: "Dana Home",
      email: `dana${Math.random().toString(36).slice(2, 8)}@example.com`,
      zipCode: "28801",
      service: "crawl-space-encapsulation",
      notes: "STAFF-ONLY-NOTE: dog in the yard",
    });
    const draft = await staff.call("rest", "quotes.create", {
      leadId: lead.body.id,
      lines: LINES,
      discountCents: 10_000,
      taxRatePercent: 7,
      depositPercent: 25,
      messageToClient: "Here is the work we discussed.",
    });
    const quote = (await staff.call("rest", "quotes.send", { id: draft.body.id })).body as {
      id: string;
      clientUrl: string;
      lines: { id: string; optional: boolean }[];
    };
    const path = new URL(quote.clientUrl).pathname;
    return { quote, path, leadId: lead.body.id as string, addOn: quote.lines.find((l) => l.optional)!.id };
  }

  /** A form post as a browser sends it from the page itself (no script). */
  const post = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
    fetch(srv.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it("is private, never indexed, CSP-clean, and shows the quote with its exact texts", async () => {
    const { path } = await sent();
    const res = await fetch(srv.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    for (const tag of html.match(/<(script|style)\b[^>]*>/g) ?? []) {
      if (tag.includes('type="application/json"')) continue;
      expect(tag, tag).toContain(`nonce="${nonce}"`);
    }
    for (const text of [
      company.name,
      company.phone.display,
      "Dana Home",
      "Your full name",
      "Approve quote",
      "Request changes",
      "$4,023.52",
      "$1,005.88",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<input type="checkbox" id="addon-([^"]+)"[^>]*>\s*<label for="addon-\1">Dehumidifier, 70-pint<\/label>/);
    expect(html).toContain('<label class="field" for="signedName">Your full name</label>');
    expect(html).not.toContain("STAFF-ONLY-NOTE");
  });

  it("recalculates the total with the add-ons ticked (no script), then approves: 303 to the page, which says Quote approved", async () => {
    const { path, quote, addOn, leadId } = await sent();
    const recalculated = await post(path, [
      ["addOn", addOn],
      ["signedName", "Dana Home"],
      ["intent", "recalculate"],
    ]);
    expect(recalculated.status).toBe(200);
    const html = await recalculated.text();
    expect(html).toContain("$5,413.45");
    expect(html).toMatch(/id="addon-[^"]+"[^>]* checked/);
    expect(html).toContain('value="Dana Home"');

    const approved = await post(path, [
      ["addOn", addOn],
      ["signedName", "Dana Home"],
      ["intent", "approve"],
    ]);
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(path);
    const after = await (await fetch(srv.url + path)).text();
    expect(after).toContain("Quote approved");
    expect(after).toContain("Signed by Dana Home");
    expect(after).toContain("$5,413.45");
    expect(after).not.toContain("Approve quote");
    expect((await staff.call("rest", "quotes.get", { id: quote.id })).body.approval.totalCents).toBe(541_345);
    const leads = (await staff.call("rest", "leads.list")).body as { id: string; status: string }[];
    expect(leads.find((l) => l.id === leadId)?.status).toBe("won");

    const twice = await post(path, [
      ["signedName", "Dana Home"],
      ["intent", "approve"],
    ]);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This quote was already approved.");
  });

  it("keeps what was typed and says what is missing when the name is left out", async () => {
    const { path, addOn } = await sent();
    const res = await post(path, [
      ["addOn", addOn],
      ["signedName", ""],
      ["intent", "approve"],
    ]);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please type your full name to approve");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/id="addon-[^"]+"[^>]* checked/);
  });

  it("takes a change request: 303, then the page thanks the homeowner", async () => {
    const { path, quote } = await sent();
    const res = await post(path, [
      ["intent", "changes"],
      ["message", "Could you quote a smaller dehumidifier?"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}?changes=sent`);
    const html = await (await fetch(srv.url + res.headers.get("location")!)).text();
    expect(html).toContain("we received your request for changes");
    expect((await staff.call("rest", "quotes.get", { id: quote.id })).body.status).toBe("changes_requested");
  });

  it("refuses a post from another site, and answers an unknown link with a 404 page", async () => {
    const { path, quote } = await sent();
    const cross = await post(
      path,
      [
        ["signedName", "Mallory"],
        ["intent", "approve"],
      ],
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(cross.status).toBe(403);
    expect((await staff.call("rest", "quotes.get", { id: quote.id })).body.status).toBe("sent");
    const unknown = await fetch(`${srv.url}/quote/${"C".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(await unknown.text()).toContain("Quote not found");
  });
});
