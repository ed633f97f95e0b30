import { company } from "@crawlguard/content";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors } from "@crawlguard/testing/harness";
import { newLead, sentQuote, startQuoteWorld, type QuoteWorld } from "./quote-test-setup.js";

/** The PDF's text as a reader extracts it (pdf.js through unpdf), its lines joined by spaces. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** The homeowner's side of a quote through both doors: what they see, approving once, asking for changes, the PDF. */
describe.each(doors)("a sent quote from the homeowner's side, through the %s door", (door) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    w = await startQuoteWorld(door);
  });
  afterAll(() => w.srv.stop());

  it("shows the company, lines, totals, deposit, validity and message; never staff notes or internal fields", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const view = await w.homeowner.call(door, "clientQuotes.get", { token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      number: quote.number,
      status: "sent",
      company: { name: company.name, phone: company.phone.display, address: company.address.full },
      clientName: lead.name,
      serviceAddress: "12 Oak St, Asheville, NC",
      totalCents: 402_352,
      depositCents: 100_588,
      validUntil: quote.validUntil,
      messageToClient: "Thanks for having us out. Here is the work we discussed.",
      approval: null,
      newerUrl: null,
    });
    const text = JSON.stringify(view.body);
    expect(text).not.toContain("STAFF-ONLY-NOTE");
    expect(text).not.toContain(lead.id);
    expect(text).not.toContain("priceBookItemId");
    expect(text).not.toContain("estimatedValue");
    const unknown = await w.homeowner.call(door, "clientQuotes.get", { token: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect((await w.homeowner.call(door, "clientQuotes.get", { token: "short" })).status).toBe(400);
  });

  it("records the first view by the homeowner, not a signed-in staff member's", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    await w.staff.call(door, "clientQuotes.get", { token });
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.viewedAt).toBeNull();
    await w.homeowner.call(door, "clientQuotes.get", { token });
    const first = (await w.staff.call(door, "quotes.get", { id: quote.id })).body.viewedAt as string;
    expect(first).not.toBeNull();
    await w.homeowner.call(door, "clientQuotes.get", { token });
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.viewedAt).toBe(first);
  });

  it("approves once with the add-ons chosen: totals recomputed, the lead won at the approved total", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const dehumidifier = quote.lines.find((l) => l.description.startsWith("Dehumidifier"))!;
    const approved = await w.homeowner.call(door, "clientQuotes.approve", {
      token,
      signedName: "  Dana Q. Home ",
      acceptedOptionalLineIds: [dehumidifier.id],
    });
    expect(approved.status).toBe(200);
    // 386,030 + 129,900 − 10,000 = 505,930; tax 7% = 35,415; total 541,345; deposit 25% = 135,336.
    expect(approved.body).toMatchObject({
      status: "approved",
      approval: {
        signedName: "Dana Q. Home",
        acceptedOptionalLineIds: [dehumidifier.id],
        totalCents: 541_345,
        depositCents: 135_336,
        approvedAt: expect.any(String),
      },
    });
    const staffView = (await w.staff.call(door, "quotes.get", { id: quote.id })).body;
    expect(staffView).toMatchObject({ status: "approved", approvedAt: expect.any(String), approval: approved.body.approval });
    const [row] = await w.srv.running.db.sql<{ approval: { clientAddress: string; taxCents: number } }[]>`
      SELECT approval FROM quotes WHERE id = ${quote.id}`;
    expect(row!.approval).toMatchObject({ clientAddress: expect.stringMatching(/127\.0\.0\.1/), taxCents: 35_415 });
    const leads = (await w.staff.call(door, "leads.list")).body as { id: string; status: string; estimatedValue: string }[];
    expect(leads.find((l) => l.id === lead.id)).toMatchObject({ status: "won", estimatedValue: "5413.45" });
    const timeline = (await w.staff.call(door, "leads.timeline", { id: lead.id })).body as {
      kind: string;
      to: string;
      actorName: string;
    }[];
    expect(timeline).toContainEqual(expect.objectContaining({ kind: "status", to: "won", actorName: "Dana Q. Home (approved online)" }));

    const again = await w.homeowner.call(door, "clientQuotes.approve", { token, signedName: "Dana Home" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This quote was already approved.");
    expect((await w.homeowner.call(door, "clientQuotes.requestChanges", { token, message: "Cheaper?" })).status).toBe(409);
  });

  it("approves exactly once under concurrent clicks: one 200, every other 409", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const clicks = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        new ApiClient(w.srv.url).call(door, "clientQuotes.approve", { token, signedName: `Signer ${i}`, acceptedOptionalLineIds: [] }),
      ),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = clicks.find((c) => c.status === 200)!.body.approval.signedName as string;
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.approval.signedName).toBe(winner);
    const events = await w.srv.running.db
      .sql`SELECT 1 FROM lead_events WHERE lead_id = ${lead.id} AND kind = 'status' AND to_value = 'won'`;
    expect(events).toHaveLength(1);
  });

  it("refuses an add-on that is not this quote's, and a name too short to sign", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const included = quote.lines.find((l) => !l.optional)!;
    const stranger = await w.homeowner.call(door, "clientQuotes.approve", {
      token,
      signedName: "Dana Home",
      acceptedOptionalLineIds: [included.id],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toMatch(/^acceptedOptionalLineIds: /);
    const unsigned = await w.homeowner.call(door, "clientQuotes.approve", { token, signedName: " ", acceptedOptionalLineIds: [] });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe("signedName: Please type your full name to approve");
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.status).toBe("sent");
  });

  it("takes a change request (status changes_requested, the message kept) and still lets the homeowner approve", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const asked = await w.homeowner.call(door, "clientQuotes.requestChanges", { token, message: "Can you drop the seam tape?" });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: "changes_requested", changeRequest: { message: "Can you drop the seam tape?" } });
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.changeRequest.message).toBe("Can you drop the seam tape?");
    const empty = await w.homeowner.call(door, "clientQuotes.requestChanges", { token, message: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("message: Please tell us what you would like changed");
    expect((await w.homeowner.call(door, "clientQuotes.approve", { token, signedName: "Dana Home" })).status).toBe(200);
  });

  it("expires after its valid-until date: shown expired, approval refused", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    await w.srv.running.db.sql`UPDATE quotes SET valid_until = current_date - 2 WHERE id = ${quote.id}`;
    expect((await w.homeowner.call(door, "clientQuotes.get", { token })).body.status).toBe("expired");
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.status).toBe("expired");
    const late = await w.homeowner.call(door, "clientQuotes.approve", { token, signedName: "Dana Home" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This quote has expired. Please call us for an updated quote.");
  });

  it("serves the quote as a PDF that reads back as text: company, number, dates, client, lines, totals, terms; signed once approved", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const staffPdf = await fetch(`${w.srv.url}/api/quotes/${quote.id}/pdf`, { headers: { cookie: cookieOf(w.staff) } });
    expect(staffPdf.status).toBe(200);
    expect(staffPdf.headers.get("content-type")).toBe("application/pdf");
    expect(staffPdf.headers.get("cache-control")).toMatch(/no-store/);
    const text = await pdfText(await staffPdf.arrayBuffer());
    for (const expected of [
      company.name,
      company.address.full,
      company.phone.display,
      `Quote ${quote.number}`,
      "Valid until",
      lead.name,
      "Crawl space encapsulation, 20-mil liner",
      "Dehumidifier, 70-pint (optional add-on)",
      "$3,500.00",
      "$360.30",
      "Subtotal $3,860.30",
      "Discount -$100.00",
      "Tax (7%) $263.22",
      "Total $4,023.52",
      "$1,005.88",
      "Terms",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("STAFF-ONLY-NOTE");
    expect((await fetch(`${w.srv.url}/api/quotes/${quote.id}/pdf`)).status).toBe(401);

    await w.homeowner.call(door, "clientQuotes.approve", {
      token,
      signedName: "Dana Home",
      acceptedOptionalLineIds: [quote.lines.find((l) => l.optional)!.id],
    });
    const signed = await fetch(`${w.srv.url}/api/client/quotes/${token}/pdf`);
    expect(signed.status).toBe(200);
    const signedText = await pdfText(await signed.arrayBuffer());
    expect(signedText).toContain("Approved");
    expect(signedText).toContain("Signed by Dana Home");
    expect(signedText).toContain("Approved total $5,413.45");
    expect(signedText).toContain("Dehumidifier, 70-pint (optional add-on, accepted)");
    expect((await fetch(`${w.srv.url}/api/client/quotes/${"B".repeat(43)}/pdf`)).status).toBe(404);
  });
});

/** The session cookie of a signed-in test client, for a plain fetch. */
const cookieOf = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
