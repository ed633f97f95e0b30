import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type ApiResponse, type Door, type TestServer } from "@crawlguard/testing/harness";

/**
 * Sign-in throttling (ADR 015) and the 429 header fields, through real
 * HTTP. The server trusts one proxy hop (TRUST_PROXY=1), so each client stands for a visitor at the
 * address its X-Forwarded-For ends with, as the proxy in front would append it. Waiting is
 * simulated by moving the recorded failures back in time.
 */

let ipCounter = 0;
/** A fresh client address (TEST-NET-3 and 198.18.0.0/15), one per visitor. */
function newIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

const WRONG = "wrong-password-1";

function visitor(srv: TestServer, ip = newIp()): ApiClient {
  return new ApiClient(srv.url, { headers: { "x-forwarded-for": ip } });
}

function login(client: ApiClient, door: Door, email: string, password: string) {
  return client.call(door, "auth.login", { email, password });
}

/** The failures recorded for an account move `ms` into the past (as if that much time went by). */
async function wait(srv: TestServer, email: string, ms: number): Promise<void> {
  await srv.running.db.sql`
    UPDATE login_failures SET failed_at = failed_at - make_interval(secs => ${ms / 1000}) WHERE account = ${email.toLowerCase()}`;
}

async function failuresOf(srv: TestServer, email: string): Promise<number> {
  const [row] = await srv.running.db.sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM login_failures WHERE account = ${email.toLowerCase()}`;
  return row!.n;
}

function expectRateLimited(res: ApiResponse, policy: string, quota: number, windowSeconds: number): number {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(res.headers.get("ratelimit-policy")).toBe(`"${policy}";q=${quota};w=${windowSeconds}`);
  expect(res.headers.get("ratelimit")).toBe(`"${policy}";r=0;t=${retryAfter}`);
  return Number(retryAfter);
}

describe.each(doors)("sign-in throttling through the %s door", (door) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", REGISTRATION: "open", CONTACT_RATE_LIMIT: "3" });
    await new ApiClient(srv.url).call(door, "auth.register", newAccount("first"));
  });
  afterAll(() => srv.stop());

  async function account() {
    const a = newAccount();
    expect((await new ApiClient(srv.url).call(door, "auth.register", a)).status).toBe(200);
    return a;
  }

  it("gives an address five tries, then waits that double (1 s, 2 s, 4 s...) with Retry-After, even for the right password", async () => {
    const a = await account();
    const me = visitor(srv);
    for (let i = 0; i < 5; i++) {
      const res = await login(me, door, a.email, WRONG);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Invalid email or password");
    }
    const first = await login(me, door, a.email, a.password);
    expect(expectRateLimited(first, "login-account-address", 5, 86400)).toBe(1);
    expect(first.body.message).toBe("Too many failed login attempts. Please wait 1 second and try again.");
    expect(first.body.code).toBe("TOO_MANY_REQUESTS");

    // Each further failure doubles the wait; refused attempts do not count.
    for (const expected of [2, 4, 8]) {
      await wait(srv, a.email, (expected / 2) * 1000 + 50);
      expect((await login(me, door, a.email, WRONG)).status).toBe(401);
      const refused = await login(me, door, a.email, a.password);
      expect(expectRateLimited(refused, "login-account-address", 5, 86400)).toBe(expected);
      expect(refused.body.message).toBe(`Too many failed login attempts. Please wait ${expected} seconds and try again.`);
    }
    expect(await failuresOf(srv, a.email)).toBe(8);

    // Past the wait, the right password signs in, and the address starts afresh.
    await wait(srv, a.email, 8050);
    const ok = await login(me, door, a.email, a.password);
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(a.email);
    expect(await failuresOf(srv, a.email)).toBe(0);
    for (let i = 0; i < 5; i++) expect((await login(me, door, a.email, WRONG)).status).toBe(401);
  });

  it("caps the wait at 15 minutes and says so in minutes", async () => {
    const a = await account();
    const me = visitor(srv);
    for (let i = 0; i < 20; i++) {
      expect((await login(me, door, a.email, WRONG)).status).toBe(401);
      await wait(srv, a.email, 16 * 60 * 1000);
    }
    await wait(srv, a.email, -16 * 60 * 1000); // the last failure just happened
    const refused = await login(me, door, a.email, a.password);
    const seconds = expectRateLimited(refused, "login-account-address", 5, 86400);
    expect(seconds).toBeGreaterThan(895);
    expect(seconds).toBeLessThanOrEqual(900);
    expect(refused.body.message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
  });

  it("counts and decides in one step: a burst of concurrent wrong passwords gets exactly five guesses", async () => {
    const a = await account();
    const me = visitor(srv);
    const results = await Promise.all(Array.from({ length: 12 }, () => login(me, door, a.email, WRONG)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const r of results.filter((r) => r.status === 429)) expectRateLimited(r, "login-account-address", 5, 86400);
    expect(await failuresOf(srv, a.email)).toBe(5);
    // The burst's own right password is refused too: no sixth guess.
    expect((await login(me, door, a.email, a.password)).status).toBe(429);
  });

  it("slows down a stranger hammering the account, never the owner at another address", async () => {
    const a = await account();
    const home = visitor(srv);
    expect((await login(home, door, a.email, a.password)).status).toBe(200); // the owner's usual address

    // Four strangers, 20 failures in a few seconds: the account is under attack (20 in 15 minutes).
    for (let s = 0; s < 4; s++) {
      const stranger = visitor(srv);
      for (let i = 0; i < 5; i++) expect((await login(stranger, door, a.email, WRONG)).status).toBe(401);
      expect((await login(stranger, door, a.email, a.password)).status).toBe(429);
    }
    // A fifth stranger gets one try, then waits 15 minutes (not the pair's 1 s).
    const fifth = visitor(srv);
    expect((await login(fifth, door, a.email, WRONG)).status).toBe(401);
    const refused = await login(fifth, door, a.email, WRONG);
    expect(expectRateLimited(refused, "login-account", 20, 900)).toBeGreaterThan(890);
    expect(refused.body.message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");

    // The owner: from home (known address), typos are only the pair's business.
    expect((await login(home, door, a.email, WRONG)).status).toBe(401);
    expect((await login(home, door, a.email, a.password)).status).toBe(200);
    // From a hotel never used before, the right password signs in at once.
    expect((await login(visitor(srv), door, a.email, a.password)).status).toBe(200);
    // Same account, same attack, another fresh address with the right password: still in.
    expect((await login(visitor(srv), door, a.email, a.password)).status).toBe(200);
  });

  it("slows down an address trying many accounts, but not an account that signed in from it before (one office, one NAT)", async () => {
    const colleague = await account();
    const office = newIp();
    expect((await login(visitor(srv, office), door, colleague.email, colleague.password)).status).toBe(200);
    // Someone in the office (or sharing its address) sprays 20 accounts.
    const sprayer = visitor(srv, office);
    for (let i = 0; i < 20; i++) expect((await login(sprayer, door, `ghost${i}-${office}@example.com`, WRONG)).status).toBe(401);
    const refused = await login(sprayer, door, `ghost-next-${office}@example.com`, WRONG);
    expect(expectRateLimited(refused, "login-address", 20, 900)).toBe(1);
    // A new account from that address waits too; the colleague who signed in there before does not.
    const newcomer = await account();
    expect((await login(visitor(srv, office), door, newcomer.email, newcomer.password)).status).toBe(429);
    expect((await login(visitor(srv, office), door, colleague.email, colleague.password)).status).toBe(200);
    // Another address is not affected at all.
    expect((await login(visitor(srv), door, newcomer.email, newcomer.password)).status).toBe(200);
  });

  it("throttles an unknown email exactly like a real one (nothing tells them apart)", async () => {
    const ghost = `nobody-${newIp()}@example.com`;
    const me = visitor(srv);
    for (let i = 0; i < 5; i++) {
      const res = await login(me, door, ghost, WRONG);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Invalid email or password");
    }
    expectRateLimited(await login(me, door, ghost, WRONG), "login-account-address", 5, 86400);
  });

  it("is not fooled by a rotated X-Forwarded-For: with TRUST_PROXY=1 only the proxy's entry counts", async () => {
    const a = await account();
    const real = newIp();
    // The client sends any X-Forwarded-For it likes; the proxy appends the address it saw.
    const rotating = (i: number) => new ApiClient(srv.url, { headers: { "x-forwarded-for": `10.${i}.0.1, 203.0.113.${i}, ${real}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(rotating(i), door, a.email, WRONG)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const [row] = await srv.running.db.sql<{ addresses: string[] }[]>`
      SELECT array_agg(DISTINCT address) AS addresses FROM login_failures WHERE account = ${a.email.toLowerCase()}`;
    expect(row!.addresses).toEqual([real]);
  });

  it("is not fooled by a rotated X-Forwarded-For on the contact form either, and its 429 carries the headers", async () => {
    const real = newIp();
    const statuses: ApiResponse<{ message?: string }>[] = [];
    for (let i = 0; i < 5; i++) {
      const client = new ApiClient(srv.url, { headers: { "x-forwarded-for": `192.0.2.${i}, ${real}` } });
      statuses.push(
        await client.call(door, "contact.submit", {
          name: `Rotating Visitor ${i}`,
          email: `rotating${i}-${real}@example.com`,
          phone: "(828) 555-0147",
          zipCode: "28801",
          message: `Message number ${i} from ${real}`,
        }),
      );
    }
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const seconds = expectRateLimited(statuses[3]!, "contact-address", 3, 600);
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(statuses[3]!.body.message).toMatch(/several requests from your network/);
  });
});

