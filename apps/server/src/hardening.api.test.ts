import { chmod, mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_NAME } from "@crawlguard/db";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { INVISIBLE_CHARACTERS_MESSAGE } from "@crawlguard/validators";
import type { RunningServer } from "./server.js";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { imageOf } from "@crawlguard/testing/images";
import {
  ApiClient,
  doors,
  newAccount,
  registerInvited,
  startTestServer,
  type Door,
  type TestServer,
  startServerOn,
} from "@crawlguard/testing/harness";

// The data directory's modes, the CSRF guard's scheme check, the shared validator's
// refusal of invisible formatting characters and the pages' Content-Security-Policy.

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe("DATA_DIR is owner-only, also when it already existed with lax modes", () => {
  let testDb: TestDatabase;
  let running: RunningServer;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await chmod(testDb.dataDir, 0o755);
    await mkdir(path.join(testDb.dataDir, "files", "gallery"), { recursive: true, mode: 0o777 });
    await chmod(path.join(testDb.dataDir, "files"), 0o777);
    await writeFile(path.join(testDb.dataDir, "files", "gallery", "old.webp"), "x", { mode: 0o666 });
    await chmod(path.join(testDb.dataDir, "files", "gallery", "old.webp"), 0o666);
    // The Google token key is generated into DATA_DIR when Google is configured (embedded only).
    running = await startServerOn(testDb, { GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "secret" });
  });
  afterAll(async () => {
    await running?.stop();
    await testDb?.drop();
  });

  it("makes the directory 0700 and every file in it 0600", async () => {
    expect(await mode(testDb.dataDir)).toBe(0o700);
    expect(await mode(path.join(testDb.dataDir, "files"))).toBe(0o700);
    expect(await mode(path.join(testDb.dataDir, "files", "gallery"))).toBe(0o700);
    expect(await mode(path.join(testDb.dataDir, "files", "gallery", "old.webp"))).toBe(0o600);
    if (!testDb.databaseUrl) {
      expect(await mode(path.join(testDb.dataDir, "google-token.key"))).toBe(0o600);
      expect(await mode(path.join(testDb.dataDir, "PG_VERSION"))).toBe(0o600);
      expect(await mode(path.join(testDb.dataDir, SOCKET_NAME))).toBe(0o600);
    }
  });

  it("stores new uploads owner-only", async () => {
    const client = new ApiClient(running.url);
    expect((await client.call("rest", "auth.register", newAccount("owner"))).status).toBe(200);
    const upload = await uploadThrough(client, "rest", await imageOf("jpeg"));
    expect(upload.done?.status).toBe(200);
    const open: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if ((await mode(file)) !== 0o700) open.push(file);
          await walk(file);
        } else if (entry.isFile() && (await mode(file)) !== 0o600) open.push(file);
      }
    };
    await walk(path.join(testDb.dataDir, "files"));
    expect(open).toEqual([]);
  });
});

describe.each(doors)("the CSRF guard compares scheme and host (%s door)", (door: Door) => {
  let srv: TestServer;
  let owner: ApiClient;
  let cookie: string;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "loopback" });
    owner = new ApiClient(srv.url);
    expect((await owner.call(door, "auth.register", newAccount("owner"))).status).toBe(200);
    cookie = `crawlguard_session=${owner.cookies.get("crawlguard_session")}`;
  });
  afterAll(() => srv.stop());

  const post = (origin: string, headers: Record<string, string> = {}) => {
    const path = door === "rest" ? "/api/leads" : "/trpc/leads.create";
    const lead = { name: "Scheme Test", email: `s${Math.random().toString(36).slice(2, 8)}@example.com`, zipCode: "28801", service: "x" };
    return new ApiClient(srv.url, { origin }).raw("POST", path, lead, { cookie, ...headers });
  };

  it("accepts this site's own origin, scheme included", async () => {
    expect((await post(srv.url)).status).toBe(200);
  });

  it("refuses the same host under the other scheme", async () => {
    const https = srv.url.replace(/^http:/, "https:");
    const res = await post(https);
    expect(res.status).toBe(403);
    expect((res.body as { message: string }).message).toMatch(/Cross-site request refused/);
    // A default port written out is still the same origin; another port is not.
    expect((await post(`${srv.url.replace(/:\d+$/, "")}:1`)).status).toBe(403);
  });

  it("takes the scheme from X-Forwarded-Proto of a trusted proxy", async () => {
    const host = new URL(srv.url).host;
    expect((await post(`https://${host}`, { "x-forwarded-proto": "https" })).status).toBe(200);
    expect((await post(`http://${host}`, { "x-forwarded-proto": "https" })).status).toBe(403);
  });
});

