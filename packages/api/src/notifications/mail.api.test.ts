// E-mail notifications against a real SMTP server started here (smtp-server), every
// message parsed as a mail client would (mailparser): content, the business time zone, the .ics,
// nothing internal, the delivery log, unsubscribe, SMTP down then up.
import type { AddressInfo } from "node:net";
import { company } from "@crawlguard/content";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { ApiClient, newAccount, newClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";

interface Received {
  to: string[];
  mail: ParsedMail;
  raw: string;
}

/** An SMTP server on a fixed port that can be stopped and started again (SMTP down, then up). */
class Inbox {
  received: Received[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  auths: string[] = [];
  async start(port = 0) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onAuth: (auth, _session, cb) => {
        this.auths.push(`${auth.username}:${auth.password}`);
        cb(null, { user: auth.username });
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          // Header lines unfolded (a long List-Unsubscribe is folded onto the next line).
          const raw = Buffer.concat(chunks).toString("utf8");
          void simpleParser(raw).then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail, raw: raw.replace(/\r?\n[ \t]+/g, " ") });
            cb();
          });
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }
  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }
  to(address: string) {
    return this.received.filter((r) => r.to.includes(address));
  }
}

describe("e-mail notifications", () => {
  const inbox = new Inbox();
  let srv: TestServer;
  let admin: ApiClient;
  const OFFICE = "office@crawlguard.test";

  const drain = () => srv.running.mail.drain();
  const sql = () => srv.running.db.sql;
  const deliveries = async (leadId: string) =>
    (await admin.call("trpc", "notifications.deliveries", { leadId })).body as {
      kind: string;
      status: string;
      recipient: string;
      lastError: string | null;
    }[];

  beforeAll(async () => {
    await inbox.start();
    srv = await startTestServer({
      SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      OFFICE_NOTIFY_EMAILS: OFFICE,
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "1",
      // Every contact post here comes from one address; the per-address limit is not under test.
      CONTACT_RATE_LIMIT: "50",
    });
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
  });
  afterAll(async () => {
    await srv.stop();
    await inbox.stop();
  });

  it("a contact request: the office hears of it, the homeowner gets an acknowledgement; a bot gets nothing", async () => {
    const anon = new ApiClient(srv.url);
    const email = `home${Date.now()}@example.com`;
    await anon.call("rest", "contact.submit", {
      name: "Dana Home",
      email,
      zipCode: "28801",
      service: "crawl-space",
      message: "Water under the house",
    });
    await anon.call("rest", "contact.submit", { name: "Bot", email: "bot@example.com", zipCode: "28801", message: "spam", botTrap: "x" });
    await drain();
    const office = inbox.to(OFFICE).find((r) => r.mail.subject === "New request from Dana Home");
    expect(office).toBeDefined();
    expect(office!.mail.text).toContain("Water under the house");
    expect(office!.mail.text).toContain(`${srv.url}/admin?tab=submissions`);
    expect(office!.mail.from?.text).toContain("office@crawlguard.test");
    const [ack] = inbox.to(email);
    expect(ack!.mail.subject).toMatch(/We received your request/);
    expect(ack!.mail.text).toContain(company.phone.display);
    expect(ack!.mail.text).not.toContain("Water under the house");
    expect(ack!.mail.html).toContain(company.address.full);
    expect(ack!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(ack!.raw).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/mail\/unsubscribe\?token=[^>]+>\r?$/m);
    expect(inbox.to("bot@example.com")).toEqual([]);
    expect(inbox.auths.at(-1)).toBe("mailer:s3cret-pass");
  });

  it.each(["rest", "trpc"] as const)(
    "the acknowledgement repeats nothing the visitor wrote (%s door); the office mail has it all",
    async (door) => {
      const anon = new ApiClient(srv.url);
      const email = `target-${door}-${Date.now()}@example.com`;
      const lure = "Your account is locked";
      const link = "https://evil.example/verify";
      const input = {
        name: `${lure} - verify at ${link} now`,
        email,
        phone: "+1 (900) 555-0199",
        address: "1 Phish Lane, Scamtown",
        zipCode: "99999-1234",
        service: "mold-remediation",
        message: `${lure}. Confirm your password at ${link} within 24 hours.`,
      };
      expect((await anon.call(door, "contact.submit", input)).status).toBe(200);
      await drain();
      const [ack, ...more] = inbox.to(email);
      expect(more).toEqual([]);
      expect(ack!.mail.subject).toBe(`We received your request — ${company.name}`);
      // The service by the site's own name; the company's details.
      expect(ack!.mail.text).toContain("Service: Mold Remediation");
      expect(ack!.mail.text).toContain(company.phone.display);
      expect(ack!.mail.html).toContain(company.address.full);
      const headers = ack!.raw.split(/\r?\n\r?\n/)[0]!;
      for (const part of [headers, ack!.mail.subject ?? "", ack!.mail.text ?? "", String(ack!.mail.html)]) {
        for (const typed of [lure, "evil.example", "Phish Lane", "555-0199", "99999", "verify at", "password"]) {
          expect(part, typed).not.toContain(typed);
        }
      }
      const office = inbox.to(OFFICE).find((r) => r.mail.subject === `New request from ${input.name}`);
      expect(office).toBeDefined();
      for (const typed of [input.message, input.address, input.phone, input.zipCode]) expect(office!.mail.text).toContain(typed);
    },
  );

  it("names no service in the acknowledgement unless it is one of the site's own", async () => {
    const anon = new ApiClient(srv.url);
    const email = `free-service-${Date.now()}@example.com`;
    const res = await anon.call("rest", "contact.submit", {
      name: "Sam Home",
      email,
      zipCode: "28801",
      service: "Click https://evil.example",
    });
    expect(res.status).toBe(200);
    await drain();
    const [ack] = inbox.to(email);
    expect(ack!.mail.text).not.toContain("evil.example");
    expect(ack!.mail.text).not.toContain("Service:");
    expect(ack!.mail.text).not.toContain("Sam Home");
  });

  it("acknowledges one address at most 3 times a day, however many requests name it", async () => {
    const anon = new ApiClient(srv.url);
    const email = `flooded-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await anon.call("rest", "contact.submit", { name: "Flood Test", email, zipCode: "28801", message: `Request ${i}` });
      expect(res.status).toBe(200);
    }
    await drain();
    expect(inbox.to(email)).toHaveLength(3);
    expect(inbox.to(OFFICE).filter((r) => r.mail.subject === "New request from Flood Test")).toHaveLength(5);
  });

  it("a booking: the client's confirmation in the business zone with its .ics, the office's mail with the lead's link; nothing internal", async () => {
    const client = newClient({ notes: "Gate code 4455 — SECRET NOTE", estimatedValue: "98765" });
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "10:00",
      confirm: true,
    });
    expect(res.status).toBe(200);
    const leadId = res.body.lead.id as string;
    await drain();
    const [confirmation, ...more] = inbox.to(client.email);
    expect(more).toEqual([]);
    // July in America/New_York: EDT.
    expect(confirmation!.mail.subject).toMatch(/Your appointment is confirmed: .*July .* at 10:00 AM EDT/);
    const ics = confirmation!.mail.attachments.find((a) => a.filename === "appointment.ics");
    expect(ics).toBeDefined();
    const icsText = ics!.content.toString("utf8");
    expect(icsText).toContain("METHOD:REQUEST");
    const start = julyAt(JULY_TUESDAY, "10:00").replace(/[-:]/g, "").replace(/\.\d+/, "");
    expect(icsText).toContain(`DTSTART:${start}`);
    expect(icsText).toContain(`UID:lead-${leadId}@`);
    for (const part of [confirmation!.raw, icsText]) {
      expect(part).not.toContain("SECRET NOTE");
      expect(part).not.toContain("98765");
    }
    const office = inbox.to(OFFICE).find((r) => r.mail.subject === `Appointment booked: ${client.clientName}`);
    expect(office!.mail.text).toContain(`${srv.url}/admin?lead=${leadId}`);
    expect(office!.mail.text).toContain("10:00 AM EDT");
    // The delivery log: confirmation and office mail sent, the reminder waiting (24 h before).
    const log = await deliveries(leadId);
    expect(log.map((d) => `${d.kind}:${d.status}`).sort()).toEqual([
      "client-confirmation:sent",
      "client-reminder:queued",
      "office-booking:sent",
    ]);
  });

  it("a move: a new confirmation; the old reminder never fires at the old time, the new one does; a cancellation with METHOD:CANCEL", async () => {
    const client = newClient();
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "14:00",
      confirm: true,
    });
    const leadId = res.body.lead.id as string;
    await drain();
    const moved = await admin.call("trpc", "appointments.book", {
      leadId,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "16:00",
      confirm: true,
    });
    expect(moved.status).toBe(200);
    await drain();
    const mails = inbox.to(client.email);
    expect(mails.map((m) => m.mail.subject)).toEqual([
      expect.stringMatching(/confirmed: .* 2:00 PM EDT/),
      expect.stringMatching(/moved to .* 4:00 PM EDT/),
    ]);
    // Both reminders made due now: the old one is skipped, the new one is sent.
    await sql()`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-send' AND state = 'created'`;
    await drain();
    const reminders = inbox.to(client.email).filter((m) => m.mail.subject?.startsWith("Reminder"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.mail.subject).toMatch(/4:00 PM EDT/);
    expect(
      (await deliveries(leadId))
        .filter((d) => d.kind === "client-reminder")
        .map((d) => d.status)
        .sort(),
    ).toEqual(["sent", "skipped"]);

    await admin.call("trpc", "leads.update", { id: leadId, status: "lost" });
    await drain();
    const cancel = inbox.to(client.email).find((m) => m.mail.subject?.includes("is cancelled"));
    expect(cancel!.mail.subject).toMatch(/4:00 PM EDT/);
    expect(cancel!.mail.attachments[0]!.content.toString("utf8")).toContain("METHOD:CANCEL");
  });

  it("one-click unsubscribe (RFC 8058) turns off reminders and acknowledgements, not confirmations", async () => {
    const client = newClient();
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "11:00",
      confirm: true,
    });
    const leadId = res.body.lead.id as string;
    await drain();
    const [confirmation] = inbox.to(client.email);
    const link = confirmation!.raw.match(/^List-Unsubscribe: <([^>]+)>/m)![1]!;
    expect(link).toContain("/mail/unsubscribe?token=");
    // A forged token is refused; the real one, posted as mail providers do, works.
    expect((await fetch(link.replace(/token=[^.]+/, "token=Zm9yZ2Vk"), { method: "POST" })).status).toBe(400);
    const post = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    const page = await fetch(link);
    expect(await page.text()).toContain("Unsubscribe");
    await sql()`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-send' AND state = 'created'`;
    await drain();
    expect(inbox.to(client.email).filter((m) => m.mail.subject?.startsWith("Reminder"))).toEqual([]);
    const reminder = (await deliveries(leadId)).find((d) => d.kind === "client-reminder");
    expect(reminder).toMatchObject({ status: "skipped", lastError: expect.stringMatching(/unsubscribed/) });
  });

  it("SMTP down: the booking succeeds, the mail fails and is retried; SMTP up: it arrives once", async () => {
    const port = inbox.port;
    await inbox.stop();
    const client = newClient();
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "09:00",
      confirm: true,
    });
    expect(res.status).toBe(200);
    const leadId = res.body.lead.id as string;
    await drain();
    const failed = (await deliveries(leadId)).find((d) => d.kind === "client-confirmation");
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed!.lastError).not.toContain("s3cret-pass");
    await inbox.start(port);
    const deadline = Date.now() + 30_000;
    while (inbox.to(client.email).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      await drain();
    }
    await drain();
    expect(inbox.to(client.email)).toHaveLength(1);
    expect((await deliveries(leadId)).find((d) => d.kind === "client-confirmation")).toMatchObject({ status: "sent" });
  });

  it("Notifications settings: admin only, stored, and they decide who gets what", async () => {
    const staff = new ApiClient(srv.url);
    const invitation = await admin.call("trpc", "invitations.create", { isAdmin: false });
    await staff.call("trpc", "auth.register", { ...newAccount("staff"), inviteToken: invitation.body.token });
    expect((await staff.call("trpc", "notifications.settings")).status).toBe(403);
    const initial = await admin.call("trpc", "notifications.settings");
    expect(initial.body).toMatchObject({
      smtpConfigured: true,
      officeRecipientsFromEnv: true,
      officeRecipients: [{ email: OFFICE, digest: false }],
      reminderLeadHours: 24,
      notConfiguredMessage: null,
    });
    const bad = await admin.call("trpc", "notifications.updateSettings", {
      ...initial.body,
      officeRecipients: [{ email: "nope", digest: false }],
    });
    expect(bad.status).toBe(400);
    const saved = await admin.call("trpc", "notifications.updateSettings", {
      officeRecipients: [{ email: "boss@crawlguard.test", digest: true }],
      clientConfirmation: false,
      clientCancellation: true,
      clientReminder: true,
      contactAcknowledgement: false,
      reminderLeadHours: 48,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ officeRecipientsFromEnv: false, reminderLeadHours: 48 });
    // Now: no confirmation to the client, the office's mail waits for the digest.
    const client = newClient();
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "12:00",
      confirm: true,
    });
    await drain();
    expect(inbox.to(client.email)).toEqual([]);
    expect(inbox.to("boss@crawlguard.test")).toEqual([]);
    await sql()`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-digest' AND state = 'created'`;
    await drain();
    const [digest] = inbox.to("boss@crawlguard.test");
    expect(digest!.mail.subject).toMatch(/1 new update/);
    expect(digest!.mail.text).toContain(`/admin?lead=${res.body.lead.id}`);
  });

  it("without SMTP_URL: nothing is configured, and the settings say so and where to set it", async () => {
    const bare = await startTestServer();
    try {
      const boss = new ApiClient(bare.url);
      expect((await boss.call("rest", "auth.register", newAccount("bare"))).status).toBe(200);
      const settings = await boss.call("trpc", "notifications.settings");
      expect(settings.status).toBe(200);
      expect(settings.body).toMatchObject({ smtpConfigured: false });
      expect(settings.body.notConfiguredMessage).toContain("SMTP_URL");
      expect(settings.body.notConfiguredMessage).toContain('"E-mail notifications"');
      // Nothing to test: the test mail says why.
      const test = await boss.call("trpc", "notifications.sendTestMail");
      expect(test.status).toBe(409);
      expect(test.body.message).toContain("SMTP_URL");
    } finally {
      await bare.stop();
    }
  });
});
