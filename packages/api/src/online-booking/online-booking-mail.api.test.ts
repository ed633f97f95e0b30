// Online booking's mail against a real SMTP server and its webhooks against a receiver that
// verifies every request with the standardwebhooks package: the homeowner's confirmation with the
// arrival window, an .ics of that time and the manage link (whose secret leaves the delivery once
// sent), the office's mail, and appointment.booked / rescheduled / cancelled with their source.
import { company } from "@crawlguard/content";
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";
import { ApiClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booking, crewMember, freeWindows, settingsWith, tokenOf, type Person } from "./booking-fixtures.js";

const OFFICE = "office@crawlguard.test";

describe("online booking's mail and webhooks", () => {
  const inbox = new SmtpInbox();
  let receiver: WebhookReceiver;
  let srv: TestServer;
  let admin: Person;
  let anon: ApiClient;

  const drain = () => srv.running.mail.drain();
  const events = (leadId: string) => receiver.on("/booking").filter((r) => r.body.data.appointment?.leadId === leadId);

  beforeAll(async () => {
    await inbox.start();
    receiver = await WebhookReceiver.start();
    srv = await startTestServer({
      REGISTRATION: "open",
      CONTACT_RATE_LIMIT: "1000",
      SMTP_URL: `smtp://booking:pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      OFFICE_NOTIFY_EMAILS: OFFICE,
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "1",
      WEBHOOKS_ALLOW_HTTP: "true",
      LOG_LEVEL: "error",
    });
    admin = await crewMember(srv, "rest", "admin");
    anon = new ApiClient(srv.url);
    expect((await admin.client.call("rest", "onlineBooking.updateSettings", settingsWith({ bookableUserIds: [admin.id] }))).status).toBe(
      200,
    );
    // The homeowner's confirmation is the only way to the manage link: it goes even with confirmations off.
    const saved = await admin.client.call("trpc", "notifications.updateSettings", {
      officeRecipients: [{ email: OFFICE, digest: false }],
      clientConfirmation: false,
      clientCancellation: false,
      clientReminder: true,
      contactAcknowledgement: true,
      reminderLeadHours: 24,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const endpoint = await admin.client.call("rest", "webhooks.create", {
      url: `${receiver.url}/booking`,
      events: ["appointment.booked", "appointment.rescheduled", "appointment.cancelled"],
    });
    expect(endpoint.status).toBe(200);
    receiver.expect("/booking", endpoint.body.secret);
  });
  afterAll(async () => {
    await srv?.stop();
    await inbox.stop();
    await receiver.stop();
  });

  it("booking mails the homeowner the window, an .ics of it and the manage link, mails the office, and tells webhooks it was online", async () => {
    const [window, later] = await freeWindows(anon, "rest");
    const input = booking(window!.start);
    const made = await anon.call("rest", "onlineBooking.book", input);
    expect(made.status).toBe(201);
    const token = tokenOf(made.body.manageUrl);
    await drain();

    const [mail] = inbox.to(input.email);
    expect(mail?.mail.subject).toMatch(/^Your appointment is confirmed: /);
    const text = mail!.mail.text ?? "";
    expect(text).toContain(`/book/${token}`);
    expect(text).toContain("See, move or cancel your booking");
    const ics = mail!.mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    const calendar = ics!.content.toString("utf8");
    const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(calendar).toContain(`DTSTART:${stamp(window!.start)}`);
    expect(calendar).toContain(`DTEND:${stamp(window!.end)}`);
    // Sent: the delivery keeps no secret.
    const payloads = await srv.running.db.sql<{ payload: Record<string, unknown>; leadId: string }[]>`
      SELECT payload, lead_id FROM mail_deliveries WHERE kind = 'client-confirmation' AND lower(recipient) = lower(${input.email})`;
    const leadId = payloads[0]!.leadId;
    expect(payloads).toHaveLength(1);
    expect(JSON.stringify(payloads[0]!.payload)).not.toContain(token);

    const office = inbox.to(OFFICE).find((m) => m.mail.subject === `Appointment booked online: ${input.name}`);
    expect(office?.mail.text).toContain("By the homeowner, online");
    expect(office?.mail.replyTo?.text).toContain(input.email);

    await receiver.until(() => events(leadId).length >= 1, 20_000, "appointment.booked");
    const [booked] = events(leadId);
    expect(booked!.body.type).toBe("appointment.booked");
    expect(booked!.body.data.appointment).toMatchObject({ start: window!.start, end: window!.end, source: "online-booking" });
    expect(booked!.body.data.lead).toMatchObject({ source: "online-booking", status: "scheduled", email: input.email });
    expect(JSON.stringify(booked!.body)).not.toContain(token);

    // Moved: the homeowner and the office hear it, and so do webhooks.
    expect((await anon.call("rest", "onlineBooking.reschedule", { token, windowStart: later!.start })).status).toBe(200);
    await drain();
    const moved = inbox.to(input.email).find((m) => m.mail.subject?.startsWith("Your appointment has moved to "));
    expect(moved?.mail.text).toContain(`/book/${token}`);
    expect(inbox.to(OFFICE).some((m) => m.mail.subject === `Appointment moved online: ${input.name}`)).toBe(true);

    // Cancelled: a cancellation with the way to book again, the office told, the webhook sent.
    expect((await anon.call("rest", "onlineBooking.cancel", { token })).status).toBe(200);
    await drain();
    const cancelled = inbox.to(input.email).find((m) => m.mail.subject?.endsWith(" is cancelled"));
    expect(cancelled?.mail.text).toContain(`${srv.url}/book or call us at ${company.phone.display}`);
    expect(cancelled?.mail.attachments.some((a) => a.contentType.startsWith("text/calendar"))).toBe(true);
    expect(inbox.to(OFFICE).some((m) => m.mail.subject === `Appointment cancelled online: ${input.name}`)).toBe(true);

    await receiver.until(() => events(leadId).length >= 3, 20_000, "the three appointment events");
    const types = events(leadId).map((e) => [e.body.type, e.body.data.appointment.source]);
    expect(types).toEqual([
      ["appointment.booked", "online-booking"],
      ["appointment.rescheduled", "online-booking"],
      ["appointment.cancelled", "online-booking"],
    ]);
    expect(events(leadId)[1]!.body.data.appointment.previous).toEqual({ start: window!.start, end: window!.end });
    expect(receiver.rejected).toEqual([]);
  });

  it("a staff booking's appointment.booked says staff", async () => {
    const [window] = await freeWindows(anon, "rest");
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(window!.start));
    const made = await admin.client.call("rest", "appointments.book", {
      clientName: "Office Booked",
      email: `office-booked-${Date.now()}@example.com`,
      phone: "(828) 555-0111",
      address: "5 College St, Asheville, NC 28801",
      service: "consultation",
      appointmentDate: date,
      appointmentTime: "16:00",
      durationMinutes: 60,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const leadId = made.body.lead.id as string;
    await receiver.until(() => events(leadId).length >= 1, 20_000, "appointment.booked");
    expect(events(leadId)[0]!.body.data.appointment.source).toBe("staff");
  });
});
