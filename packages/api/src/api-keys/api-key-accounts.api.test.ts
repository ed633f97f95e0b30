import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * What an API key may not touch: accounts, sign-in, keys and calendar feeds. A key is for the
 * business's data; a feed URL, a session or another key made with it would outlive its revocation,
 * and a key would change who people are. Every such call answers the same 403, on both doors, for
 * read and read-write keys alike; the same calls keep working with a session.
 */

const SESSION_ONLY = "API keys cannot manage accounts, keys or settings: sign in as an administrator for that";

/** A client with no cookie and no Origin: an integration. */
const integration = (srv: TestServer, key: string) => new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${key}` } });

describe("operations an API key may not make", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let adminId: string;
  let adminAccount: ReturnType<typeof newAccount>;
  let staff: ApiClient;
  let staffId: string;
  const keys: Record<"read" | "read-write", { id: string; key: string }> = {} as never;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    adminAccount = newAccount("admin");
    const registered = await admin.call("rest", "auth.register", adminAccount);
    expect(registered.status).toBe(200);
    adminId = registered.body.id;
    staff = new ApiClient(srv.url);
    const joined = await registerInvited(admin, staff, "rest", newAccount("staff"));
    expect(joined.status).toBe(200);
    staffId = joined.body.id;
    for (const scope of ["read", "read-write"] as const) {
      const made = await admin.raw("POST", "/api/api-keys", { name: `Tool ${scope}`, scope });
      expect(made.status).toBe(200);
      keys[scope] = made.body as { id: string; key: string };
    }
  });
  afterAll(() => srv.stop());

  /** Every session-only operation, with an input that would succeed for a signed-in admin. */
  const refusedCalls = (): [string, Record<string, unknown> | undefined][] => [
    ["calendarFeed.get", undefined],
    ["calendarFeed.create", {}],
    ["calendarFeed.revoke", {}],
    ["users.updateProfile", { id: adminId, displayName: "Renamed by a key", color: "#be123c" }],
    ["users.updateProfile", { id: staffId, displayName: "Renamed by a key" }],
    ["users.list", undefined],
    ["users.delete", { id: staffId }],
    ["users.resetPassword", { id: staffId, password: "set-by-a-key-1" }],
    ["invitations.create", {}],
    ["invitations.list", undefined],
    ["invitations.revoke", { id: randomUUID() }],
    ["apiKeys.create", { name: "Escalate", scope: "read-write" }],
    ["apiKeys.list", undefined],
    ["apiKeys.revoke", { id: keys["read-write"].id }],
    ["auth.register", newAccount("keyed")],
    ["auth.login", { email: adminAccount.email, password: adminAccount.password }],
    ["auth.logout", {}],
  ];

  it.each(doors)(
    "answers 403 with one message to a read or read-write key on every account, sign-in and feed call (%s door)",
    async (door) => {
      // The admin's own feed, made with a session: a key must neither replace nor revoke it.
      const feed = await admin.call(door, "calendarFeed.create", {});
      expect(feed.status).toBe(200);
      const feedUrl = (feed.body as { url: string }).url;

      for (const scope of ["read", "read-write"] as const) {
        const client = integration(srv, keys[scope].key);
        for (const [name, input] of refusedCalls()) {
          const res = await client.call(door, name, input);
          expect(res.status, `${scope} key, ${name}`).toBe(403);
          expect((res.body as { message: string }).message, `${scope} key, ${name}`).toBe(SESSION_ONLY);
          expect(res.headers.getSetCookie(), `${scope} key, ${name}`).toEqual([]);
        }
        // The business's data stays open to the key, and it may still ask whom it acts as.
        expect((await client.call(door, "leads.list")).status).toBe(200);
        expect((await client.call(door, "users.staff")).status).toBe(200);
        expect((await client.call(door, "auth.me")).body).toMatchObject({ id: adminId });
      }

      // Nothing changed: the feed URL still answers, names, accounts and keys are as they were.
      expect((await fetch(feedUrl)).status).toBe(200);
      const users = (await admin.call(door, "users.list")).body as { id: string; displayName: string }[];
      expect(users.map((u) => u.id)).toContain(staffId);
      expect(users.some((u) => u.displayName === "Renamed by a key")).toBe(false);
      expect((await integration(srv, keys["read-write"].key).call(door, "leads.list")).status).toBe(200);
      const accounts = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users`;
      expect(accounts[0]!.n).toBe(2);
    },
  );

  it.each(doors)("still lets a session make them (%s door)", async (door) => {
    const made = await staff.call(door, "calendarFeed.create", {});
    expect(made.status).toBe(200);
    expect((await staff.call(door, "calendarFeed.get")).body).toMatchObject({ active: true });
    expect((await staff.call(door, "calendarFeed.revoke", {})).status).toBe(200);
    const renamed = await staff.call(door, "users.updateProfile", { id: staffId, displayName: `Sam ${door}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: staffId, displayName: `Sam ${door}` });
    const byAdmin = await admin.call(door, "users.updateProfile", { id: staffId, color: "#047857" });
    expect(byAdmin.body).toMatchObject({ color: "#047857" });
    expect((await admin.call(door, "apiKeys.list")).status).toBe(200);
  });

  it("documents them as cookie-only, with the key's 403 and without the key's limit", async () => {
    const doc = (await admin.raw("GET", "/api/openapi.json")).body as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { description: string }> }>>;
    };
    for (const [path, method] of [
      ["/api/users/{id}", "patch"],
      ["/api/calendar/feed", "get"],
      ["/api/calendar/feed", "post"],
      ["/api/calendar/feed", "delete"],
      ["/api/api-keys", "get"],
    ] as const) {
      const operation = doc.paths[path]![method]!;
      expect(operation.security, `${method} ${path}`).toEqual([{ sessionCookie: [] }]);
      expect(operation.responses["403"]!.description, `${method} ${path}`).toMatch(/Made with an API key/);
      expect(operation.responses["429"], `${method} ${path}`).toBeUndefined();
    }
    const login = doc.paths["/api/login"]!.post!;
    expect(login.security).toEqual([]);
    expect(login.responses["403"]!.description).toMatch(/Made with an API key/);
    expect(doc.paths["/api/leads"]!.get!.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
  });
});