describe("a tRPC batch", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", REGISTRATION: "open" });
    await new ApiClient(srv.url).call("rest", "auth.register", newAccount("first"));
  });
  afterAll(() => srv.stop());

  type BatchItem = { result?: { data: unknown }; error?: { message: string; data: { httpStatus: number } } };

  async function batchLogin(client: ApiClient, passwords: string[], email: string) {
    const paths = passwords.map(() => "auth.login").join(",");
    const body = Object.fromEntries(passwords.map((password, i) => [String(i), { email, password }]));
    const res = await client.raw("POST", `/trpc/${paths}?batch=1`, body);
    const items = res.body as BatchItem[];
    return { res, statuses: items.map((item) => (item.result ? 200 : item.error!.data.httpStatus)) };
  }

  it("of 9 wrong passwords then the right one gets no more than five guesses, and says when to retry", async () => {
    const a = newAccount();
    expect((await new ApiClient(srv.url).call("rest", "auth.register", a)).status).toBe(200);
    const me = visitor(srv);
    const { res, statuses } = await batchLogin(me, [...Array(9).fill(WRONG), a.password], a.email);
    expect(statuses).toHaveLength(10);
    const evaluated = statuses.filter((s) => s !== 429);
    expect(evaluated).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // Whichever five ran, at most one was the right one; four or five wrong ones were counted.
    const signedIn = statuses[9] === 200;
    expect(await failuresOf(srv, a.email)).toBe(signedIn ? 0 : 5);
    expect(res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(res.headers.get("ratelimit-policy")).toBe('"login-account-address";q=5;w=86400');
  });

  it("of ten wrong passwords is answered five 401s and five 429s, and the right password afterwards waits", async () => {
    const a = newAccount();
    expect((await new ApiClient(srv.url).call("rest", "auth.register", a)).status).toBe(200);
    const me = visitor(srv);
    const { statuses } = await batchLogin(me, Array(10).fill(WRONG), a.email);
    expect([...statuses].sort()).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    expect(await failuresOf(srv, a.email)).toBe(5);
    expectRateLimited(await login(me, "trpc", a.email, a.password), "login-account-address", 5, 86400);
    // A batch and a burst together from one address still get five in all.
    const b = newAccount();
    expect((await new ApiClient(srv.url).call("rest", "auth.register", b)).status).toBe(200);
    const other = visitor(srv);
    const [batch, ...burst] = await Promise.all([
      batchLogin(other, Array(6).fill(WRONG), b.email),
      ...Array.from({ length: 6 }, () => login(other, "rest", b.email, WRONG)),
    ]);
    const all = [...batch.statuses, ...burst.map((r) => r.status)];
    expect(all.filter((s) => s === 401)).toHaveLength(5);
    expect(all.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe.each([
  // [TRUST_PROXY, the address a request from 127.0.0.1 with this X-Forwarded-For counts for]
  ["false", "127.0.0.1"],
  ["loopback", "203.0.113.20"],
  ["10.0.0.0/8", "127.0.0.1"],
  ["2", "192.0.2.9"],
])("TRUST_PROXY=%s", (trustProxy, counted) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: trustProxy });
  });
  afterAll(() => srv.stop());

  it(`counts a failed sign-in for ${counted}, whatever the client put first in X-Forwarded-For`, async () => {
    const email = `nobody-${trustProxy.replace(/\W/g, "")}@example.com`;
    for (let i = 0; i < 3; i++) {
      const client = new ApiClient(srv.url, { headers: { "x-forwarded-for": `10.9.9.${i}, 192.0.2.9, 203.0.113.20` } });
      expect((await login(client, "rest", email, WRONG)).status).toBe(401);
    }
    const rows = await srv.running.db.sql<{ address: string }[]>`SELECT address FROM login_failures WHERE account = ${email}`;
    expect(rows.map((r) => r.address)).toEqual(Array(3).fill(counted));
  });
});

describe("the OpenAPI document", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  it("documents Retry-After, RateLimit-Policy and RateLimit on every 429", async () => {
    const doc = (await new ApiClient(srv.url).raw("GET", "/api/openapi.json")).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { required?: boolean }> }> }>>;
    };
    const limited = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses?.["429"])
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.responses["429"]!] as const),
    );
    expect(limited.map(([name]) => name)).toEqual(expect.arrayContaining(["POST /api/login", "POST /api/contact"]));
    for (const [name, response] of limited) {
      expect(Object.keys(response.headers ?? {}).sort(), name).toEqual(["RateLimit", "RateLimit-Policy", "Retry-After"]);
      expect(response.headers!["Retry-After"]!.required, name).toBe(true);
    }
  });
});