describe("with PUBLIC_URL on https, an http page of the same host is cross-site", () => {
  let srv: TestServer;
  let cookie: string;
  beforeAll(async () => {
    srv = await startTestServer({ PUBLIC_URL: "https://crawlguard.example" });
    const owner = new ApiClient(srv.url);
    expect((await owner.call("rest", "auth.register", newAccount("owner"))).status).toBe(200);
    cookie = `crawlguard_session=${owner.cookies.get("crawlguard_session")}`;
  });
  afterAll(() => srv.stop());

  it.each(doors)("through the %s door", async (door) => {
    const path = door === "rest" ? "/api/logout" : "/trpc/auth.logout";
    const body = door === "rest" ? {} : undefined;
    const host = new URL(srv.url).host;
    // The connection is plain http, but the site says it is https: the plain-http origin is refused…
    const plain = await new ApiClient(srv.url, { origin: `http://${host}` }).raw("POST", path, body, { cookie });
    expect(plain.status).toBe(403);
    const plainPublic = await new ApiClient(srv.url, { origin: "http://crawlguard.example" }).raw("POST", path, body, {
      cookie,
      host: "crawlguard.example",
    });
    expect(plainPublic.status).toBe(403);
    // …and PUBLIC_URL's own origin is this site.
    const own = await new ApiClient(srv.url, { origin: "https://crawlguard.example" }).raw("POST", path, body, { cookie });
    expect(own.status).toBe(200);
  });
});

describe.each(doors)("invisible formatting characters in names, emails and phones (%s door)", (door: Door) => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("owner"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  const refused = (res: { status: number; body: unknown }, field: string) => {
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).toContain(INVISIBLE_CHARACTERS_MESSAGE);
    expect(text).toContain(field);
  };

  it("refuses them in the contact form", async () => {
    const contact = { name: "Pat", email: "pat@example.com", phone: "(828) 555-0100", zipCode: "28801", elapsedMs: 15_000 };
    refused(await new ApiClient(srv.url).call(door, "contact.submit", { ...contact, name: "Pat \u202Eyppah\u202C" }), "name");
    refused(await new ApiClient(srv.url).call(door, "contact.submit", { ...contact, email: "pat\u200B@example.com" }), "email");
    refused(await new ApiClient(srv.url).call(door, "contact.submit", { ...contact, phone: "828\u2066555\u20690100" }), "phone");
    const [row] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM contact_submissions`;
    expect(row!.n).toBe(0);
  });

  it("refuses them in leads", async () => {
    const lead = { name: "Lee", email: "lee@example.com", zipCode: "28801", service: "crawl-space-encapsulation" };
    refused(await admin.call(door, "leads.create", { ...lead, name: "Lee\u200F" }), "name");
    refused(await admin.call(door, "leads.create", { ...lead, phone: "\uFEFF828 555 0100" }), "phone");
    const created = await admin.call(door, "leads.create", lead);
    expect(created.status).toBe(200);
    refused(await admin.call(door, "leads.update", { id: created.body.id, email: "l\u2060ee@example.com" }), "email");
  });

  it("refuses them in account names and emails", async () => {
    const account = newAccount("staff");
    refused(await registerInvited(admin, new ApiClient(srv.url), door, { ...account, username: `\u202D${account.username}` }), "username");
    refused(await registerInvited(admin, new ApiClient(srv.url), door, { ...account, email: `\u200D${account.email}` }), "email");
    refused(
      await new ApiClient(srv.url).call(door, "auth.login", { email: `${account.email}\u200E`, password: account.password }),
      "email",
    );
  });
});

describe("Content-Security-Policy of the pages", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({}, { withWeb: true });
  });
  afterAll(() => srv.stop());

  const policyOf = (res: Response) => {
    const map = new Map<string, string[]>();
    for (const part of (res.headers.get("content-security-policy") ?? "").split(";")) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) map.set(name, values);
    }
    return map;
  };

  it.each(["/", "/services", "/about", "/contact", "/gallery", "/auth", "/admin", "/no-such-page"])(
    "%s: scripts by nonce only, the nonce on every inline script, connect-src 'self'",
    async (page) => {
      const res = await fetch(srv.url + page);
      const policy = policyOf(res);
      const scriptSrc = policy.get("script-src")!;
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).toContain("https://challenges.cloudflare.com");
      expect(policy.get("script-src-attr")).toEqual(["'none'"]);
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{24,})'$/.exec(scriptSrc.find((v) => v.startsWith("'nonce-")) ?? "")?.[1];
      expect(nonce).toBeDefined();
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1]!)
        .filter((a) => !/\bsrc=/.test(a) && !/application\/ld\+json/.test(a));
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain("cspNonce");
    },
  );

  it("gives every response a nonce of its own", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => /'nonce-([^']+)'/.exec((await fetch(srv.url + "/")).headers.get("content-security-policy")!)?.[1]),
    );
    expect(new Set(nonces).size).toBe(3);
  });
});

describe("connect-src with S3 storage", () => {
  it("names the bucket's upload origin and S3_PUBLIC_URL, and nothing else", async () => {
    const srv = await startTestServer({
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_PUBLIC_URL: "https://cdn.example.com/photos",
    });
    try {
      const header = (await fetch(`${srv.url}/api/health`)).headers.get("content-security-policy")!;
      const connectSrc = header.split(";").find((d) => d.startsWith("connect-src "));
      expect(connectSrc).toBe("connect-src 'self' http://127.0.0.1:9 https://cdn.example.com");
      expect(header).not.toMatch(/\bwss?:/);
    } finally {
      await srv.stop();
    }
  });
});
