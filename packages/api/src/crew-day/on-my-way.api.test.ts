// "On my way" through both doors against a real SMTP server: the client's mail names the crew
// member and a business-time clock time, once per 30 minutes per appointment (429 + Retry-After),
// 409 without an appointment or an e-mail address, 404 for a crew member's other leads.
import { company } from "@crawlguard/content";
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

const ZONE = "America/New_York";
const clock = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", minute: "2-digit" }).format(new Date(iso));

describe("on my way", () => {
  const inbox = new SmtpInbox();
  let srv: TestServer;
  let admin: ApiClient;
  let crew: ApiClient;
  let crewId = "";

  const book = async (assignedTo: string | undefined, date = JULY_TUESDAY) => {
    const client = newClient();
    const res = await admin.call("rest", "appointments.book", {
      ...client,
      appointmentDate: date,
      appointmentTime: "14:00",
      ...(assignedTo ? { assignedTo } : {}),
      confirm: true,
    });
    expect(res.status).toBe(200);
    return { leadId: res.body.lead.id as string, email: client.email };
  };

  beforeAll(async () => {
    await inbox.start();
    srv = await startTestServer({
      SMTP_URL: `smtp://on-my-way:pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      MAIL_POLL_MS: "600000",
      MAIL_RETRY_SECONDS: "1",
    });
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
    crew = new ApiClient(srv.url);
    crewId = (await registerInvited(admin, crew, "rest", newAccount("crew"), { role: "crew" })).body.id as string;
    expect((await crew.call("rest", "users.updateProfile", { id: crewId, displayName: "Sam Rivera" })).status).toBe(200);
  });
  afterAll(async () => {
    await srv?.stop();
    await inbox.stop();
  });

  it.each(doors)("mails the client who is coming and around when, in business time (%s door)", async (door) => {
    const job = await book(crewId);
    const before = Date.now();
    const res = await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 25 });
    expect(res.status).toBe(200);
    const arrival = Date.parse(res.body.arrivalAt as string);
    // Now plus 25 minutes, to the minute.
    expect(arrival % 60_000).toBe(0);
    expect(arrival).toBeGreaterThanOrEqual(before + 25 * 60_000 - 30_000);
    expect(arrival).toBeLessThanOrEqual(Date.now() + 25 * 60_000 + 30_000);
    expect(res.body).toEqual({
      leadId: job.leadId,
      arrivalAt: res.body.arrivalAt,
      arrivalTime: clock(res.body.arrivalAt as string),
      crewName: "Sam Rivera",
      sentTo: job.email,
    });

    await srv.running.mail.drain();
    // The client also has the booking's confirmation: this is the other one.
    const [mail] = inbox.to(job.email).filter((m) => m.mail.subject?.endsWith("is on the way"));
    expect(mail, JSON.stringify(inbox.received.map((r) => r.mail.subject))).toBeDefined();
    expect(mail!.mail.subject).toBe(`Sam Rivera from ${company.shortName} is on the way`);
    expect(mail!.mail.text).toContain(
      `Sam Rivera from ${company.name} is on the way and will arrive around ${clock(res.body.arrivalAt as string)}.`,
    );
    expect(mail!.mail.text).toContain("Service: Crawl Space Encapsulation");
    expect(mail!.mail.html).toContain(company.phone.display);

    const timeline = (await crew.call(door, "leads.timeline", { id: job.leadId })).body as { kind: string; from: string; to: string }[];
    expect(timeline.at(-1)).toMatchObject({ kind: "on-my-way", to: res.body.arrivalAt, actorName: "Sam Rivera" });
    const deliveries = (await admin.call("trpc", "notifications.deliveries", { leadId: job.leadId })).body as {
      kind: string;
      status: string;
    }[];
    expect(deliveries.filter((d) => d.kind === "client-on-my-way")).toEqual([expect.objectContaining({ status: "sent" })]);
  });

  it.each(doors)(
    "once per 30 minutes per appointment: 429 with Retry-After; a moved appointment may be told again (%s door)",
    async (door) => {
      const job = await book(crewId, addDays(JULY_TUESDAY, 1));
      expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 10 })).status).toBe(200);
      const again = await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 5 });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(
        /^The client was already told you are on your way less than 30 minutes ago\. You can tell them again in (29|30) minutes\.$/,
      );
      const retryAfter = Number(again.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(29 * 60 - 60);
      expect(retryAfter).toBeLessThanOrEqual(30 * 60);
      // Another appointment is not held back by it.
      const other = await book(crewId, addDays(JULY_TUESDAY, 2));
      expect((await crew.call(door, "crewDay.onMyWay", { id: other.leadId, etaMinutes: 10 })).status).toBe(200);
      // 31 minutes later it may be sent again.
      await srv.running.db.sql`
      UPDATE lead_events SET created_at = created_at - interval '31 minutes' WHERE lead_id = ${job.leadId} AND kind = 'on-my-way'`;
      expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 5 })).status).toBe(200);
      expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 5 })).status).toBe(429);
      // Rescheduled: a new appointment, told anew.
      const moved = await admin.call("rest", "appointments.book", {
        leadId: job.leadId,
        appointmentDate: addDays(JULY_TUESDAY, 3),
        appointmentTime: "09:00",
        confirm: true,
      });
      expect(moved.status).toBe(200);
      expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 5 })).status).toBe(200);
    },
  );

  it.each(doors)("the ETA is 1 to 240 whole minutes (%s door)", async (door) => {
    const job = await book(crewId, addDays(JULY_TUESDAY, 4));
    for (const etaMinutes of [0, 241, 12.5, -5, "20", null]) {
      const res = await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes });
      expect(res.status, String(etaMinutes)).toBe(400);
      expect(res.body.message).toMatch(/^etaMinutes: /);
    }
    expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId })).status).toBe(400);
    expect((await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 240 })).status).toBe(200);
  });

  it.each(doors)("409 without an appointment or an e-mail address; 404 for a crew member's other leads (%s door)", async (door) => {
    const noDate = await admin.call("rest", "leads.create", {
      name: "No Date",
      email: "nodate@example.com",
      zipCode: "28801",
      service: "consultation",
    });
    const refused = await admin.call(door, "crewDay.onMyWay", { id: noDate.body.id, etaMinutes: 15 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This lead has no appointment to be on the way to.");

    const job = await book(crewId, addDays(JULY_TUESDAY, 5));
    await srv.running.db.sql`UPDATE leads SET email = '' WHERE id = ${job.leadId}`;
    const noEmail = await crew.call(door, "crewDay.onMyWay", { id: job.leadId, etaMinutes: 15 });
    expect(noEmail.status).toBe(409);
    expect(noEmail.body.message).toBe("This client has no e-mail address, so they can't be told by e-mail: call them instead.");

    const lost = await book(crewId, addDays(JULY_TUESDAY, 6));
    await admin.call("rest", "leads.update", { id: lost.leadId, status: "lost" });
    expect((await crew.call(door, "crewDay.onMyWay", { id: lost.leadId, etaMinutes: 15 })).status).toBe(409);

    const notMine = await book(undefined, addDays(JULY_TUESDAY, 7));
    const hidden = await crew.call(door, "crewDay.onMyWay", { id: notMine.leadId, etaMinutes: 15 });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Lead not found");
    expect((await new ApiClient(srv.url).call(door, "crewDay.onMyWay", { id: notMine.leadId, etaMinutes: 15 })).status).toBe(401);
    await srv.running.mail.drain();
    // Its client heard of the booking, and of nobody on the way.
    const subjects = inbox.to(notMine.email).map((m) => m.mail.subject ?? "");
    expect(subjects.some((s) => s.startsWith("Your appointment is confirmed"))).toBe(true);
    expect(subjects.filter((s) => s.endsWith("is on the way"))).toEqual([]);
  });

  it("a server that sends no mail says so (409), and nothing is recorded", async () => {
    const quiet = await startTestServer();
    try {
      const office = new ApiClient(quiet.url);
      await office.call("trpc", "auth.register", newAccount("admin"));
      const lead = await office.call("rest", "appointments.book", {
        ...newClient(),
        appointmentDate: JULY_TUESDAY,
        appointmentTime: "11:00",
        confirm: true,
      });
      const res = await office.call("rest", "crewDay.onMyWay", { id: lead.body.lead.id, etaMinutes: 20 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("E-mail is not configured on this server, so the client can't be told by e-mail: call them instead.");
      const timeline = (await office.call("rest", "leads.timeline", { id: lead.body.lead.id })).body as { kind: string }[];
      expect(timeline.map((e) => e.kind)).not.toContain("on-my-way");
    } finally {
      await quiet.stop();
    }
  });
});
