// Load, the quick variant of `npm run bench:load`'s first part: 300 valid contact submissions
// sent at once, each from an address of its own (within the per-IP limit), are each stored exactly
// once and whole; a double-click sent during the same burst is stored once too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, type Door, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { contactForm, nextClientAddress, submissionMismatches, type StoredSubmission } from "@crawlguard/testing/write-stream";

const SUBMISSIONS = 300;
const DOUBLE_CLICKS = 30;
const DOMAIN = "load.example";

describe("300 concurrent contact submissions", () => {
  let srv: TestServer;
  beforeAll(async () => {
    // The default per-IP limit (5 in 10 minutes): every visitor stays within it.
    srv = await startTestServer({ TRUST_PROXY: "1" });
  });
  afterAll(() => srv?.stop());

  it("stores each exactly once, whole, and counts each against its own address", { timeout: 60_000 }, async () => {
    const forms = Array.from({ length: SUBMISSIONS }, (_, i) => contactForm(`visitor${i}`, DOMAIN));
    const addresses = forms.map(() => nextClientAddress());
    const send = (i: number, door: Door) =>
      new ApiClient(srv.url, { headers: { "x-forwarded-for": addresses[i]! } }).call(door, "contact.submit", { ...forms[i]! });
    // Every form once, half through each door, plus a second copy of the first few at the same
    // moment from the same address (a double-click).
    const requests = [
      ...forms.map((_, i) => send(i, i % 2 ? "trpc" : "rest")),
      ...forms.slice(0, DOUBLE_CLICKS).map((_, i) => send(i, i % 2 ? "rest" : "trpc")),
    ];
    const answers = await Promise.all(requests);
    const refused = answers.filter((a) => a.status !== 200 || a.body?.success !== true).map((a) => `${a.status} ${JSON.stringify(a.body)}`);
    expect(refused).toEqual([]);

    const rows = (await srv.running.db.sql<StoredSubmission[]>`
      SELECT id, name, email, phone, address, zip_code, service, message, utm_source, utm_medium, utm_campaign,
             utm_term, utm_content, referrer, landing_page, source
      FROM contact_submissions WHERE email LIKE ${`%@${DOMAIN}`}`) as StoredSubmission[];
    const perEmail = new Map<string, number>();
    for (const row of rows) perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + 1);
    expect(rows.length).toBe(SUBMISSIONS);
    expect([...perEmail.values()].every((n) => n === 1)).toBe(true);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const mismatches = forms.flatMap((form) => {
      const row = byEmail.get(form.email);
      return row ? submissionMismatches(row, form) : [`${form.email} missing`];
    });
    expect(mismatches).toEqual([]);

    // The limiter saw each address once per request it let through: one hit, two for a double-click.
    const hits = await srv.running.db.sql<{ key: string; n: number }[]>`
      SELECT key, count(*)::int AS n FROM rate_limit_hits WHERE bucket = 'contact-ip' AND key = ANY(${addresses}) GROUP BY key`;
    expect(hits.length).toBe(SUBMISSIONS);
    const doubled = new Set(addresses.slice(0, DOUBLE_CLICKS));
    expect(hits.filter((h) => h.n !== (doubled.has(h.key) ? 2 : 1))).toEqual([]);
  });
});
