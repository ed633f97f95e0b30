import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_RATE_LIMIT } from "@crawlguard/validators";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * What an integration reads in the answers' header fields, through both doors: where its key stands
 * against its limit (IETF RateLimit fields on every answer), the Bearer challenge on a 401, and
 * Idempotent-Replayed on an answer replayed for the same Idempotency-Key. And what an admin reads
 * about a key: its last use to the second, and its audit list of calls.
 */

function integration(srv: { url: string }, key: string): ApiClient {
  return new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${key}` } });
}

const POLICY = `"api-key";q=${API_KEY_RATE_LIMIT};w=60`;

describe.each(doors)("answers to an API key through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  const makeKey = async (scope: "read" | "read-write" = "read-write") => {
    const res = await admin.call(door, "apiKeys.create", { name: `Tool ${randomUUID().slice(0, 6)}`, scope });
    expect(res.status).toBe(200);
    return res.body as { id: string; key: string };
  };
  const remaining = (headers: Headers) => Number(/^"api-key";r=(\d+);t=(\d+)$/.exec(headers.get("ratelimit") ?? "")?.[1]);

  it("carries RateLimit-Policy and RateLimit on every answer, counting down, and not to a session", async () => {
    const tool = integration(srv, (await makeKey()).key);
    const first = await tool.call(door, "leads.list");
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe(POLICY);
    expect(first.headers.get("ratelimit")).toMatch(/^"api-key";r=\d+;t=(60|59)$/);
    expect(remaining(first.headers)).toBe(API_KEY_RATE_LIMIT - 1);
    const second = await tool.call(door, "leads.get", { id: randomUUID() });
    expect(second.status).toBe(404);
    expect(second.headers.get("ratelimit-policy")).toBe(POLICY);
    expect(remaining(second.headers)).toBe(API_KEY_RATE_LIMIT - 2);
    const bad = await tool.call(door, "leads.create", { name: "" });
    expect(bad.status).toBe(400);
    expect(remaining(bad.headers)).toBe(API_KEY_RATE_LIMIT - 3);
    // A read key refused a change is not counted, and says so by carrying no fields.
    const reader = integration(srv, (await makeKey("read")).key);
    const refused = await reader.call(door, "leads.create", { name: "x" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("ratelimit")).toBeNull();
    const session = await admin.call(door, "leads.list");
    expect(session.headers.get("ratelimit")).toBeNull();
    expect(session.headers.get("ratelimit-policy")).toBeNull();
  });

  it("is r=0 with Retry-After on the 429 once the minute's requests are spent", async () => {
    const made = await makeKey("read");
    await srv.running.db.sql`
      INSERT INTO rate_limit_hits (bucket, key, hit_at)
      SELECT 'api-key', ${made.id}, now() - interval '20 seconds' FROM generate_series(1, ${API_KEY_RATE_LIMIT - 1})`;
    const tool = integration(srv, made.key);
    const last = await tool.call(door, "leads.list");
    expect(last.status).toBe(200);
    expect(remaining(last.headers)).toBe(0);
    // The oldest counted request leaves the window in about 40 seconds.
    const t = Number(/;t=(\d+)$/.exec(last.headers.get("ratelimit")!)![1]);
    expect(t).toBeGreaterThan(30);
    expect(t).toBeLessThanOrEqual(41);
    const over = await tool.call(door, "leads.list");
    expect(over.status).toBe(429);
    expect(over.headers.get("ratelimit")).toMatch(/^"api-key";r=0;t=\d+$/);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("challenges a refused bearer token with WWW-Authenticate: Bearer, and not a cookie session", async () => {
    const made = await makeKey();
    expect((await admin.call(door, "apiKeys.revoke", { id: made.id })).status).toBe(200);
    const revoked = await integration(srv, made.key).call(door, "leads.list");
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toBe(
      'Bearer realm="CrawlGuard API", error="invalid_token", error_description="This API key has been revoked"',
    );
    const unknown = await integration(srv, "cg_live_nothing").call(door, "leads.list");
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toMatch(/^Bearer realm="CrawlGuard API", error="invalid_token"/);
    const anonymous = await new ApiClient(srv.url).call(door, "leads.list");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBeNull();
  });

  it("marks an answer replayed for the same Idempotency-Key with Idempotent-Replayed: true", async () => {
    const tool = new ApiClient(srv.url, {
      origin: null,
      headers: { authorization: `Bearer ${(await makeKey()).key}`, "idempotency-key": randomUUID() },
    });
    const input = {
      name: "Replay Lead",
      email: `replay-${randomUUID().slice(0, 6)}@example.com`,
      zipCode: "28801",
      service: "consultation",
    };
    const first = await tool.call(door, "leads.create", input);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await tool.call(door, "leads.create", input);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("records every call of a key (time, method, path without its query, status, address) for the admin, newest first", async () => {
    const made = await makeKey();
    const tool = integration(srv, made.key);
    const before = Date.now();
    expect((await tool.raw("GET", "/api/leads?status=new")).status).toBe(200);
    expect((await tool.raw("GET", `/api/leads/${randomUUID()}`)).status).toBe(404);
    expect((await tool.raw("GET", `/trpc/leads.list?input=${encodeURIComponent("{}")}`)).status).toBe(200);
    type Call = { id: number; at: string; method: string; path: string; status: number; clientAddress: string };
    let calls: Call[] = [];
    for (let i = 0; i < 50 && calls.length < 3; i++) {
      calls = (await admin.call<Call[]>(door, "apiKeys.calls", { id: made.id })).body;
      if (calls.length < 3) await new Promise((r) => setTimeout(r, 100));
    }
    expect(calls.map((c) => [c.method, c.path, c.status])).toEqual([
      ["GET", "/trpc/leads.list", 200],
      ["GET", expect.stringMatching(/^\/api\/leads\/[0-9a-f-]{36}$/), 404],
      ["GET", "/api/leads", 200],
    ]);
    for (const call of calls) {
      expect(Date.parse(call.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(call.clientAddress).toMatch(/127\.0\.0\.1$/);
    }
    // Paging back with `before`, and a small `limit`.
    const older = await admin.call<Call[]>(door, "apiKeys.calls", { id: made.id, before: calls[0]!.id, limit: 1 });
    expect(older.body.map((c) => c.path)).toEqual([calls[1]!.path]);
    // Only admins, with a session: a key (even its own) and a missing key are refused.
    expect((await tool.call(door, "apiKeys.calls", { id: made.id })).status).toBe(403);
    expect((await admin.call(door, "apiKeys.calls", { id: randomUUID() })).status).toBe(404);
    const staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, door, newAccount("staff"))).status).toBe(200);
    expect((await staff.call(door, "apiKeys.calls", { id: made.id })).status).toBe(403);
  });

  it("keeps a key's last 1,000 calls", async () => {
    const made = await makeKey("read");
    await srv.running.db.sql`
      INSERT INTO api_key_calls (api_key_id, at, method, path, status, client_address)
      SELECT ${made.id}, now() - make_interval(secs => 2000 - n), 'GET', '/api/leads/' || n, 200, '192.0.2.1'
      FROM generate_series(1, 1100) AS n`;
    const all = await admin.call<{ path: string }[]>(door, "apiKeys.calls", { id: made.id, limit: 1000 });
    expect(all.body).toHaveLength(1000);
    expect(all.body[0]!.path).toBe("/api/leads/1100");
    expect(all.body.at(-1)!.path).toBe("/api/leads/101");
    expect((await admin.call(door, "apiKeys.calls", { id: made.id, limit: 1001 })).status).toBe(400);
    // New calls trim what is stored beyond the newest 1,000.
    const tool = integration(srv, made.key);
    for (let i = 0; i < 25; i++) expect((await tool.raw("GET", "/api/health")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const [stored] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM api_key_calls WHERE api_key_id = ${made.id}`;
    expect(stored!.n).toBeLessThan(1021);
  });

  it("says when a key was last used to the second", async () => {
    const made = await makeKey("read");
    const tool = integration(srv, made.key);
    const lastUsed = async () =>
      (await admin.call<{ id: string; lastUsedAt: string | null }[]>(door, "apiKeys.list")).body.find((k) => k.id === made.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await tool.call(door, "leads.list");
    const first = Date.parse((await lastUsed())!);
    expect(Math.abs(first - Date.now())).toBeLessThan(3000);
    await new Promise((r) => setTimeout(r, 1100));
    await tool.call(door, "leads.list");
    const second = Date.parse((await lastUsed())!);
    expect(second - first).toBeGreaterThanOrEqual(1000);
  });
});
