// Invitations with an address are mailed (the link, who invited, the expiry) through a real SMTP
// server; the link's code is kept only until its mail has gone; the Register form reads the
// invitation it was opened with (both doors).
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

describe("invitations by e-mail", () => {
  const inbox = new SmtpInbox();
  let srv: TestServer;
  let admin: ApiClient;
  let adminName: string;

  const drain = () => srv.running.mail.drain();
  const invitationRows = () =>
    srv.running.db.sql<{ recipient: string; status: string; lastError: string | null; payload: Record<string, unknown> }[]>`
      SELECT recipient, status, last_error, payload FROM mail_deliveries WHERE kind = 'invitation' ORDER BY created_at, id`;

  beforeAll(async () => {
    await inbox.start();
    srv = await startTestServer({
      SMTP_URL: `smtp://invitations:pass@127.0.0.1:${inbox.port}`,
      MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
      OFFICE_NOTIFY_EMAILS: "office@crawlguard.test",
      MAIL_POLL_MS: "600000",
    });
    admin = new ApiClient(srv.url);
    const account = newAccount("admin");
    adminName = account.username;
    await admin.call("trpc", "auth.register", account);
  });
  afterAll(async () => {
    await srv?.stop();
    await inbox.stop();
  });

  it.each(doors)("an invitation with an address is mailed: the link, who invited, the expiry (%s door)", async (door) => {
    const email = `invitee-${door}-${Date.now()}@example.com`;
    const created = await admin.call(door, "invitations.create", { email });
    expect(created.status).toBe(200);
    await drain();
    const [mail, ...more] = inbox.to(email);
    expect(more).toEqual([]);
    expect(mail!.mail.subject).toBe("You're invited to the CrawlGuard dashboard");
    const text = mail!.mail.text ?? "";
    expect(text).toContain(`${srv.url}/auth?invite=${created.body.token as string}`);
    expect(created.body.url).toBe(`${srv.url}/auth?invite=${created.body.token as string}`);
    expect(text).toContain(`${adminName} invited you`);
    const expires = new Date(created.body.expiresAt as string);
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "long", day: "numeric", year: "numeric" }).format(
      expires,
    );
    expect(text).toContain(`expires on`);
    expect(text).toContain(day);
    // Sent: the code is no longer kept anywhere but in the mail.
    const rows = (await invitationRows()).filter((r) => r.recipient === email);
    expect(rows).toEqual([expect.objectContaining({ status: "sent" })]);
    expect(rows[0]!.payload).not.toHaveProperty("secret");
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(created.body.token as string);
  });

  it("no address, no mail; a revoked invitation's mail is skipped, and its code is dropped", async () => {
    const before = inbox.received.length;
    expect((await admin.call("rest", "invitations.create", {})).status).toBe(200);
    const email = `revoked-${Date.now()}@example.com`;
    const created = await admin.call("rest", "invitations.create", { email });
    expect((await admin.call("rest", "invitations.revoke", { id: created.body.id })).status).toBe(200);
    await drain();
    expect(inbox.received.length).toBe(before);
    const [row] = (await invitationRows()).filter((r) => r.recipient === email);
    expect(row).toMatchObject({ status: "skipped", lastError: "The invitation has been revoked" });
    expect(row!.payload).not.toHaveProperty("secret");
  });

  it.each(doors)("the Register form reads its invitation: the address and expiry; used, revoked, unknown said (%s door)", async (door) => {
    const anon = new ApiClient(srv.url);
    const email = `reader-${door}-${Date.now()}@example.com`;
    const created = await admin.call(door, "invitations.create", { email });
    const token = created.body.token as string;
    const read = await anon.call(door, "invitations.lookup", { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ email, expiresAt: created.body.expiresAt });
    const open = await admin.call(door, "invitations.create", {});
    expect((await anon.call(door, "invitations.lookup", { token: open.body.token })).body).toEqual({
      email: null,
      expiresAt: open.body.expiresAt,
    });

    const unknown = await anon.call(door, "invitations.lookup", { token: "not-a-real-code" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Invitation not found");
    expect((await anon.call(door, "invitations.lookup", {})).status).toBe(400);

    const registered = await anon.call(door, "auth.register", { ...newAccount("reader"), email, inviteToken: token });
    expect(registered.status).toBe(200);
    const used = await new ApiClient(srv.url).call(door, "invitations.lookup", { token });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe("This invitation has already been used");

    await admin.call(door, "invitations.revoke", { id: open.body.id });
    const revoked = await new ApiClient(srv.url).call(door, "invitations.lookup", { token: open.body.token });
    expect(revoked.status).toBe(400);
    expect(revoked.body.message).toMatch(/revoked/);
  });
});
