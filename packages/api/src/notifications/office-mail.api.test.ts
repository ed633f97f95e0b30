// The office's mail against a real SMTP server: no client mail for an appointment whose start has
// passed (decided when queued and again when sent), Reply-To on office mail about a homeowner, the
// existing-lead line, nobody mailed about what they did themselves, per-recipient kinds, the test mail.
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";

describe("the office's mail", () => {
  const inbox = new SmtpInbox();
  let srv: TestServer;
  let admin: ApiClient;
  let adminEmail: string;
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
    const account = newAccount("admin");
    adminEmail = account.email;
    await admin.call("trpc", "auth.register", account);
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

  const replyTo = (m: { mail: { replyTo?: { value: { address?: string }[] } | undefined } }) =>
    m.mail.replyTo?.value.map((v) => v.address) ?? [];

  it.each(doors)(
    "a request from someone already a lead (%s door): flagged in the list, said in the office mail, answered to the homeowner",
    async (door) => {
      const stamp = `${door}${Date.now()}`;
      // Numbers of this door's own (the other door's leads must not match).
      const [knownPhone, otherPhone] = door === "rest" ? ["0198", "0100"] : ["0197", "0101"];
      const known = await admin.call(door, "leads.create", {
        ...lead({ name: `Known Client ${stamp}`, email: `known-${stamp}@example.com`, status: "contacted" }),
        phone: `(828) 555-${knownPhone}`,
      });
      expect(known.status).toBe(200);
      const anon = new ApiClient(srv.url);
      const send = (input: Record<string, unknown>) =>
        anon.call(door, "contact.submit", { zipCode: "28801", message: `Request ${stamp}`, ...input });
      // The same address in other case; the same number written otherwise; someone new.
      const byEmail = await send({ name: `By Email ${stamp}`, email: `KNOWN-${stamp}@Example.com` });
      const byPhone = await send({ name: `By Phone ${stamp}`, email: `other-${stamp}@example.com`, phone: `+1 828.555.${knownPhone}` });
      const stranger = await send({ name: `Stranger ${stamp}`, email: `stranger-${stamp}@example.com`, phone: `828-555-${otherPhone}` });
      for (const res of [byEmail, byPhone, stranger]) expect(res.status).toBe(200);

      const list = await admin.call(door, "submissions.list");
      expect(list.status).toBe(200);
      const flag = (id: string) => (list.body as { id: string; existingLead: unknown }[]).find((s) => s.id === id)?.existingLead;
      const existing = { id: known.body.id, name: `Known Client ${stamp}`, status: "contacted" };
      expect(flag(byEmail.body.id as string)).toEqual(existing);
      expect(flag(byPhone.body.id as string)).toEqual(existing);
      expect(flag(stranger.body.id as string)).toBeNull();
      // The lead made from a request is not "an existing lead" of that request.
      const converted = await admin.call(door, "submissions.convertToLead", { id: stranger.body.id });
      expect(converted.status).toBe(200);
      const again = await admin.call(door, "submissions.list");
      expect((again.body as { id: string; existingLead: unknown }[]).find((s) => s.id === stranger.body.id)?.existingLead).toBeNull();

      await drain();
      const officeMail = (name: string) => inbox.to(OFFICE).find((m) => m.mail.subject === `New request from ${name}`)!;
      expect(officeMail(`By Email ${stamp}`).mail.text).toContain(`Existing lead: Known Client ${stamp} (Contacted)`);
      expect(officeMail(`By Phone ${stamp}`).mail.text).toContain(`Existing lead: Known Client ${stamp} (Contacted)`);
      expect(officeMail(`Stranger ${stamp}`).mail.text).not.toContain("Existing lead");
      expect(replyTo(officeMail(`By Email ${stamp}`)).map((a) => a?.toLowerCase())).toEqual([`known-${stamp}@example.com`]);
      expect(replyTo(officeMail(`Stranger ${stamp}`))).toEqual([`stranger-${stamp}@example.com`]);
    },
  );

  it("office mail about a booking is answered to the homeowner; client mail has no Reply-To", async () => {
    const client = newClient();
    const res = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "15:00",
      confirm: true,
    });
    expect(res.status).toBe(200);
    await drain();
    const office = inbox.to(OFFICE).find((m) => m.mail.subject === `Appointment booked: ${client.clientName}`)!;
    expect(replyTo(office)).toEqual([client.email]);
    const [confirmation] = inbox.to(client.email);
    expect(confirmation!.mail.headers.has("reply-to")).toBe(false);
  });

  it("per recipient: only the kinds they take, never about their own action; a test mail to each, admins only", async () => {
    const BOOKINGS = "bookings@crawlguard.test";
    const REQUESTS = "requests@crawlguard.test";
    // Saved without kinds (as before there was a choice): every kind.
    const legacyInput = {
      officeRecipients: [{ email: OFFICE, digest: false }],
      clientConfirmation: true,
      clientCancellation: true,
      clientReminder: true,
      contactAcknowledgement: true,
      reminderLeadHours: 24,
    };
    const legacy = await admin.call("trpc", "notifications.updateSettings", legacyInput);
    expect(legacy.body.officeRecipients).toEqual([{ email: OFFICE, digest: false, kinds: ["office-contact", "office-booking"] }]);
    const saved = await admin.call("trpc", "notifications.updateSettings", {
      officeRecipients: [
        { email: adminEmail.toUpperCase(), digest: false, kinds: ["office-booking", "office-contact"] },
        { email: BOOKINGS, digest: false, kinds: ["office-booking"] },
        { email: REQUESTS, digest: false, kinds: ["office-contact"] },
      ],
      clientConfirmation: true,
      clientCancellation: true,
      clientReminder: true,
      contactAcknowledgement: false,
      reminderLeadHours: 24,
    });
    expect(saved.status).toBe(200);
    expect((await admin.call("trpc", "notifications.settings")).body.officeRecipients).toEqual([
      { email: adminEmail.toUpperCase(), digest: false, kinds: ["office-contact", "office-booking"] },
      { email: BOOKINGS, digest: false, kinds: ["office-booking"] },
      { email: REQUESTS, digest: false, kinds: ["office-contact"] },
    ]);
    const bad = await admin.call("trpc", "notifications.updateSettings", {
      ...legacyInput,
      officeRecipients: [{ email: BOOKINGS, digest: false, kinds: ["office-gossip"] }],
    });
    expect(bad.status).toBe(400);

    // Recipients as saved (the admin's address in capitals), matched in any case.
    const mailTo = (to: string) => inbox.received.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
    const subjects = (to: string) =>
      mailTo(to)
        .map((m) => m.mail.subject ?? "")
        .sort();
    // The admin books: the bookings recipient hears of it, the admin (their own action) and the requests recipient do not.
    const mine = newClient();
    await admin.call("trpc", "appointments.schedule", { ...mine, appointmentDate: JULY_TUESDAY, appointmentTime: "09:30", confirm: true });
    // An office colleague books: now the admin hears of it too.
    const colleague = new ApiClient(srv.url);
    expect((await registerInvited(admin, colleague, "trpc")).status).toBe(200);
    const theirs = newClient();
    await colleague.call("rest", "appointments.schedule", {
      ...theirs,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "10:30",
      confirm: true,
    });
    // A visitor's request: the requests recipient and the admin.
    const visitor = `Visitor ${Date.now()}`;
    await new ApiClient(srv.url).call("rest", "contact.submit", { name: visitor, email: `v${Date.now()}@example.com`, zipCode: "28801" });
    await drain();
    expect(subjects(adminEmail)).toEqual([`Appointment booked: ${theirs.clientName}`, `New request from ${visitor}`].sort());
    expect(subjects(BOOKINGS)).toEqual([`Appointment booked: ${mine.clientName}`, `Appointment booked: ${theirs.clientName}`].sort());
    expect(subjects(REQUESTS)).toEqual([`New request from ${visitor}`]);

    // The test mail: to every saved recipient (the one who asks included), saying what each gets.
    expect((await colleague.call("trpc", "notifications.sendTestMail")).status).toBe(403);
    const test = await admin.call("trpc", "notifications.sendTestMail");
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ queued: [{ email: adminEmail.toUpperCase() }, { email: BOOKINGS }, { email: REQUESTS }] });
    await drain();
    const testMail = (to: string) => mailTo(to).find((m) => m.mail.subject?.startsWith("Test mail from"))!;
    expect(testMail(BOOKINGS).mail.text).toContain("You get: Appointments booked and moved.");
    expect(testMail(REQUESTS).mail.text).toContain("You get: New requests from the contact form.");
    expect(testMail(adminEmail).mail.text).toMatch(/sent this test/);
    // Nobody to send to: said, nothing queued.
    const { smtpConfigured: _s, notConfiguredMessage: _n, officeRecipientsFromEnv: _e, ...choices } = saved.body as Record<string, unknown>;
    expect((await admin.call("trpc", "notifications.updateSettings", { ...choices, officeRecipients: [] })).status).toBe(200);
    const none = await admin.call("trpc", "notifications.sendTestMail");
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no office recipients/);
  });
});
