import { createHash } from "node:crypto";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "@crawlguard/testing/harness";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

const INVITATION_REQUIRED = "Registration needs an invitation from an administrator";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.each(doors)("accounts by invitation through the %s door", (door: Door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let staff: ApiClient;
  let staffAccount: ReturnType<typeof newAccount>;

  async function invite(input: { email?: string; isAdmin?: boolean; role?: string } = {}) {
    const res = await admin.call(door, "invitations.create", input);
    expect(res.status).toBe(200);
    return res.body as { id: string; token: string; url: string; expiresAt: string };
  }

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "invitation" });
    admin = new ApiClient(srv.url);
    const first = await admin.call(door, "auth.register", newAccount("admin"));
    expect(first.status).toBe(200);
    expect(first.body.isAdmin).toBe(true);
    staff = new ApiClient(srv.url);
    staffAccount = newAccount("staff");
    const res = await registerInvited(admin, staff, door, staffAccount);
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(false);
  });
  afterAll(() => srv.stop());

  it("refuses a stranger with one 403 and one message, whether the email or username exists or not", async () => {
    const answers = await Promise.all(
      [
        newAccount("stranger"),
        { ...newAccount("stranger"), email: staffAccount.email },
        { ...newAccount("stranger"), email: staffAccount.email.toUpperCase() },
        { ...newAccount("stranger"), username: staffAccount.username },
        { ...newAccount("stranger"), inviteToken: "" },
        { ...newAccount("stranger"), inviteToken: "made-up-code" },
        { ...newAccount("stranger"), email: staffAccount.email, inviteToken: "made-up-code" },
      ].map((account) => new ApiClient(srv.url).call(door, "auth.register", account)),
    );
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(INVITATION_REQUIRED);
      expect(res.headers.getSetCookie().join()).not.toMatch(/crawlguard_session=\w/);
    }
    const [count] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'stranger%'`;
    expect(count?.n).toBe(0);
  });

  it("answers the token and its link once; the database keeps only its hash", async () => {
    const before = Date.now();
    const created = await invite({ email: "Invited.Person@Example.com" });
    expect(created.token).toMatch(/^[\w-]{40,}$/);
    expect(created.url).toBe(`${srv.url}/auth?invite=${created.token}`);
    const ttl = Date.parse(created.expiresAt) - before;
    expect(ttl).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThan(7 * 24 * 3600_000 + 60_000);
    const rows = await srv.running.db.sql<{ tokenHash: string; whole: string }[]>`
      SELECT token_hash, row_to_json(i)::text AS whole FROM invitations i WHERE id = ${created.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(created.token));
    expect(rows[0]!.whole).not.toContain(created.token);
  });

  it("lists pending invitations to admins without tokens; used, revoked and expired ones drop out", async () => {
    const pending = await invite({ email: "pending@example.com", isAdmin: true });
    const used = await invite();
    const revoked = await invite();
    const expired = await invite();
    expect((await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount(), inviteToken: used.token })).status).toBe(200);
    expect((await admin.call(door, "invitations.revoke", { id: revoked.id })).status).toBe(200);
    await srv.running.db.sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`;

    const res = await admin.call(door, "invitations.list");
    expect(res.status).toBe(200);
    const list = res.body as Array<Record<string, unknown>>;
    const ids = list.map((i) => i.id);
    expect(ids).toContain(pending.id);
    for (const gone of [used, revoked, expired]) expect(ids).not.toContain(gone.id);
    expect(list.find((i) => i.id === pending.id)).toEqual({
      id: pending.id,
      email: "pending@example.com",
      isAdmin: true,
      role: "admin",
      createdBy: expect.stringMatching(/^admin/),
      createdAt: expect.any(String),
      expiresAt: pending.expiresAt,
    });
    const text = JSON.stringify(res.body);
    for (const token of [pending.token, used.token, revoked.token, expired.token]) expect(text).not.toContain(token);
    expect(text).not.toMatch(/token/i);
  });

  it("creates a staff account with an invitation, once: the second use is a 400 that says so", async () => {
    const { token } = await invite();
    const invitee = new ApiClient(srv.url);
    const account = newAccount("invitee");
    const res = await invitee.call(door, "auth.register", { ...account, inviteToken: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: account.username, email: account.email, isAdmin: false, role: "office" });
    expect((await invitee.call(door, "auth.me")).body.username).toBe(account.username);

    const again = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("again"), inviteToken: token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This invitation has already been used");
    const [row] = await srv.running.db.sql<{ usedBy: string; usedAt: Date }[]>`
      SELECT used_by, used_at FROM invitations WHERE token_hash = ${sha256(token)}`;
    expect(row?.usedBy).toBe(res.body.id);
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it("answers 400 naming why for an expired or a revoked invitation, and creates nothing", async () => {
    const expired = await invite();
    await srv.running.db.sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`;
    const late = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("late"), inviteToken: expired.token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe("This invitation has expired. Ask an administrator for a new one.");

    const revoked = await invite();
    expect((await admin.call(door, "invitations.revoke", { id: revoked.id })).body).toEqual({ success: true });
    const res = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("revoked"), inviteToken: revoked.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This invitation has been revoked. Ask an administrator for a new one.");
    const [count] = await srv.running.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM users WHERE username LIKE 'late%' OR username LIKE 'revoked%'`;
    expect(count?.n).toBe(0);
  });

  it("binds an invitation to its email in any case; another address is a 400 and leaves it usable", async () => {
    const { token } = await invite({ email: "Named.Person@Example.com" });
    const other = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("other"), inviteToken: token });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("This invitation is for another email address");
    const named = await new ApiClient(srv.url).call(door, "auth.register", {
      ...newAccount("named"),
      email: "named.person@example.COM",
      inviteToken: token,
    });
    expect(named.status).toBe(200);
  });

  it("checks duplicates only for a valid invitation, and a 409 leaves the invitation unused", async () => {
    const { id, token } = await invite();
    const taken = await new ApiClient(srv.url).call(door, "auth.register", {
      ...newAccount("dup"),
      email: staffAccount.email.toUpperCase(),
      inviteToken: token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("An account with that email already exists");
    expect(((await admin.call(door, "invitations.list")).body as { id: string }[]).map((i) => i.id)).toContain(id);
    expect((await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("dup"), inviteToken: token })).status).toBe(200);
  });

  it("makes an admin from an admin invitation", async () => {
    const { token } = await invite({ isAdmin: true });
    const res = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount("coadmin"), inviteToken: token });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
    expect(res.body.role).toBe("admin");
  });

  it("gives the account the invitation's role: crew, office or admin; role wins over isAdmin", async () => {
    for (const [input, role] of [
      [{ role: "crew" }, "crew"],
      [{ role: "office" }, "office"],
      [{ role: "admin" }, "admin"],
      [{ role: "crew", isAdmin: true }, "crew"],
    ] as const) {
      const { token, id } = await invite(input);
      const pending = ((await admin.call(door, "invitations.list")).body as { id: string; role: string; isAdmin: boolean }[]).find(
        (i) => i.id === id,
      );
      expect(pending).toMatchObject({ role, isAdmin: role === "admin" });
      const res = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount(role), inviteToken: token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role, isAdmin: role === "admin" });
    }
    const bad = await admin.call(door, "invitations.create", { role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^role: /);
  });

  it("lets exactly one of several registrations racing on one invitation win", async () => {
    const { token } = await invite();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new ApiClient(srv.url).call(i % 2 ? "rest" : "trpc", "auth.register", { ...newAccount("racer"), inviteToken: token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("This invitation has already been used");
    }
    const [count] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'racer%'`;
    expect(count?.n).toBe(1);
  });

  it("keeps invitations to admins: staff get 403, visitors 401, on create, list and revoke", async () => {
    const { id } = await invite();
    const visitor = new ApiClient(srv.url);
    for (const [client, status] of [
      [staff, 403],
      [visitor, 401],
    ] as const) {
      const create = await client.call(door, "invitations.create", { isAdmin: true });
      expect(create.status).toBe(status);
      expect(JSON.stringify(create.body)).not.toMatch(/"token"/);
      expect((await client.call(door, "invitations.list")).status).toBe(status);
      expect((await client.call(door, "invitations.revoke", { id })).status).toBe(status);
    }
    expect(((await admin.call(door, "invitations.list")).body as { id: string }[]).map((i) => i.id)).toContain(id);
    const [count] = await srv.running.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM invitations WHERE revoked_at IS NOT NULL AND id = ${id}`;
    expect(count?.n).toBe(0);
  });

  it("revokes idempotently; an unknown id is a 404 and a used invitation a 409", async () => {
    const { id } = await invite();
    expect((await admin.call(door, "invitations.revoke", { id })).status).toBe(200);
    expect((await admin.call(door, "invitations.revoke", { id })).status).toBe(200);
    const unknown = await admin.call(door, "invitations.revoke", { id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Invitation not found");
    const used = await invite();
    await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount(), inviteToken: used.token });
    const late = await admin.call(door, "invitations.revoke", { id: used.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This invitation has already been used");
  });

  it("validates the invitation's input with messages that name the field", async () => {
    const bad = await admin.call(door, "invitations.create", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("email: Please enter a valid email address");
    const badAdmin = await admin.call(door, "invitations.create", { isAdmin: "yes" });
    expect(badAdmin.status).toBe(400);
    expect(badAdmin.body.message).toMatch(/^isAdmin: /);
    const longCode = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount(), inviteToken: "x".repeat(201) });
    expect(longCode.status).toBe(400);
    expect(longCode.body.message).toMatch(/^inviteToken: /);
  });
});

describe("REGISTRATION", () => {
  it("is invitation-only by default; 'closed' (the old setting) means the same, 'open' is an explicit opt-in", () => {
    expect(loadEnv({}).REGISTRATION).toBe("invitation");
    expect(loadEnv({ REGISTRATION: "closed" }).REGISTRATION).toBe("invitation");
    expect(loadEnv({ REGISTRATION: "invitation" }).REGISTRATION).toBe("invitation");
    expect(loadEnv({ REGISTRATION: "open" }).REGISTRATION).toBe("open");
    expect(() => loadEnv({ REGISTRATION: "anyone" })).toThrow(/REGISTRATION/);
  });

  describe.each([
    ["closed", 403],
    ["open", 200],
  ] as const)("REGISTRATION=%s", (mode, strangerStatus) => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startTestServer({ REGISTRATION: mode });
    });
    afterAll(() => srv.stop());

    it(`lets the first account in as admin, answers a stranger ${strangerStatus}, and still honours invitations`, async () => {
      const admin = new ApiClient(srv.url);
      expect((await admin.call("rest", "auth.register", newAccount("admin"))).body.isAdmin).toBe(true);
      const stranger = await new ApiClient(srv.url).call("rest", "auth.register", newAccount("stranger"));
      expect(stranger.status).toBe(strangerStatus);
      if (strangerStatus === 403) expect(stranger.body.message).toBe(INVITATION_REQUIRED);
      else expect(stranger.body.isAdmin).toBe(false);
      const invited = await registerInvited(admin, new ApiClient(srv.url), "trpc", newAccount("invited"), { isAdmin: true });
      expect(invited.status).toBe(200);
      expect(invited.body.isAdmin).toBe(true);
      // A code that was already used is refused in open mode too, rather than silently ignored.
      const { token } = (await admin.call("rest", "invitations.create", {})).body as { token: string };
      expect((await new ApiClient(srv.url).call("rest", "auth.register", { ...newAccount(), inviteToken: token })).status).toBe(200);
      const reused = await new ApiClient(srv.url).call("rest", "auth.register", { ...newAccount(), inviteToken: token });
      expect(reused.status).toBe(400);
    });
  });
});
