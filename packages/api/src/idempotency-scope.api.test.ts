import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

/**
 * Whose Idempotency-Keys a request's key is among: each API key has its own (two tools of one
 * administrator that both number their requests never collide), a session's are its user's (the
 * same person in another tab or browser gets the first answer). Through real HTTP on both doors.
 */

let leadCounter = 0;
function lead(tag: string) {
  leadCounter += 1;
  return {
    name: `Scoped Lead ${leadCounter}`,
    email: `scoped${leadCounter}-${tag}@example.com`,
    zipCode: "28801",
    service: "crawl-space-encapsulation",
  };
}

describe.each(doors)("Idempotency-Key scope through the %s door", (door: Door) => {
  let srv: TestServer;
  let admin: ApiClient;
  const account = newAccount("admin");

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", account)).status).toBe(200);
  });
  afterAll(() => srv.stop());

  async function makeKey(name: string): Promise<string> {
    const res = await admin.raw("POST", "/api/api-keys", { name: `${name} ${randomUUID().slice(0, 6)}`, scope: "read-write" });
    expect(res.status).toBe(200);
    return (res.body as { key: string }).key;
  }
  /** An integration: the bearer key, no cookie, no Origin, and the request's Idempotency-Key. */
  const tool = (key: string, idempotencyKey: string) =>
    new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${key}`, "Idempotency-Key": idempotencyKey } });
  /** A signed-in browser of `cookies`' session sending `idempotencyKey`. */
  const browser = (cookies: Map<string, string>, idempotencyKey: string) => {
    const client = new ApiClient(srv.url, { headers: { "Idempotency-Key": idempotencyKey } });
    client.cookies = cookies;
    return client;
  };

  it("gives each API key its own keys: two tools of one admin reusing a form id each create their own lead", async () => {
    const [zapier, crm] = [await makeKey("Zapier"), await makeKey("CRM")];
    const formId = `form-${randomUUID()}`;
    const fromZapier = lead("zapier");
    const fromCrm = lead("crm");

    const first = await tool(zapier, formId).call(door, "leads.create", fromZapier);
    expect(first.status).toBe(200);
    const second = await tool(crm, formId).call(door, "leads.create", fromCrm);
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.email).toBe(fromCrm.email);

    // Each tool's retry answers its own first result and creates nothing.
    const zapierAgain = await tool(zapier, formId).call(door, "leads.create", fromZapier);
    expect(zapierAgain.status).toBe(200);
    expect(zapierAgain.body).toEqual(first.body);
    const crmAgain = await tool(crm, formId).call(door, "leads.create", fromCrm);
    expect(crmAgain.status).toBe(200);
    expect(crmAgain.body).toEqual(second.body);
    // Within one key, the same id with another body is still a 422.
    const mixedUp = await tool(zapier, formId).call(door, "leads.create", fromCrm);
    expect(mixedUp.status).toBe(422);
    expect(mixedUp.body.message).toMatch(/Idempotency-Key was already used with another request/);

    const leads = (await admin.call(door, "leads.list")).body as { email: string }[];
    expect(leads.filter((l) => l.email === fromZapier.email || l.email === fromCrm.email)).toHaveLength(2);

    // Nor does the admin's own session share them.
    const own = lead("session");
    const mine = await browser(admin.cookies, formId).call(door, "leads.create", own);
    expect(mine.status).toBe(200);
    expect(mine.body.email).toBe(own.email);
  });

  it("keeps a session's keys per user: the same person signed in elsewhere gets the first answer", async () => {
    const key = randomUUID();
    const body = lead("tabs");
    const first = await browser(admin.cookies, key).call(door, "leads.create", body);
    expect(first.status).toBe(200);

    const elsewhere = new ApiClient(srv.url);
    expect((await elsewhere.call(door, "auth.login", { email: account.email, password: account.password })).status).toBe(200);
    const replay = await browser(elsewhere.cookies, key).call(door, "leads.create", body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await browser(elsewhere.cookies, key).call(door, "leads.create", lead("tabs-other"))).status).toBe(422);

    const scopes = await srv.running.db.sql<{ scope: string }[]>`SELECT scope FROM idempotency_keys WHERE key = ${key}`;
    expect(scopes.map((r) => r.scope)).toEqual([expect.stringMatching(/^user:/)]);
  });
});
