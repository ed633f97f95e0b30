// The office's mail against a real SMTP server: no client mail for an appointment whose start has
// passed (decided when queued and again when sent), Reply-To on office mail about a homeowner, the
// existing-lead line, nobody mailed about what they did themselves, per-recipient kinds, the test mail.
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

describe("the office's mail", () => {
  const inbox = new SmtpInbox();
  let srv: TestServer;
  let admin: ApiClient;
  const OFFICE = "office@crawlguard.test";

  const drain = () => srv.running.mail.drain();
  const deliveries = async (leadId: string) =>
    (await admin.call("trpc", "notifications.deliveries", { leadId })).body as { kind: string; status: string; lastError: string | null }[];
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  let serial = 0;
  const lead = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      name: `Imported Client ${serial}`,
      email: `imported${serial}-${Date.now()}@example.com`,
      zipCode: "28801",
      service: "crawl-space",
      status: "scheduled",
      ...overrides,
    };
  };

  beforeAll(async () => {
    await inbox.start();
    srv = await startTestServer({
      SMTP_URL: `smtp://office-mail:pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      OFFICE_NOTIFY_EMAILS: OFFICE,
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "1",
      CONTACT_RATE_LIMIT: "50",
    });
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
  });
  afterAll(async () => {
    await srv?.stop();
    await inbox.stop();
  });

  it.each(doors)("a lead imported with a past appointment (%s door): the office hears of it, the client gets nothing", async (door) => {
    const past = lead({ scheduledDate: hoursFromNow(-72) });
    const res = await admin.call(door, "leads.create", past);
    expect(res.status).toBe(200);
    await drain();
    expect(inbox.to(past.email)).toEqual([]);
    // Neither a confirmation nor a reminder was even queued.
    expect((await deliveries(res.body.id as string)).map((d) => d.kind)).toEqual(["office-booking"]);
    expect(inbox.to(OFFICE).some((m) => m.mail.subject === `Appointment booked: ${past.name}`)).toBe(true);
    // The same import with a future date confirms as ever.
    const future = lead({ scheduledDate: hoursFromNow(72) });
    const booked = await admin.call(door, "leads.create", future);
    await drain();
    expect(inbox.to(future.email).map((m) => m.mail.subject)).toEqual([expect.stringMatching(/^Your appointment is confirmed/)]);
    expect((await deliveries(booked.body.id as string)).map((d) => `${d.kind}:${d.status}`).sort()).toEqual([
      "client-confirmation:sent",
      "client-reminder:queued",
      "office-booking:sent",
    ]);
  });

  it("a confirmation still waiting when the appointment begins is skipped, and says why", async () => {
    const soon = lead({ scheduledDate: new Date(Date.now() + 1500).toISOString() });
    const res = await admin.call("rest", "leads.create", soon);
    expect(res.status).toBe(200);
    const leadId = res.body.id as string;
    expect((await deliveries(leadId)).find((d) => d.kind === "client-confirmation")).toMatchObject({ status: "queued" });
    await new Promise((r) => setTimeout(r, 2000));
    await drain();
    expect(inbox.to(soon.email)).toEqual([]);
    expect((await deliveries(leadId)).find((d) => d.kind === "client-confirmation")).toMatchObject({
      status: "skipped",
      lastError: "The appointment's start has passed",
    });
  });
});
