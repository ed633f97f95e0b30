import http from "node:http";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiClient,
  doors,
  newAccount,
  startTestServer,
  type TestServer,
  registerInvited,
  startServerOn,
} from "@crawlguard/testing/harness";

describe("first account", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "invitation" });
  });
  afterAll(() => srv.stop());

  it("exactly one of many racing registrations becomes admin; the others need an invitation", async () => {
    const accounts = Array.from({ length: 8 }, () => newAccount("race"));
    const results = await Promise.all(accounts.map((a, i) => new ApiClient(srv.url).call(i % 2 ? "rest" : "trpc", "auth.register", a)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(403)]);
    expect(results.filter((r) => r.body.isAdmin)).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 403))
      expect(r.body.message).toBe("Registration needs an invitation from an administrator");
    const [row] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE is_admin`;
    expect(row?.n).toBe(1);
  });
});

describe.each(doors)("accounts and sessions through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer({ ALLOWED_ORIGINS: "https://partner.example" });
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("first"));
  });
  afterAll(() => srv.stop());

  it("registers a staff account, signs it in, and never returns a password", async () => {
    const client = new ApiClient(srv.url);
    const account = newAccount();
    const res = await registerInvited(admin, client, door, account);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: account.username,
      email: account.email,
      isAdmin: false,
      // Without a role in the invitation: office staff.
      role: "office",
      createdAt: expect.any(String),
      // No display name yet: the username is shown; a colour of the palette (ADR 026).
      displayName: account.username,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const me = await client.call(door, "auth.me");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(account.username);
  });

  it("refuses a duplicate username or email (case-insensitive) with 409 and a message", async () => {
    const account = newAccount();
    await registerInvited(admin, new ApiClient(srv.url), door, account);
    const sameEmail = await registerInvited(admin, new ApiClient(srv.url), door, { ...newAccount(), email: account.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe("An account with that email already exists");
    const sameName = await registerInvited(admin, new ApiClient(srv.url), door, { ...newAccount(), username: account.username });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe("That username is already taken");
  });

  it("answers 400 naming the field for a short password or a bad email", async () => {
    const res = await new ApiClient(srv.url).call(door, "auth.register", { ...newAccount(), password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("password: Password must be at least 8 characters");
    const bad = await new ApiClient(srv.url).call(door, "auth.login", { email: "nope", password: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^email: /);
  });

  it("logs in with a hardened cookie, a new session every time, and logs out server-side", async () => {
    const account = newAccount();
    await registerInvited(admin, new ApiClient(srv.url), door, account);
    const a = new ApiClient(srv.url);
    const login = await a.call(door, "auth.login", { email: account.email.toUpperCase(), password: account.password });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/crawlguard_session=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const first = a.cookies.get("crawlguard_session");
    await a.call(door, "auth.login", { email: account.email, password: account.password });
    expect(a.cookies.get("crawlguard_session")).not.toBe(first);

    const stolen = new ApiClient(srv.url);
    stolen.cookies.set("crawlguard_session", a.cookies.get("crawlguard_session")!);
    expect((await stolen.call(door, "auth.me")).status).toBe(200);
    expect((await a.call(door, "auth.logout")).status).toBe(200);
    const after = await stolen.call(door, "auth.me");
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("You must be logged in");
  });

  it("answers 401 with a message for a wrong password", async () => {
    const account = newAccount();
    await registerInvited(admin, new ApiClient(srv.url), door, account);
    const res = await new ApiClient(srv.url).call(door, "auth.login", { email: account.email, password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid email or password");
  });

  it("slows down repeated failed logins from one address (429 with Retry-After), even for the right password", async () => {
    // Per (account, address) (ADR 015): five tries, then a wait (login-throttle.api.test.ts has the rest).
    const account = newAccount();
    await registerInvited(admin, new ApiClient(srv.url), door, account);
    for (let i = 0; i < 5; i++) {
      expect((await new ApiClient(srv.url).call(door, "auth.login", { email: account.email, password: "wrong-password" })).status).toBe(
        401,
      );
    }
    const res = await new ApiClient(srv.url).call(door, "auth.login", { email: account.email, password: account.password });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("Too many failed login attempts. Please wait 1 second and try again.");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("ratelimit-policy")).toBe('"login-account-address";q=5;w=86400');
    expect(res.headers.get("ratelimit")).toBe('"login-account-address";r=0;t=1');
  });

  it("refuses a cross-site request that carries the session cookie (403)", async () => {
    const account = newAccount();
    const client = new ApiClient(srv.url);
    await registerInvited(admin, client, door, account);
    const path = door === "rest" ? "/api/logout" : "/trpc/auth.logout";
    const body = door === "rest" ? {} : undefined;
    const cookie = `crawlguard_session=${client.cookies.get("crawlguard_session")}`;
    const evil = await new ApiClient(srv.url, { origin: "https://evil.example" }).raw("POST", path, body, { cookie });
    expect(evil.status).toBe(403);
    expect((evil.body as { message: string }).message).toMatch(/Cross-site request refused/);
    const none = await new ApiClient(srv.url, { origin: null }).raw("POST", path, body, { cookie });
    expect(none.status).toBe(403);
    // A plain HTML form posting multipart data from another site is refused too.
    const form = await fetch(srv.url + path, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" },
      body: "--x--",
    });
    expect(form.status).toBe(403);
    expect((await client.call(door, "auth.me")).status).toBe(200);
    const partner = await new ApiClient(srv.url, { origin: "https://partner.example" }).raw("POST", path, body, { cookie });
    expect(partner.status).toBe(200);
  });

  it("lets a same-origin request through under any host name", async () => {
    const account = newAccount();
    const client = new ApiClient(srv.url);
    await registerInvited(admin, client, door, account);
    const cookie = `crawlguard_session=${client.cookies.get("crawlguard_session")}`;
    const { port } = new URL(srv.url);
    // fetch() cannot set Host: use node:http, as a browser reaching the site under another name would.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: door === "rest" ? "/api/logout" : "/trpc/auth.logout",
          headers: { host: `crawlguard.test:${port}`, origin: `http://crawlguard.test:${port}`, cookie },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(200);
  });
});

