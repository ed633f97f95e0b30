import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type Door, type TestServer, registerInvited } from "@crawlguard/testing/harness";

describe.each(doors)("user management through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let adminId: string;
  let adminAccount: ReturnType<typeof newAccount>;

  async function staffAccount() {
    const account = newAccount("staff");
    const client = new ApiClient(srv.url);
    const res = await registerInvited(admin, client, door, account);
    expect(res.body.isAdmin).toBe(false);
    return { account, client, id: res.body.id as string };
  }

  async function login(d: Door, email: string, password: string) {
    const client = new ApiClient(srv.url);
    return { client, res: await client.call(d, "auth.login", { email, password }) };
  }

  beforeAll(async () => {
    srv = await startTestServer();
    adminAccount = newAccount("admin");
    admin = new ApiClient(srv.url);
    const res = await admin.call(door, "auth.register", adminAccount);
    expect(res.body.isAdmin).toBe(true);
    adminId = res.body.id;
  });
  afterAll(() => srv.stop());

  it("lists every account for an admin, oldest first, without passwords", async () => {
    const { account, id } = await staffAccount();
    const res = await admin.call(door, "users.list");
    expect(res.status).toBe(200);
    const list = res.body as { id: string }[];
    expect(list[0]).toEqual({
      id: adminId,
      username: adminAccount.username,
      email: adminAccount.email,
      isAdmin: true,
      role: "admin",
      createdAt: expect.any(String),
      displayName: adminAccount.username,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(list).toContainEqual({
      id,
      username: account.username,
      email: account.email,
      isAdmin: false,
      role: "office",
      createdAt: expect.any(String),
      displayName: account.username,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
  });

  it("answers 401 logged out and 403 to staff for every user call", async () => {
    const { client: staff, id } = await staffAccount();
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["users.list", undefined],
      ["users.delete", { id: adminId }],
      ["users.resetPassword", { id, password: "a-new-password" }],
    ];
    for (const [name, input] of calls) {
      const anon = await new ApiClient(srv.url).call(door, name, input);
      expect(anon.status, name).toBe(401);
      const res = await staff.call(door, name, input);
      expect(res.status, name).toBe(403);
      expect(res.body.message).toBe("Admin access required");
    }
  });

  it("never deletes an admin, answers 404 for an unknown id", async () => {
    const res = await admin.call(door, "users.delete", { id: adminId });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Admin users cannot be deleted");
    const unknown = await admin.call(door, "users.delete", { id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    expect((await admin.call(door, "auth.me")).status).toBe(200);
  });

  it("deletes a staff account and ends its sessions", async () => {
    const { client: staff, id, account } = await staffAccount();
    expect((await staff.call(door, "auth.me")).status).toBe(200);
    const res = await admin.call(door, "users.delete", { id });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await staff.call(door, "auth.me")).status).toBe(401);
    expect((await login(door, account.email, account.password)).res.status).toBe(401);
    const list = (await admin.call(door, "users.list")).body as { id: string }[];
    expect(list.some((u) => u.id === id)).toBe(false);
    expect((await admin.call(door, "users.delete", { id })).status).toBe(404);
  });

  it("resets a password: the new one works, the old one and the old sessions do not", async () => {
    const { client: staff, id, account } = await staffAccount();
    const second = (await login(door, account.email, account.password)).client;
    const res = await admin.call(door, "users.resetPassword", { id, password: "brand-new-secret" });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await staff.call(door, "auth.me")).status).toBe(401);
    expect((await second.call(door, "auth.me")).status).toBe(401);
    expect((await login(door, account.email, account.password)).res.status).toBe(401);
    const fresh = await login(door, account.email, "brand-new-secret");
    expect(fresh.res.status).toBe(200);
    expect((await fresh.client.call(door, "auth.me")).body.id).toBe(id);
  });

  it("lifts the failed-login lockout of the account whose password is reset", async () => {
    const { id, account } = await staffAccount();
    for (let i = 0; i < 5; i++) await login(door, account.email, "wrong-password");
    expect((await login(door, account.email, account.password)).res.status).toBe(429);
    await admin.call(door, "users.resetPassword", { id, password: "after-lockout-1" });
    expect((await login(door, account.email, "after-lockout-1")).res.status).toBe(200);
  });

  it("keeps the admin's current session when resetting their own password, ending the others", async () => {
    const other = (await login(door, adminAccount.email, adminAccount.password)).client;
    const res = await admin.call(door, "users.resetPassword", { id: adminId, password: "admin-rotated-1" });
    expect(res.status).toBe(200);
    expect((await admin.call(door, "auth.me")).status).toBe(200);
    expect((await other.call(door, "auth.me")).status).toBe(401);
    adminAccount.password = "admin-rotated-1";
    expect((await login(door, adminAccount.email, "admin-rotated-1")).res.status).toBe(200);
  });

  it("refuses direction controls and zero-width characters in a display name (400), as in a username", async () => {
    const { client: staff, id } = await staffAccount();
    for (const displayName of ["Sam\u202Eeel", "\u2066Sam\u2069", "Sam\u200BLee", "\uFEFFSam", "Sam\u200F", "Sam\u061CLee", "Sam\u2060"]) {
      for (const [who, client] of [
        ["self", staff],
        ["admin", admin],
      ] as const) {
        const res = await client.call(door, "users.updateProfile", { id, displayName });
        expect(res.status, `${who} ${JSON.stringify(displayName)}`).toBe(400);
        expect(res.body.message).toBe(
          "displayName: Contains invisible characters that are not allowed here (text direction controls or zero-width characters)",
        );
      }
    }
    const [row] = await srv.running.db.sql<{ displayName: string | null }[]>`SELECT display_name FROM users WHERE id = ${id}`;
    expect(row!.displayName).toBeNull();
    // Right-to-left names themselves are welcome.
    const ok = await staff.call(door, "users.updateProfile", { id, displayName: "مريم لي" });
    expect(ok).toMatchObject({ status: 200, body: { displayName: "مريم لي" } });
  });

  it("answers 400 for a short password and 404 for an unknown user", async () => {
    const { id } = await staffAccount();
    const short = await admin.call(door, "users.resetPassword", { id, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("password: Password must be at least 8 characters");
    const unknown = await admin.call(door, "users.resetPassword", { id: randomUUID(), password: "long-enough-1" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
  });
});
