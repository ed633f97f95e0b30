// Quote mail against a real SMTP server: the quote with its link and PDF, one follow-up after the
// settings' days (only while unanswered, shown in the lead's e-mail log), the approval's
// confirmation with the signed PDF, the office's mail about an approval or a change request.
import { company } from "@crawlguard/content";
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLead, sentQuote, startQuoteWorld, type QuoteWorld } from "./quote-test-setup.js";

const OFFICE = "office@crawlguard.test";

describe("quote mail", () => {
  const inbox = new SmtpInbox();
  let w: QuoteWorld;

  const drain = () => w.srv.running.mail.drain();
  const deliveries = async (leadId: string) =>
    (await w.admin.call("trpc", "notifications.deliveries", { leadId })).body as {
      kind: string;
      status: string;
      lastError: string | null;
    }[];
  /** The follow-up's job made due now (as if its days had passed). */
  const followUpDue = () => w.srv.running.db.sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-send' AND state = 'created'`;

  beforeAll(async () => {
    await inbox.start();
    w = await startQuoteWorld("rest", {
      SMTP_URL: `smtp://quotes:pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      OFFICE_NOTIFY_EMAILS: OFFICE,
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "1",
    });
  });
  afterAll(async () => {
    await w?.srv.stop();
    await inbox.stop();
  });

  it("mails the quote with its link and the PDF; approval mails the homeowner the signed PDF and the office the news", async () => {
    const lead = await newLead(w.staff, "rest");
    const { quote, token } = await sentQuote(w.staff, "rest", lead.id);
    await drain();
    const [mail] = inbox.to(lead.email);
    expect(mail?.mail.subject).toBe(`Your quote ${quote.number} from ${company.name}`);
    expect(mail!.mail.text).toContain(`${w.srv.url}/quote/${token}`);
    expect(mail!.mail.text).toContain("$4,023.52");
    expect(mail!.mail.text).not.toContain("STAFF-ONLY-NOTE");
    const pdf = mail!.mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`crawlguard-quote-${quote.number}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), { mergePages: true });
    expect(text).toContain(`Quote ${quote.number}`);
    expect(text).toContain(company.phone.display);

    await w.homeowner.call("rest", "clientQuotes.get", { token });
    await w.homeowner.call("rest", "clientQuotes.approve", { token, signedName: "Dana Home" });
    await drain();
    const confirmation = inbox.to(lead.email).find((m) => m.mail.subject === `Quote ${quote.number} approved: thank you`);
    expect(confirmation).toBeDefined();
    expect(confirmation!.mail.text).toContain("Approved total: $4,023.52");
    const signed = confirmation!.mail.attachments.find((a) => a.contentType === "application/pdf")!;
    const signedText = (await extractText(await getDocumentProxy(new Uint8Array(signed.content)), { mergePages: true })).text;
    expect(signedText).toContain("Signed by Dana Home");
    const office = inbox.to(OFFICE).find((m) => m.mail.subject === `Quote ${quote.number} approved by ${lead.name}`);
    expect(office).toBeDefined();
    expect(office!.mail.text).toContain(`/admin?lead=${lead.id}`);
    // The follow-up, when its day comes, sees an answered quote and stays unsent.
    await followUpDue();
    await drain();
    expect(inbox.to(lead.email).filter((m) => m.mail.subject?.startsWith("Reminder"))).toEqual([]);
    expect(await deliveries(lead.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "quote-sent", status: "sent" }),
        expect.objectContaining({
          kind: "quote-reminder",
          status: "skipped",
          lastError: "The quote was answered or closed since (approved)",
        }),
        expect.objectContaining({ kind: "quote-approved", status: "sent" }),
      ]),
    );
  });

  it("follows an unanswered quote up once, after the settings' days, and the lead's log shows it", async () => {
    expect(
      (await w.admin.call("rest", "quotes.updateSettings", { defaultTaxRatePercent: 0, followUpDays: 3, terms: "Net 30." })).status,
    ).toBe(200);
    const lead = await newLead(w.staff, "rest");
    const { quote } = await sentQuote(w.staff, "rest", lead.id);
    await drain();
    const [job] = await w.srv.running.db.sql<{ startAfter: Date }[]>`
      SELECT j.start_after FROM pgboss.job j JOIN mail_deliveries d ON d.id::text = j.data->>'deliveryId'
      WHERE d.lead_id = ${lead.id} AND d.kind = 'quote-reminder'`;
    const days = (job!.startAfter.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    expect(inbox.to(lead.email).filter((m) => m.mail.subject?.startsWith("Reminder"))).toEqual([]);

    await followUpDue();
    await drain();
    await followUpDue();
    await drain();
    const reminders = inbox
      .to(lead.email)
      .filter((m) => m.mail.subject === `Reminder: your quote ${quote.number} from ${company.shortName}`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.mail.text).toContain("/quote/");
    expect((await deliveries(lead.id)).filter((d) => d.kind === "quote-reminder")).toEqual([
      expect.objectContaining({ kind: "quote-reminder", status: "sent" }),
    ]);
  });

  it("mails the office a change request with its message", async () => {
    const lead = await newLead(w.staff, "rest");
    const { quote, token } = await sentQuote(w.staff, "rest", lead.id);
    await w.homeowner.call("rest", "clientQuotes.requestChanges", { token, message: "Please price a smaller dehumidifier." });
    await drain();
    const office = inbox.to(OFFICE).find((m) => m.mail.subject === `Changes requested on quote ${quote.number}: ${lead.name}`);
    expect(office).toBeDefined();
    expect(office!.mail.text).toContain("Please price a smaller dehumidifier.");
  });
});
