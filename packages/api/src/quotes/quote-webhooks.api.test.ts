// Quote events as Standard Webhooks, received by an endpoint that verifies every request with the
// standardwebhooks package, as an integrator's would.
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLead, sentQuote, startQuoteWorld, type QuoteWorld } from "./quote-test-setup.js";

describe("quote webhooks", () => {
  let receiver: WebhookReceiver;
  let w: QuoteWorld;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    w = await startQuoteWorld("rest", { WEBHOOKS_ALLOW_HTTP: "true" });
    const endpoint = await w.admin.call("rest", "webhooks.create", {
      url: `${receiver.url}/quotes`,
      events: ["quote.sent", "quote.viewed", "quote.approved", "quote.changes_requested"],
    });
    expect(endpoint.status).toBe(200);
    receiver.expect("/quotes", endpoint.body.secret);
  });
  afterAll(async () => {
    await w?.srv.stop();
    await receiver.stop();
  });

  it("sends quote.sent, quote.viewed, quote.approved and quote.changes_requested as Standard Webhooks, verified by the receiver", async () => {
    const lead = await newLead(w.staff, "rest");
    const { quote, token } = await sentQuote(w.staff, "rest", lead.id);
    await w.homeowner.call("rest", "clientQuotes.get", { token });
    await w.homeowner.call("rest", "clientQuotes.requestChanges", { token, message: "Smaller unit?" });
    await w.homeowner.call("rest", "clientQuotes.approve", { token, signedName: "Dana Home" });
    const mine = () => receiver.on("/quotes").filter((r) => r.body.data.quote?.id === quote.id);
    await receiver.until(() => mine().length >= 4, 20_000, "the four quote events");
    expect(receiver.rejected).toEqual([]);
    expect(mine().map((r) => r.body.type)).toEqual(["quote.sent", "quote.viewed", "quote.changes_requested", "quote.approved"]);
    const [sent, , changes, approved] = mine();
    expect(sent!.body.data).toMatchObject({
      quote: { id: quote.id, number: quote.number, status: "sent", totalCents: 402_352, depositCents: 100_588, leadId: lead.id },
      lead: { id: lead.id, name: lead.name, email: lead.email },
    });
    expect(changes!.body.data.quote.changeRequest.message).toBe("Smaller unit?");
    expect(approved!.body.data.quote).toMatchObject({ status: "approved", approval: { signedName: "Dana Home", totalCents: 402_352 } });
    // Never the link that approves it, nor staff notes.
    for (const r of mine()) {
      expect(r.raw).not.toContain(token);
      expect(r.raw).not.toContain("STAFF-ONLY-NOTE");
    }
  });
});
