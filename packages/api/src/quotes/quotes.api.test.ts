import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, registerInvited } from "@crawlguard/testing/harness";
import { draftQuote, LINES, newLead, sentQuote, startQuoteWorld, tokenOf, type Quote, type QuoteWorld } from "./quote-test-setup.js";

/** Staff write, send and revise quotes through both doors; API keys read them, a read-write key writes and sends. */
describe.each(doors)("quotes through the %s door", (door) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    w = await startQuoteWorld(door);
  });
  afterAll(() => w.srv.stop());

  const key = async (scope: "read" | "read-write") => {
    const made = await w.admin.raw("POST", "/api/api-keys", { name: `Quotes ${scope} ${randomUUID().slice(0, 6)}`, scope });
    expect(made.status).toBe(200);
    return new ApiClient(w.srv.url, { origin: null, headers: { authorization: `Bearer ${(made.body as { key: string }).key}` } });
  };

  it("writes a draft with exact totals, the next number, 30 days' validity and no link", async () => {
    const lead = await newLead(w.staff, door);
    const item = await w.admin.call(door, "priceBook.create", { name: "Liner", unit: "each", unitPriceCents: 350_000 });
    const quote = await draftQuote(w.staff, door, lead.id, { lines: [{ ...LINES[0], priceBookItemId: item.body.id }, ...LINES.slice(1)] });
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q-1\d{3}$/),
      leadId: lead.id,
      revision: 1,
      status: "draft",
      subtotalCents: 386_030,
      discountCents: 10_000,
      taxRatePercent: 7,
      taxCents: 26_322,
      totalCents: 402_352,
      depositPercent: 25,
      depositCents: 100_588,
      clientUrl: null,
      sentAt: null,
      viewedAt: null,
      approvedAt: null,
      approval: null,
      changeRequest: null,
      messageToClient: "Thanks for having us out. Here is the work we discussed.",
    });
    expect(quote.lines.map((l) => [l.description, l.totalCents, l.optional])).toEqual([
      [LINES[0]!.description, 350_000, false],
      [LINES[1]!.description, 36_030, false],
      [LINES[2]!.description, 129_900, true],
      [LINES[3]!.description, 9_998, true],
    ]);
    expect(quote.lines[0]!.priceBookItemId).toBe(item.body.id);
    const today = new Date();
    const valid = new Date(`${quote.validUntil}T12:00:00Z`);
    const days = Math.round((valid.getTime() - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);

    const next = await draftQuote(w.staff, door, lead.id);
    expect(Number(next.number.slice(2))).toBe(Number(quote.number.slice(2)) + 1);
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body).toEqual(quote);
    const list = await w.staff.call(door, "quotes.list", { leadId: lead.id });
    expect((list.body as Quote[]).map((q) => q.id)).toEqual([quote.id, next.id]);
  });

  it("refuses bad amounts with a 400 naming the field, and an unknown lead with a 404", async () => {
    const lead = await newLead(w.staff, door);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ lines: [{ ...LINES[0], quantity: 1.555 }] }, /^lines\.0\.quantity: /],
      [{ lines: [{ ...LINES[0], quantity: 0 }] }, /^lines\.0\.quantity: /],
      [{ lines: [{ ...LINES[0], unitPriceCents: "350000" }] }, /^lines\.0\.unitPriceCents: /],
      [{ lines: [{ ...LINES[0], unitPriceCents: 10.5 }] }, /^lines\.0\.unitPriceCents: /],
      [{ lines: [] }, /^lines: Add at least one line/],
      [{ depositPercent: 10, depositCents: 500 }, /^depositCents: Give depositPercent or depositCents, not both/],
      [{ discountCents: 400_000 }, /^discountCents: The discount cannot be more than the subtotal/],
      [{ depositPercent: null, depositCents: 500_000 }, /^depositCents: The deposit cannot be more than the total/],
      [{ taxRatePercent: 7.2501 }, /^taxRatePercent: /],
      // A price book item that does not exist (never made, or deleted).
      [{ lines: [LINES[0], { ...LINES[0], priceBookItemId: randomUUID() }] }, /^lines\.1\.priceBookItemId: No price book item has this id/],
      [{ validUntil: "2020-01-01" }, /^validUntil: Valid until cannot be before today/],
    ];
    for (const [overrides, message] of cases) {
      const res = await w.staff.call(door, "quotes.create", { leadId: lead.id, lines: LINES, ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await w.staff.call(door, "quotes.create", { leadId: randomUUID(), lines: LINES });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Lead not found");
    expect((await w.staff.call(door, "quotes.list", { leadId: randomUUID() })).status).toBe(404);
    const missing = await w.staff.call(door, "quotes.get", { id: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Quote not found");
  });

  it("starts from the admins' default tax rate; only admins change the settings", async () => {
    const lead = await newLead(w.staff, door);
    const settings = { defaultTaxRatePercent: 6.975, followUpDays: 5, terms: "Half up front." };
    expect((await w.staff.call(door, "quotes.updateSettings", settings)).status).toBe(403);
    const saved = await w.admin.call(door, "quotes.updateSettings", settings);
    expect(saved.body).toEqual(settings);
    expect((await w.staff.call(door, "quotes.settings")).body).toEqual(settings);
    const quote = await w.staff.call(door, "quotes.create", {
      leadId: lead.id,
      lines: [{ ...LINES[0], quantity: 1, unitPriceCents: 10_000 }],
    });
    expect(quote.body).toMatchObject({ taxRatePercent: 6.975, taxCents: 698, totalCents: 10_698, depositCents: 0 });
  });

  it("changes and deletes a draft only: a sent quote answers 409", async () => {
    const lead = await newLead(w.staff, door);
    const draft = await draftQuote(w.staff, door, lead.id);
    const changed = await w.staff.call(door, "quotes.update", {
      id: draft.id,
      lines: [{ description: "French drain", quantity: 40, unit: "linear ft", unitPriceCents: 4_500 }],
      depositCents: 50_000,
      discountCents: 0,
    });
    expect(changed.status).toBe(200);
    // 40 × $45 = $1,800; 7% = $126; a fixed deposit replaces the share.
    expect(changed.body).toMatchObject({
      subtotalCents: 180_000,
      taxCents: 12_600,
      totalCents: 192_600,
      depositPercent: null,
      depositCents: 50_000,
    });
    expect(changed.body.lines).toHaveLength(1);
    const throwaway = await draftQuote(w.staff, door, lead.id);
    expect((await w.staff.call(door, "quotes.delete", { id: throwaway.id })).body).toEqual({ success: true });
    expect((await w.staff.call(door, "quotes.get", { id: throwaway.id })).status).toBe(404);

    expect((await w.staff.call(door, "quotes.send", { id: draft.id })).status).toBe(200);
    const patch = await w.staff.call(door, "quotes.update", { id: draft.id, discountCents: 100 });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe("Only a draft can be changed or deleted: revise the quote to change it");
    expect((await w.staff.call(door, "quotes.delete", { id: draft.id })).status).toBe(409);
    expect((await w.staff.call(door, "quotes.send", { id: draft.id })).status).toBe(409);
  });

  it("sends: a link whose token is stored hashed, the lead quoted at the total, the change in its timeline", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    expect(quote.status).toBe("sent");
    expect(quote.sentAt).not.toBeNull();
    expect(quote.clientUrl).toBe(`${w.srv.url}/quote/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await w.srv.running.db.sql<{ tokenHash: string }[]>`SELECT token_hash FROM quotes WHERE id = ${quote.id}`;
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const stored = JSON.stringify(await w.srv.running.db.sql`SELECT * FROM quotes WHERE id = ${quote.id}`);
    expect(stored).not.toContain(token);
    // Shown to staff again, the same link.
    expect((await w.staff.call(door, "quotes.get", { id: quote.id })).body.clientUrl).toBe(quote.clientUrl);

    const leads = (await w.staff.call(door, "leads.list")).body as { id: string; status: string; estimatedValue: string }[];
    expect(leads.find((l) => l.id === lead.id)).toMatchObject({ status: "quoted", estimatedValue: "4023.52" });
    const timeline = (await w.staff.call(door, "leads.timeline", { id: lead.id })).body as {
      kind: string;
      to: string;
      actorName: string;
    }[];
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "status", to: "quoted", actorName: expect.stringMatching(/^staff/) }),
        expect.objectContaining({ kind: "value", to: "4023.52" }),
      ]),
    );
  });

  it("revises: same number, the next revision, a draft; sending it replaces the one before", async () => {
    const lead = await newLead(w.staff, door);
    const { quote: first, token: firstToken } = await sentQuote(w.staff, door, lead.id);
    const revised = await w.staff.call(door, "quotes.revise", { id: first.id });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({
      number: first.number,
      revision: 2,
      status: "draft",
      clientUrl: null,
      totalCents: first.totalCents,
    });
    expect(revised.body.id).not.toBe(first.id);
    expect(revised.body.lines.map((l: { description: string }) => l.description)).toEqual(first.lines.map((l) => l.description));
    // Only the latest revision is revised, and a draft is changed as it is.
    expect((await w.staff.call(door, "quotes.revise", { id: first.id })).status).toBe(409);
    expect((await w.staff.call(door, "quotes.revise", { id: revised.body.id })).status).toBe(409);

    await w.staff.call(door, "quotes.update", { id: revised.body.id, discountCents: 20_000 });
    const second = await w.staff.call(door, "quotes.send", { id: revised.body.id });
    expect(second.body.status).toBe("sent");
    expect(tokenOf(second.body)).not.toBe(firstToken);
    expect((await w.staff.call(door, "quotes.get", { id: first.id })).body.status).toBe("replaced");
    const old = await w.homeowner.call(door, "clientQuotes.approve", { token: firstToken, signedName: "Dana Home" });
    expect(old.status).toBe(409);
    expect(old.body.message).toBe("This quote was replaced by a newer version: please open the newer one.");
    const oldView = await w.homeowner.call(door, "clientQuotes.get", { token: firstToken });
    expect(oldView.body).toMatchObject({ status: "replaced", newerUrl: second.body.clientUrl });

    // An approved quote is final: no revision.
    expect((await w.homeowner.call(door, "clientQuotes.approve", { token: tokenOf(second.body), signedName: "Dana Home" })).status).toBe(
      200,
    );
    const again = await w.staff.call(door, "quotes.revise", { id: second.body.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("An approved quote cannot be revised");
  });

  it("marks a sent quote declined; its link then refuses approval", async () => {
    const lead = await newLead(w.staff, door);
    const { quote, token } = await sentQuote(w.staff, door, lead.id);
    const declined = await w.staff.call(door, "quotes.decline", { id: quote.id });
    expect(declined.body).toMatchObject({ status: "declined", declinedAt: expect.any(String) });
    expect((await w.staff.call(door, "quotes.decline", { id: quote.id })).status).toBe(409);
    expect((await w.homeowner.call(door, "clientQuotes.approve", { token, signedName: "Dana Home" })).status).toBe(409);
  });

  it("lets a crew member quote only the leads assigned to them: any other lead and its quotes answer 404", async () => {
    const crew = new ApiClient(w.srv.url);
    const joined = await registerInvited(w.admin, crew, door, newAccount("crew"), { role: "crew" });
    expect(joined.body).toMatchObject({ role: "crew" });
    const mine = await newLead(w.staff, door);
    expect((await w.staff.call(door, "leads.update", { id: mine.id, assignedTo: joined.body.id })).status).toBe(200);
    const other = await newLead(w.staff, door);
    const othersQuote = await draftQuote(w.staff, door, other.id);

    const { quote } = await sentQuote(crew, door, mine.id);
    expect(quote.status).toBe("sent");
    expect((await crew.call(door, "quotes.list", { leadId: mine.id })).body).toHaveLength(1);
    const summaries = (await crew.call("trpc", "quotes.summaries")).body as { leadId: string }[];
    expect(summaries.map((s) => s.leadId)).toEqual([mine.id]);

    const create = await crew.call(door, "quotes.create", { leadId: other.id, lines: LINES });
    expect(create.status).toBe(404);
    expect(create.body.message).toBe("Lead not found");
    expect((await crew.call(door, "quotes.list", { leadId: other.id })).status).toBe(404);
    for (const name of ["quotes.get", "quotes.send", "quotes.delete", "quotes.revise"]) {
      const res = await crew.call(door, name, { id: othersQuote.id });
      expect(res.status, name).toBe(404);
      expect(res.body.message, name).toBe("Quote not found");
    }
    expect((await w.staff.call(door, "quotes.get", { id: othersQuote.id })).body.status).toBe("draft");
  });

  it("answers 401 to every staff call when logged out", async () => {
    const id = randomUUID();
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["quotes.list", { leadId: id }],
      ["quotes.get", { id }],
      ["quotes.create", { leadId: id, lines: LINES }],
      ["quotes.update", { id, discountCents: 0 }],
      ["quotes.delete", { id }],
      ["quotes.send", { id }],
      ["quotes.revise", { id }],
      ["quotes.settings", undefined],
    ];
    for (const [name, input] of calls) expect((await w.homeowner.call(door, name, input)).status, name).toBe(401);
  });

  it("lets an API key read quotes; a read-write key writes and sends them, a read key may not", async () => {
    const lead = await newLead(w.staff, door);
    const draft = await draftQuote(w.staff, door, lead.id);
    const reader = await key("read");
    expect((await reader.call(door, "quotes.list", { leadId: lead.id })).body).toHaveLength(1);
    expect((await reader.call(door, "quotes.get", { id: draft.id })).body.id).toBe(draft.id);
    const refused = await reader.call(door, "quotes.create", { leadId: lead.id, lines: LINES });
    expect(refused.status).toBe(403);
    expect((await reader.call(door, "quotes.send", { id: draft.id })).status).toBe(403);

    const writer = await key("read-write");
    const made = await writer.call(door, "quotes.create", { leadId: lead.id, lines: LINES.slice(0, 1) });
    expect(made.status).toBe(200);
    const sent = await writer.call(door, "quotes.send", { id: made.body.id });
    expect(sent.body).toMatchObject({ status: "sent", clientUrl: expect.stringContaining("/quote/") });
  });
});