describe("the REST door", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  it("slows down failed logins from one address across accounts (20 free in 15 minutes)", async () => {
    const client = new ApiClient(srv.url);
    for (let i = 0; i < 20; i++) {
      const res = await client.call("rest", "auth.login", { email: `ghost${i}@example.com`, password: "whatever1" });
      expect(res.status).toBe(401);
    }
    const res = await client.call("rest", "auth.login", { email: "ghost-new@example.com", password: "whatever1" });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("ratelimit-policy")).toBe('"login-address";q=20;w=900');
  });

  it("answers malformed JSON, unknown paths and bad media types with a 4xx and a message", async () => {
    const client = new ApiClient(srv.url);
    const malformed = await client.raw("POST", "/api/login", "{not json");
    expect(malformed.status).toBe(400);
    expect((malformed.body as { message: string }).message).toBeTruthy();
    const trpcMalformed = await client.raw("POST", "/trpc/auth.login", "{not json");
    expect(trpcMalformed.status).toBe(400);
    const unknown = await client.raw("GET", "/api/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/json/);
    expect((unknown.body as { message: string }).message).toBeTruthy();
    const unknownProc = await client.raw("GET", "/trpc/nothing.here");
    expect(unknownProc.status).toBe(404);
  });

  it("reports health when the database answers", async () => {
    const res = await new ApiClient(srv.url).call("rest", "health.check");
    expect(res).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("serves a valid OpenAPI 3.1 document and the API reference page", async () => {
    const client = new ApiClient(srv.url);
    const doc = (await client.raw("GET", "/api/openapi.json")).body as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/register", "/api/login", "/api/logout", "/api/user", "/api/health"]),
    );
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const page = await client.raw("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("swagger-ui-bundle.js");
    expect((await client.raw("GET", "/api/docs/init.js")).body).toContain("/api/openapi.json");
    const bundle = await fetch(`${srv.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it("sets security headers and a request id on every response", async () => {
    const res = await new ApiClient(srv.url).raw("GET", "/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/[\w-]{8,}/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  });
});

describe("persistence", () => {
  it("keeps accounts across a restart", async () => {
    const srv = await startTestServer();
    const account = newAccount();
    expect((await new ApiClient(srv.url).call("rest", "auth.register", account)).status).toBe(200);
    await srv.running.stop();
    const again = await startServerOn(srv.testDb);
    try {
      const login = await new ApiClient(again.url).call("rest", "auth.login", { email: account.email, password: account.password });
      expect(login.status).toBe(200);
      expect(login.body.isAdmin).toBe(true);
    } finally {
      await again.stop();
      await srv.testDb.drop();
    }
  });
});
