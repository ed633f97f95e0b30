// The homeowner's quote page (/quote/{token}) under load: autocannon against the BUILT server
// (`node apps/server/dist/index.js`, its own process, production settings) on loopback, a fresh
// embedded database (or DATABASE_URL's server) removed at the end. In the same run, the baseline
// first: GET /api/health/live (no database), then GET /api/health (one query), then the quote page
// of a sent quote with three lines and an add-on, each with BENCH_CONNECTIONS (10) connections
// for BENCH_DURATION (5) seconds after a 1 s warm-up. It prints req/s, p50 and p99 of each, and
// exits non-zero when the page misses the targets (≥ 200 req/s, p99 < 50 ms) or any answer is
// not 200.
//   BENCH_CONNECTIONS, BENCH_DURATION as above
import autocannon, { type Result } from "autocannon";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const MIN_RPS = 200;
const MAX_P99_MS = 50;
const DEADLINE_MS = 5 * 60 * 1000;

async function run(url: string): Promise<Result> {
  const common = { url, connections: CONNECTIONS, timeout: 30 };
  await autocannon({ ...common, duration: WARMUP_S });
  return autocannon({ ...common, duration: DURATION_S });
}

/** A staff session (the first account) and a sent quote; the quote page's path. */
async function sentQuotePath(base: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: base };
  const register = await fetch(`${base}/api/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: "bench-owner", email: "bench-owner@example.com", password: "bench-crawlspace-2026" }),
  });
  if (!register.ok) throw new Error(`register answered ${register.status}`);
  const cookie = register.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = async (path: string, body: unknown) => {
    const res = await fetch(base + path, { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string; clientUrl: string };
  };
  const lead = await call("/api/leads", {
    name: "Dana Home",
    email: "dana@example.com",
    zipCode: "28801",
    address: "12 Oak St, Asheville, NC",
    service: "crawl-space-encapsulation",
  });
  const draft = await call("/api/quotes", {
    leadId: lead.id,
    lines: [
      { description: "Crawl space encapsulation, 20-mil liner", quantity: 1, unit: "each", unitPriceCents: 350_000 },
      { description: "Vapor barrier seams taped", quantity: 120.5, unit: "sq ft", unitPriceCents: 299 },
      { description: "Dehumidifier, 70-pint", quantity: 1, unit: "each", unitPriceCents: 129_900, optional: true },
    ],
    discountCents: 10_000,
    taxRatePercent: 7,
    depositPercent: 25,
    messageToClient: "Thanks for having us out.",
  });
  const sent = await call(`/api/quotes/${draft.id}/send`, {});
  return new URL(sent.clientUrl).pathname;
}

const failures = (r: Result): number => r.non2xx + r.errors + r.timeouts;

async function main(): Promise<number> {
  let testDb: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  const cleanup = async () => {
    await server?.stop().catch(() => {});
    await testDb?.drop().catch(() => {});
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);
  try {
    testDb = await createTestDatabase(process.env.DATABASE_URL);
    server = await spawnServer({ entry: "built", dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl });
    const base = server.url;
    const page = await sentQuotePath(base);
    // The first view records viewedAt (a write, once); the run measures the views after it.
    if (!(await fetch(base + page)).ok) throw new Error("the quote page did not answer 200");

    const rows: Record<string, string | number>[] = [];
    let failed = 0;
    const measured: Record<string, Result> = {};
    for (const [name, path] of [
      ["baseline: /api/health/live (no database)", "/api/health/live"],
      ["baseline: /api/health (one query)", "/api/health"],
      ["quote page /quote/{token}", page],
    ] as const) {
      const r = await run(base + path);
      measured[name] = r;
      failed += failures(r);
      rows.push({
        what: name,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        "not 200": failures(r),
      });
    }
    console.log(`${testDb.databaseUrl ? "PostgreSQL" : "embedded database"}, ${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.table(rows);
    const quote = measured["quote page /quote/{token}"]!;
    const met = quote.requests.average >= MIN_RPS && quote.latency.p99 < MAX_P99_MS && failed === 0;
    console.log(
      `quote page: ${Math.round(quote.requests.average)} req/s (target ≥ ${MIN_RPS}), p99 ${quote.latency.p99} ms (target < ${MAX_P99_MS}): ${met ? "met" : "MISSED"}`,
    );
    return met ? 0 : 1;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
