// GET /api/leads over 10,000 leads: the real server (Express, session check, trpc-to-openapi,
// output validation) beside a bare node:http handler running the same query on the same database,
// measured in the same run. Loopback only; everything it creates is removed at the end.
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon, { type Result } from "autocannon";
import type { RunningServer } from "../../apps/server/src/server.ts";
import { listLeads } from "../../packages/api/src/leads/leads.ts";
import { armDeadline } from "../deadline.ts";
import { insertPlausibleLeads } from "../seed-leads.ts";
import { type BenchServer, startBenchServer } from "../in-process-server.ts";

const LEADS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
/** Hard bound on the whole run, however slow the machine or database. */
const DEADLINE_MS = 5 * 60 * 1000;

type Sql = RunningServer["db"]["sql"];

/** 10,000 plausible leads in ONE multi-row INSERT (column arrays unnested server-side). */
async function seedLeads(sql: Sql): Promise<void> {
  await insertPlausibleLeads(sql, {
    count: LEADS,
    emailPrefix: "lead",
    statuses: ["new", "contacted", "scheduled", "quoted", "won", "lost"],
    scheduled: (i, _status, now) => (i % 6 === 2 ? new Date(now + (i % 60) * 86_400_000) : null),
  });
}

/** Registers the first (admin) account and returns its session cookie. */
async function sessionCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench", email: "bench@example.com", password: "bench-password-1" }),
  });
  if (!res.ok) throw new Error(`register answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("crawlguard_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** The baseline: the same service query, serialised as JSON, and nothing else. */
async function startBare(sql: Sql): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== "/api/leads") return void res.writeHead(404).end();
    listLeads(sql).then(
      (leads) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(leads)),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function countItems(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return ((await res.json()) as unknown[]).length;
}

const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));

/**
 * Requests still in flight when autocannon stops keep running on the server (their queries queue
 * in the shared pool): wait until a trivial query answers promptly twice in a row, so one phase
 * never slows the next.
 */
async function settle(sql: Sql): Promise<void> {
  let quiet = 0;
  const until = Date.now() + 60_000;
  while (quiet < 2 && Date.now() < until) {
    const start = performance.now();
    await sql`SELECT 1`;
    quiet = performance.now() - start < 50 ? quiet + 1 : 0;
    await sleep(250);
  }
}

async function load(sql: Sql, url: string, headers: Record<string, string>): Promise<Result> {
  // The load generator runs in its own thread, off the event loop of the servers it measures.
  const common = { url, headers, connections: CONNECTIONS, timeout: 60, workers: 1 };
  await autocannon({ ...common, duration: WARMUP_S });
  await settle(sql);
  const result = await autocannon({ ...common, duration: DURATION_S });
  await settle(sql);
  return result;
}

const ms = (n: number) => n.toFixed(1);

function row(label: string, r: Result) {
  return {
    target: label,
    "p50 ms": ms(r.latency.p50),
    "p90 ms": ms(r.latency.p90),
    "p99 ms": ms(r.latency.p99),
    "req/s": (r.requests.total / r.duration).toFixed(1),
    "MB/s": (r.throughput.average / 1e6).toFixed(1),
    requests: r.requests.total,
    "non-2xx": r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

async function main() {
  let benchServer: BenchServer | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const cleanup = async () => {
    await bare?.close().catch(() => {});
    await benchServer?.stop();
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);

  try {
    benchServer = await startBenchServer();
    const { running } = benchServer;
    const sql = running.db.sql;
    const seedStart = performance.now();
    await seedLeads(sql);
    const seedMs = performance.now() - seedStart;
    const cookie = await sessionCookie(running.url);
    bare = await startBare(sql);

    const serverUrl = `${running.url}/api/leads`;
    const bareUrl = `${bare.url}/api/leads`;
    const serverItems = await countItems(serverUrl, { cookie });
    const bareItems = await countItems(bareUrl, {});
    if (serverItems !== LEADS || bareItems !== LEADS) throw new Error(`expected ${LEADS} leads, got ${serverItems} / ${bareItems}`);

    const server = await load(sql, serverUrl, { cookie });
    const baseline = await load(sql, bareUrl, {});

    console.log(
      `database: ${running.db.mode}; leads: ${LEADS}; seed: ${seedMs.toFixed(0)} ms; connections: ${CONNECTIONS}; duration: ${DURATION_S} s (+${WARMUP_S} s warm-up)`,
    );
    const a = row("server GET /api/leads", server);
    const b = row("bare node:http + postgres.js", baseline);
    const ratio = (x: string, y: string) => (Number(x) / Number(y)).toFixed(2);
    console.table([
      a,
      b,
      {
        target: "ratio server/bare",
        "p50 ms": ratio(a["p50 ms"], b["p50 ms"]),
        "p90 ms": ratio(a["p90 ms"], b["p90 ms"]),
        "p99 ms": ratio(a["p99 ms"], b["p99 ms"]),
        "req/s": ratio(a["req/s"], b["req/s"]),
        "MB/s": ratio(a["MB/s"], b["MB/s"]),
      },
    ]);
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

await main();
