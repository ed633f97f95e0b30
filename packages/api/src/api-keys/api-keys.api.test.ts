import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_CONTACT_LIMIT, API_KEY_RATE_LIMIT } from "@crawlguard/validators";
import type { RunningServer } from "@crawlguard/testing/harness";
import { ApiClient, newAccount, registerInvited, startTestServer, type TestServer, startServerOn } from "@crawlguard/testing/harness";

/**
 * API keys (ADR 029) through real HTTP: made by an admin, sent as a bearer header with no
 * cookie and no Origin, limited by scope, refused at once when revoked or expired (on every
 * instance: a second server on the same PostgreSQL database), rate-limited per key in the
 * database, never a way around the CSRF check of a cookie session, and a trusted lead source.
 */

/** A client with no cookie and no Origin: an integration. */
function integration(srv: { url: string }, key: string): ApiClient {
  return new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${key}` } });
}

const lead = (n: string) => ({
  name: `Key Lead ${n}`,
  email: `key-${n}@example.com`,
  zipCode: "28801",
  service: "crawl-space-encapsulation",
});

describe("API keys", () => {
  let srv: TestServer;
  let second: RunningServer | undefined;
  let secondDir: string | undefined;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer({
      CONTACT_RATE_LIMIT: "1",
      TURNSTILE_SECRET_KEY: "test-secret",
      TURNSTILE_VERIFY_URL: "http://127.0.0.1:9/",
    });
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, "rest", newAccount("staff"))).status).toBe(200);
    if (srv.testDb.databaseUrl) {
      // A second instance on the same PostgreSQL database (its own DATA_DIR), as behind a load balancer.
      secondDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-h26k-"));
      second = await startServerOn({ dataDir: secondDir, databaseUrl: srv.testDb.databaseUrl });
    }
  });
  afterAll(async () => {
    await second?.stop();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
    await srv.stop();
  });

  async function makeKey(scope: "read" | "read-write", extra: Record<string, unknown> = {}) {
    const res = await admin.raw("POST", "/api/api-keys", {
      name: `Zapier ${scope} ${Math.random().toString(36).slice(2, 6)}`,
      scope,
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body as { id: string; key: string; name: string; prefix: string; scope: string; lastUsedAt: string | null };
  }

  it("is shown once, stored only as a hash, listed without it; only admins manage keys", async () => {
    const made = await makeKey("read");
    expect(made.key).toMatch(/^cg_live_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const list = await admin.raw("GET", "/api/api-keys");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    expect((list.body as { id: string }[]).some((k) => k.id === made.id)).toBe(true);
    const [row] = await srv.running.db.sql<{ keyHash: string }[]>`SELECT key_hash FROM api_keys WHERE id = ${made.id}`;
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await srv.running.db.sql`SELECT * FROM api_keys`)).not.toContain(made.key);

    expect((await staff.raw("POST", "/api/api-keys", { name: "mine", scope: "read" })).status).toBe(403);
    expect((await staff.raw("GET", "/api/api-keys")).status).toBe(403);
    expect((await admin.raw("POST", "/api/api-keys", { name: "old", scope: "read", expiresAt: "2020-01-01T00:00:00Z" })).status).toBe(400);
    expect((await admin.raw("POST", "/api/api-keys", { name: "x", scope: "write" })).status).toBe(400);
  });

  it("works without cookie or Origin within its scope, never for admin-only operations", async () => {
    const read = integration(srv, (await makeKey("read")).key);
    const write = integration(srv, (await makeKey("read-write")).key);
    expect((await read.raw("GET", "/api/leads")).status).toBe(200);
    expect((await read.raw("GET", "/api/contact-submissions")).status).toBe(200);
    const refused = await read.raw("POST", "/api/leads", lead("r"));
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toMatch(/read-only/);

    const created = await write.raw("POST", "/api/leads", lead("w"));
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect((await write.raw("PATCH", `/api/leads/${id}`, { status: "contacted" })).status).toBe(200);
    expect((await write.raw("DELETE", `/api/leads/${id}`)).status).toBe(200);
    // The tRPC door reads the same header.
    expect((await read.call("trpc", "leads.list")).status).toBe(200);
    expect((await read.call("trpc", "leads.create", lead("t"))).status).toBe(403);

    // The key acts as its creator, an admin, minus the admin-only operations.
    expect((await write.raw("GET", "/api/api-keys")).status).toBe(403);
    expect((await write.raw("POST", "/api/api-keys", { name: "escalate", scope: "read-write" })).status).toBe(403);
    expect((await write.raw("GET", "/api/users")).status).toBe(403);
    expect((await write.raw("GET", "/api/user")).status).not.toBe(401);
  });

  it("refuses an unknown, revoked or expired key with a 401 on every path, at once on every instance", async () => {
    const made = await makeKey("read");
    const instances = [srv.url, ...(second ? [second.url] : [])];
    if (process.env.TEST_DATABASE_URL) expect(instances).toHaveLength(2);
    for (const url of instances) expect((await integration({ url }, made.key).raw("GET", "/api/leads")).status).toBe(200);

    const unknown = await integration(srv, `${made.key.slice(0, -2)}xx`).raw("GET", "/api/leads");
    expect(unknown.status).toBe(401);
    expect((unknown.body as { message: string }).message).toBe("Invalid API key");
    // Even a public operation: the integration learns its key is wrong.
    expect((await integration(srv, "cg_live_nope").raw("GET", "/api/health")).status).toBe(401);

    expect((await admin.raw("DELETE", `/api/api-keys/${made.id}`)).status).toBe(200);
    for (const url of instances) {
      const res = await integration({ url }, made.key).raw("GET", "/api/leads");
      expect(res.status).toBe(401);
      expect((res.body as { message: string }).message).toBe("This API key has been revoked");
    }
    expect((await admin.raw("DELETE", "/api/api-keys/00000000-0000-4000-8000-000000000000")).status).toBe(404);

    const expiring = await makeKey("read", { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    for (const url of instances) expect((await integration({ url }, expiring.key).raw("GET", "/api/leads")).status).toBe(200);
    await srv.running.db.sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${expiring.id}`;
    for (const url of instances) {
      const res = await integration({ url }, expiring.key).raw("GET", "/api/leads");
      expect(res.status).toBe(401);
      expect((res.body as { message: string }).message).toBe("This API key has expired");
    }
  });

  it("exempts only the bearer from CSRF: a cross-site change carrying the session cookie is refused whatever else it carries", async () => {
    const made = await makeKey("read-write");
    // The staff member's cookie, no Origin: refused.
    const crossSite = new ApiClient(srv.url, { origin: null });
    crossSite.cookies = new Map(staff.cookies);
    expect((await crossSite.raw("POST", "/api/leads", lead("c1"))).status).toBe(403);
    // The same with a valid key added: still refused (the cookie is there).
    const both = await crossSite.raw("POST", "/api/leads", lead("c2"), { authorization: `Bearer ${made.key}` });
    expect(both.status).toBe(403);
    expect((both.body as { message: string }).message).toMatch(/Cross-site request refused/);
    // The key alone: no Origin needed.
    expect((await integration(srv, made.key).raw("POST", "/api/leads", lead("c3"))).status).toBe(200);
    // With Origin, cookie and key: the key is the identity (the cookie is not read).
    const me = await staff.raw("GET", "/api/user", undefined, { authorization: `Bearer ${made.key}` });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('"isAdmin":true');
  });

  it("records the last use at most once a minute", async () => {
    const made = await makeKey("read");
    expect(made.lastUsedAt).toBeNull();
    const lastUsed = async () =>
      (await srv.running.db.sql<{ t: Date | null }[]>`SELECT last_used_at AS t FROM api_keys WHERE id = ${made.id}`)[0]!.t;
    const client = integration(srv, made.key);
    await client.raw("GET", "/api/leads");
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await client.raw("GET", "/api/leads");
    await client.raw("GET", "/api/contact-submissions");
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await srv.running.db.sql`UPDATE api_keys SET last_used_at = last_used_at - interval '61 seconds' WHERE id = ${made.id}`;
    await client.raw("GET", "/api/leads");
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime() - 61_000);
    const listed = (await admin.raw("GET", "/api/api-keys")).body as { id: string; lastUsedAt: string | null }[];
    expect(listed.find((k) => k.id === made.id)!.lastUsedAt).not.toBeNull();
  });

  it("is rate-limited per key in the database: 429 with Retry-After, other keys unaffected", async () => {
    const limited = await makeKey("read");
    const other = await makeKey("read");
    // The minute's requests, as any instance would have recorded them.
    await srv.running.db.sql`
      INSERT INTO rate_limit_hits (bucket, key, hit_at)
      SELECT 'api-key', ${limited.id}, now() - interval '10 seconds' FROM generate_series(1, ${API_KEY_RATE_LIMIT})`;
    const res = await integration(srv, limited.key).raw("GET", "/api/leads");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(40);
    expect(res.headers.get("ratelimit-policy")).toBe(`"api-key";q=${API_KEY_RATE_LIMIT};w=60`);
    expect((res.body as { message: string }).message).toMatch(/requests in the last minute/);
    expect((await integration(srv, other.key).raw("GET", "/api/leads")).status).toBe(200);
    await srv.running.db.sql`DELETE FROM rate_limit_hits WHERE bucket = 'api-key' AND key = ${limited.id}`;
    expect((await integration(srv, limited.key).raw("GET", "/api/leads")).status).toBe(200);
  });

  it("makes POST /api/contact with a write key a trusted lead source: no bot checks or per-address limit, its own limit, the key's name as source", async () => {
    const made = await makeKey("read-write");
    const client = integration(srv, made.key);
    const form = (n: number) => ({
      name: `Forwarded ${n}`,
      email: `forwarded-${n}-${made.id.slice(0, 6)}@example.com`,
      zipCode: "28801",
      message: "From our landing page",
    });
    // CONTACT_RATE_LIMIT is 1 per address and Turnstile is configured (unreachable): a key needs neither.
    for (const n of [1, 2, 3]) {
      const res = await client.raw("POST", "/api/contact", { ...form(n), elapsedMs: 1 });
      expect(res.status).toBe(200);
    }
    const stored = await srv.running.db.sql<{ source: string | null }[]>`
      SELECT source FROM contact_submissions WHERE email LIKE ${`forwarded-%-${made.id.slice(0, 6)}@example.com`}`;
    expect(stored.map((s) => s.source)).toEqual([made.name, made.name, made.name]);
    const listed = (await admin.raw("GET", "/api/contact-submissions")).body as { email: string; source: string | null }[];
    expect(listed.find((s) => s.email === form(1).email)!.source).toBe(made.name);

    // Its own limit, per key.
    await srv.running.db.sql`
      INSERT INTO rate_limit_hits (bucket, key, hit_at)
      SELECT 'contact-key', ${made.id}, now() - interval '1 minute' FROM generate_series(1, ${API_KEY_CONTACT_LIMIT})`;
    const limited = await client.raw("POST", "/api/contact", form(4));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("ratelimit-policy")).toBe(`"contact-key";q=${API_KEY_CONTACT_LIMIT};w=3600`);

    // A read key cannot post; the website's visitors keep the bot check (Turnstile unreachable: 503).
    expect((await integration(srv, (await makeKey("read")).key).raw("POST", "/api/contact", form(5))).status).toBe(403);
    const visitor = await new ApiClient(srv.url).raw("POST", "/api/contact", { ...form(6), turnstileToken: "x" });
    expect([400, 503]).toContain(visitor.status);
  });

  it("is documented: a bearerAuth scheme beside the cookie", async () => {
    const doc = (await admin.raw("GET", "/api/openapi.json")).body as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/leads"]!.get!.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(doc.paths["/api/api-keys"]!.get!.security).toEqual([{ sessionCookie: [] }]);
  });
});
