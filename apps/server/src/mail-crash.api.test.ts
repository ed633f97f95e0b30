// E-mail exactly once across instances (ADR 028) with real server processes: a booking and
// a contact request queue their mail in the change's transaction; the SMTP server (smtp-server,
// every message parsed with mailparser) withholds its answer to the first recipient, and the
// instance in that conversation is killed with SIGKILL, between the commit and the send. Another
// instance (PostgreSQL: the second one running; embedded: the same one started again, as only one
// process can own the data directory) takes over the dead one's jobs once their heartbeat is
// silent, and every message arrives exactly once.
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { ApiClient, newAccount, newClient } from "@crawlguard/testing/harness";
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const OFFICE = "office@crawlguard.test";

describe(`e-mail: an instance killed between commit and send (${POSTGRES ? "PostgreSQL, two instances" : "embedded database, restarted"})`, () => {
  const inbox = new SmtpInbox();
  let testDb: TestDatabase | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await inbox.stop();
    await testDb?.drop();
  });

  /** Each instance logs in to SMTP as `name`: the inbox knows who is in which conversation. */
  const start = async (name: string) => {
    const server = await spawnServer({
      dataDir: testDb!.dataDir,
      databaseUrl: testDb!.databaseUrl,
      env: {
        SMTP_URL: `smtp://${name}:pass@127.0.0.1:${inbox.port}`,
        MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
        OFFICE_NOTIFY_EMAILS: OFFICE,
        MAIL_POLL_MS: "200",
        MAIL_RETRY_SECONDS: "1",
        // A dead instance's jobs come back after 10 s of silence, noticed within a second.
        JOBS_HEARTBEAT_SECONDS: "10",
        JOBS_SUPERVISE_SECONDS: "1",
      },
    });
    servers.push(server);
    return server;
  };

  it("every message arrives once, none lost, the held one sent by the instance that took over", { timeout: 120_000 }, async () => {
    await inbox.start();
    testDb = await createTestDatabase();
    const names = POSTGRES ? ["instance-a", "instance-b"] : ["instance-a"];
    const running = new Map<string, ServerProcess>();
    for (const name of names) running.set(name, await start(name));
    const [a, b] = names.map((name) => new ApiClient(running.get(name)!.url));
    const admin = a!;
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);

    // The first conversation to name a recipient stalls there: the delivery is claimed, nothing accepted.
    inbox.holdRecipient = () => inbox.held.length === 0;
    const client = newClient({ notes: "Gate code 4455 — SECRET NOTE", estimatedValue: "98765" });
    const booked = await admin.call("trpc", "appointments.schedule", {
      ...client,
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "10:00",
      confirm: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const leadId = booked.body.lead.id as string;
    const homeowner = `home${Date.now()}@example.com`;
    const contact = await (b ?? a!).call("rest", "contact.submit", {
      name: "Dana Home",
      email: homeowner,
      zipCode: "28801",
      service: "crawl-space",
      message: "Water under the house",
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);

    await inbox.until(() => inbox.held.length === 1, 15_000, "a conversation to stall");
    const victim = inbox.held[0]!.user;
    const killedAt = performance.now();
    await running.get(victim)!.kill9();
    running.delete(victim);
    if (!POSTGRES) running.set("restarted", await start("restarted"));
    const [survivorName, survivor] = [...running.entries()][0]!;

    const expected: [string, RegExp][] = [
      [client.email, /^Your appointment is confirmed/],
      [OFFICE, new RegExp(`^Appointment booked: ${client.clientName}$`)],
      [OFFICE, /^New request from Dana Home$/],
      [homeowner, /^We received your request/],
    ];
    const arrived = () => expected.every(([to, subject]) => inbox.to(to).some((m) => subject.test(m.mail.subject ?? "")));
    await inbox.until(arrived, 60_000, "every message after the kill");
    const takeoverMs = performance.now() - killedAt;
    // A second copy from a job run twice would come within the next poll rounds.
    await new Promise((r) => setTimeout(r, 2000));

    for (const [to, subject] of expected) {
      expect(
        inbox.to(to).filter((m) => subject.test(m.mail.subject ?? "")),
        `${to} ${subject}`,
      ).toHaveLength(1);
    }
    expect(inbox.received).toHaveLength(expected.length);
    expect(new Set(inbox.received.map((m) => m.messageId)).size).toBe(expected.length);
    // The stalled message was sent by the instance that took over; the dead one delivered nothing of it.
    const heldTo = inbox.held[0]!.to;
    expect(inbox.to(heldTo).map((m) => m.user)).not.toContain(victim);
    expect(inbox.to(heldTo).find((m) => m.user === survivorName)).toBeDefined();
    for (const m of inbox.received) {
      expect(m.mail.html || "").not.toContain("SECRET NOTE");
      expect(m.mail.text ?? "").not.toContain("SECRET NOTE");
      expect(m.mail.text ?? "").not.toContain("98765");
    }

    // The delivery log, read on the survivor: sent once each (the held one on its second attempt).
    const reader = new ApiClient(survivor.url);
    reader.cookies = admin.cookies;
    const log = (await reader.call("trpc", "notifications.deliveries", { leadId })).body as { kind: string; status: string }[];
    expect(log.map((d) => `${d.kind}:${d.status}`).sort()).toEqual([
      "client-confirmation:sent",
      "client-reminder:queued",
      "office-booking:sent",
    ]);
    console.log(`mail crash test (${POSTGRES ? "PostgreSQL" : "embedded"}): all sent ${Math.round(takeoverMs)} ms after the kill`);
  });
});
