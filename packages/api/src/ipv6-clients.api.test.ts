import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

/**
 * Every per-address limit counts an IPv6 client by its /64 (one customer's network: any of its 2^64
 * addresses is the same client), an IPv4 client by its address, and an IPv4-mapped IPv6 address as
 * that IPv4 address. Through real HTTP on both doors: the server trusts one proxy hop
 * (TRUST_PROXY=1), so a client stands for the address its X-Forwarded-For ends with.
 */

const WRONG = "wrong-password-1";

/** The `n`th address (1-based) of the /64 `prefix` (four hextets), as a client rotating its interface id would use. */
const in64 = (prefix: string, n: number) => `${prefix}:${n.toString(16)}:${((n * 7919) & 0xffff).toString(16)}:0:${(n * 31).toString(16)}`;

function from(srv: TestServer, ip: string, headers: Record<string, string> = {}): ApiClient {
  return new ApiClient(srv.url, { headers: { "x-forwarded-for": ip, ...headers } });
}

let contactCounter = 0;
function contact(tag: string) {
  contactCounter += 1;
  return {
    name: `Visitor ${contactCounter}`,
    email: `visitor${contactCounter}-${tag}@example.com`,
    phone: "(828) 555-0147",
    zipCode: "28801",
    message: `Message ${contactCounter} from ${tag}`,
  };
}

describe.each(doors)("IPv6 clients through the %s door", (door: Door) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", REGISTRATION: "open", CONTACT_RATE_LIMIT: "3" });
    expect((await new ApiClient(srv.url).call(door, "auth.register", newAccount("first"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  async function account() {
    const a = newAccount("v6");
    expect((await new ApiClient(srv.url).call(door, "auth.register", a)).status).toBe(200);
    return a;
  }
  const login = (client: ApiClient, email: string, password: string) => client.call(door, "auth.login", { email, password });

  it("counts sign-in guesses from many addresses of one /64 as one client: five tries, then 429", async () => {
    const a = await account();
    const statuses: number[] = [];
    for (let n = 1; n <= 10; n++) statuses.push((await login(from(srv, in64("2001:db8:a:1", n)), a.email, WRONG)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // The right password from yet another address of that /64 waits too.
    const refused = await login(from(srv, in64("2001:db8:a:1", 11)), a.email, a.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe('"login-account-address";q=5;w=86400');
    const rows = await srv.running.db.sql<{ address: string }[]>`
      SELECT DISTINCT address FROM login_failures WHERE account = ${a.email.toLowerCase()}`;
    expect(rows.map((r) => r.address)).toEqual(["2001:db8:a:1::/64"]);
    // The next /64 is another client: the owner signs in from it at once.
    expect((await login(from(srv, in64("2001:db8:a:2", 1)), a.email, a.password)).status).toBe(200);
  });

  it("throttles a /64 hammering an account under attack, one address per guess, after one try", async () => {
    const a = await account();
    // 20 failures from four IPv4 strangers put the account under attack.
    for (let s = 1; s <= 4; s++) {
      for (let i = 0; i < 5; i++) expect((await login(from(srv, `198.51.100.${s}`), a.email, WRONG)).status).toBe(401);
    }
    // A fresh address per guess does not make a fresh client: the /64 gets one try, then waits 15 minutes.
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n++) statuses.push((await login(from(srv, in64("2001:db8:a:3", n)), a.email, WRONG)).status);
    expect(statuses).toEqual([401, ...Array(39).fill(429)]);
    const refused = await login(from(srv, in64("2001:db8:a:3", 41)), a.email, WRONG);
    expect(refused.headers.get("ratelimit-policy")).toBe('"login-account";q=20;w=900');
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(890);
  });

  it("slows down a /64 spraying many accounts from rotating addresses", async () => {
    for (let n = 1; n <= 20; n++) {
      expect((await login(from(srv, in64("2001:db8:a:4", n)), `ghost${n}-spray-${door}@example.com`, WRONG)).status).toBe(401);
    }
    const refused = await login(from(srv, in64("2001:db8:a:4", 21)), `ghost-next-spray-${door}@example.com`, WRONG);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe('"login-address";q=20;w=900');
    // A neighbouring /64 is not counted with it.
    expect((await login(from(srv, in64("2001:db8:a:5", 1)), `ghost-next-spray-${door}@example.com`, WRONG)).status).toBe(401);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, and IPv4 addresses one by one", async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) expect((await login(from(srv, "::ffff:203.0.113.77"), a.email, WRONG)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(from(srv, "203.0.113.77"), a.email, WRONG)).status).toBe(401);
    expect((await login(from(srv, "203.0.113.77"), a.email, WRONG)).status).toBe(429);
    expect((await login(from(srv, "::ffff:cb00:714d"), a.email, WRONG)).status).toBe(429);
    // The next IPv4 address is another client.
    expect((await login(from(srv, "203.0.113.78"), a.email, a.password)).status).toBe(200);
  });

  it("limits contact posts from one /64 however many addresses they come from, and not another /64's", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++)
      statuses.push((await from(srv, in64("2001:db8:c:1", n)).call(door, "contact.submit", contact("c1"))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await from(srv, in64("2001:db8:c:2", 1)).call(door, "contact.submit", contact("c2"))).status).toBe(200);
  });

  it("scopes an anonymous Idempotency-Key by the /64 too", async () => {
    const key = randomUUID();
    const first = contact("k1");
    const sent = await from(srv, in64("2001:db8:d:1", 1), { "Idempotency-Key": key }).call(door, "contact.submit", first);
    expect(sent.status).toBe(200);
    // Another address of the same /64 is the same caller: the key is taken by the first request.
    const same = from(srv, in64("2001:db8:d:1", 2), { "Idempotency-Key": key });
    const replay = await same.call(door, "contact.submit", first);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(sent.body);
    const reused = await same.call(door, "contact.submit", contact("k1-other"));
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/Idempotency-Key was already used with another request/);
    // Another /64 has keys of its own.
    const elsewhere = await from(srv, in64("2001:db8:d:2", 1), { "Idempotency-Key": key }).call(door, "contact.submit", contact("k2"));
    expect(elsewhere.status).toBe(200);
    const scopes = await srv.running.db.sql<{ scope: string }[]>`SELECT scope FROM idempotency_keys WHERE key = ${key} ORDER BY scope`;
    expect(scopes.map((r) => r.scope)).toEqual(["ip:2001:db8:d:1::/64", "ip:2001:db8:d:2::/64"]);
  });
});
