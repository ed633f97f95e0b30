// Load on the BUILT server (`node apps/server/dist/index.js`, public pages included), loopback
// only, on a fresh database that is removed at the end:
//   1. 300 valid contact submissions sent at once, each from an address of its own (X-Forwarded-For,
//      within the per-IP limit of the production defaults): each must be stored exactly once.
//      They are then converted to leads, which fill the board.
//   2. Three timed phases of closed-loop clients: the public pages alone (the baseline), 50 staff
//      sessions alone (board reads, submission reads, lead status/value writes), then both at once.
//      Every answer must be 2xx.
// It prints p50/p99 latency, requests and errors per kind of request and phase, and exits non-zero
// when a submission is not stored exactly once or any request fails.
//   DATABASE_URL=postgres://…   runs on a new database created on that server (needs CREATEDB)
//   BENCH_DURATION=10           seconds per phase;  BENCH_STAFF=50, BENCH_VISITORS=20 clients
import http from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SUBMISSIONS = 300;
const STAFF = Number(process.env.BENCH_STAFF ?? 50);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PUBLIC_PAGES = ["/", "/services", "/contact", "/gallery"];
const DOMAIN = "load-bench.example";
/** Hard bound on the whole run, however slow the machine or database. */
const DEADLINE_MS = 5 * 60 * 1000;

type Kind = "contact submit" | "public page" | "board read" | "submissions read" | "lead write";
type Phase = "burst" | "public alone" | "staff alone" | "both";

interface Sample {
  latencies: number[];
  /** Answers by status other than 2xx. */
  failures: Map<string, number>;
  /** Requests without an answer (connection refused or reset, timeout). */
  errors: number;
}

const samples = new Map<string, Sample>();
function sample(phase: Phase, kind: Kind): Sample {
  const key = `${phase}\u0000${kind}`;
  let s = samples.get(key);
  if (!s) samples.set(key, (s = { latencies: [], failures: new Map(), errors: 0 }));
  return s;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One request over a keep-alive agent; records its latency and outcome under phase/kind. */
function send(
  base: string,
  phase: Phase,
  kind: Kind,
  method: string,
  pathname: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer | null> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${pathname}`,
      {
        method,
        agent,
        timeout: 60_000,
        headers: { ...headers, ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const s = sample(phase, kind);
          s.latencies.push(performance.now() - started);
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          if (status < 200 || status >= 300) {
            const label = `${status} ${method} ${pathname.replace(/[0-9a-f-]{36}/, "{id}")} ${text.slice(0, 120)}`;
            s.failures.set(label, (s.failures.get(label) ?? 0) + 1);
          }
          resolve({ status, body: text, setCookie: res.headers["set-cookie"] ?? [] });
        });
        res.on("error", () => {
          sample(phase, kind).errors += 1;
          resolve(null);
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => {
      sample(phase, kind).errors += 1;
      resolve(null);
    });
    req.end(payload);
  });
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function contactForm(i: number) {
  return {
    name: `Load Visitor ${i}`,
    email: `visitor${i}@${DOMAIN}`,
    phone: "(828) 555-0199",
    address: `${i + 10} Merrimon Ave, Asheville`,
    zipCode: "28804",
    service: "basement-waterproofing",
    message: `Water on the basement floor after every storm (${i})`,
    utmSource: "google",
    landingPage: "/contact",
    elapsedMs: 14_000,
  };
}

interface Session {
  headers: Record<string, string>;
}

/** Registers an account (the first one is the admin) and keeps its session cookie. */
async function register(base: string, n: number): Promise<Session> {
  const answer = await send(base, "burst", "lead write", "POST", "/api/register", {
    body: { username: `staff${n}`, email: `staff${n}@${DOMAIN}`, password: "bench-password-1" },
  });
  const cookie = answer?.setCookie.map((c) => c.split(";")[0]!).find((c) => c.startsWith("crawlguard_session="));
  if (answer?.status !== 200 || !cookie) throw new Error(`register answered ${answer?.status}: ${answer?.body}`);
  // Same-host Origin: cookie-carrying writes need it (CSRF guard).
  return { headers: { cookie, origin: base } };
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** Part 1: the burst of submissions, the exactly-once check, and the conversion to leads. */
async function contactBurst(base: string, admin: Session): Promise<{ leadIds: string[]; failures: string[] }> {
  const forms = Array.from({ length: SUBMISSIONS }, (_, i) => contactForm(i));
  await Promise.all(
    forms.map((form) =>
      send(base, "burst", "contact submit", "POST", "/api/contact", { headers: { "x-forwarded-for": nextAddress() }, body: form }),
    ),
  );
  const list = await send(base, "burst", "submissions read", "GET", "/api/contact-submissions", { headers: admin.headers });
  const rows = (JSON.parse(list?.body ?? "[]") as { id: string; email: string }[]).filter((r) => r.email.endsWith(`@${DOMAIN}`));
  const perEmail = new Map<string, number>();
  for (const row of rows) perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + 1);
  const failures = forms.flatMap((f) => {
    const n = perEmail.get(f.email) ?? 0;
    return n === 1 ? [] : [`${f.email} stored ${n} times`];
  });
  const leadIds: string[] = [];
  await inBatches(rows, 10, async (row) => {
    const answer = await send(base, "burst", "lead write", "POST", `/api/contact-submissions/${row.id}/convert-to-lead`, {
      headers: admin.headers,
    });
    if (answer?.status === 200) leadIds.push((JSON.parse(answer.body) as { lead: { id: string } }).lead.id);
  });
  return { leadIds, failures };
}

const STATUSES = ["new", "contacted", "scheduled", "quoted", "won", "lost"];

/** Closed-loop clients until the phase ends: each sends its next request when the last one answered. */
async function runPhase(
  base: string,
  phase: Phase,
  { visitors, staff, leadIds }: { visitors: number; staff: Session[]; leadIds: string[] },
): Promise<number> {
  const end = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  const visitor = async (v: number) => {
    for (let i = v; performance.now() < end; i++) {
      const page = PUBLIC_PAGES[i % PUBLIC_PAGES.length]!;
      // As a browser asks: compressed, from an address of its own.
      await send(base, phase, "public page", "GET", page, { headers: { "accept-encoding": "gzip, br", "x-forwarded-for": nextAddress() } });
    }
  };
  const staffer = async (session: Session, s: number) => {
    for (let i = s; performance.now() < end; i++) {
      const r = (i * 7919) % 10;
      if (r < 5) {
        await send(base, phase, "board read", "GET", "/api/leads", { headers: session.headers });
      } else if (r < 7) {
        await send(base, phase, "submissions read", "GET", "/api/contact-submissions", { headers: session.headers });
      } else {
        const id = leadIds[(i * 31 + s) % leadIds.length]!;
        await send(base, phase, "lead write", "PATCH", `/api/leads/${id}`, {
          headers: session.headers,
          body: { status: STATUSES[i % STATUSES.length], estimatedValue: String(1000 + ((i * 37) % 9000)) },
        });
      }
    }
  };
  await Promise.all([...Array.from({ length: visitors }, (_, v) => visitor(v)), ...staff.map((session, s) => staffer(session, s))]);
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(durations: Map<Phase, number>) {
  const rows = [];
  const order: Kind[] = ["contact submit", "public page", "board read", "submissions read", "lead write"];
  for (const kind of order) {
    for (const phase of ["burst", "public alone", "staff alone", "both"] as Phase[]) {
      const s = samples.get(`${phase}\u0000${kind}`);
      if (!s || (phase === "burst" && kind !== "contact submit")) continue;
      const sorted = [...s.latencies].sort((a, b) => a - b);
      const seconds = durations.get(phase);
      rows.push({
        kind,
        phase,
        requests: s.latencies.length + s.errors,
        "req/s": seconds ? (s.latencies.length / seconds).toFixed(1) : "",
        "p50 ms": percentile(sorted, 50).toFixed(1),
        "p99 ms": percentile(sorted, 99).toFixed(1),
        "non-2xx": [...s.failures.values()].reduce((a, b) => a + b, 0),
        errors: s.errors,
      });
    }
  }
  console.table(rows);
  const ratio = (kind: Kind, a: Phase, b: Phase, p: number) => {
    const x =
      samples
        .get(`${a}\u0000${kind}`)
        ?.latencies.slice()
        .sort((m, n) => m - n) ?? [];
    const y =
      samples
        .get(`${b}\u0000${kind}`)
        ?.latencies.slice()
        .sort((m, n) => m - n) ?? [];
    return (percentile(x, p) / percentile(y, p)).toFixed(2);
  };
  console.log(
    `public pages with staff traffic / alone: p50 ×${ratio("public page", "both", "public alone", 50)}, p99 ×${ratio("public page", "both", "public alone", 99)}; ` +
      `board reads with public traffic / alone: p50 ×${ratio("board read", "both", "staff alone", 50)}, p99 ×${ratio("board read", "both", "staff alone", 99)}`,
  );
}

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, "apps/server/dist/index.js"))) {
    console.error("No built server: run `npx turbo run build --filter=@crawlguard/server...` (npm run bench:load does).");
    return 1;
  }
  let testDb: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  const cleanup = async () => {
    agent.destroy();
    await server?.stop().catch(() => {});
    await testDb?.drop().catch(() => {});
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);

  try {
    testDb = await createTestDatabase(process.env.DATABASE_URL);
    server = await spawnServer({
      entry: "built",
      dataDir: testDb.dataDir,
      databaseUrl: testDb.databaseUrl,
      // The production limits: one submission per address stays well within them. Registration open
      // (explicitly: the default needs an admin's invitation after the first account) so the staff
      // accounts register straight away, as before.
      env: { CONTACT_RATE_LIMIT: "5", CONTACT_MIN_SUBMIT_MS: "3000", REGISTRATION: "open" },
    });
    const base = server.url;
    const admin = await register(base, 0);
    const staff = [admin];
    for (let n = 1; n < STAFF; n++) staff.push(await register(base, n));

    const burstStart = performance.now();
    const { leadIds, failures } = await contactBurst(base, admin);
    const durations = new Map<Phase, number>([["burst", (performance.now() - burstStart) / 1000]]);
    if (leadIds.length === 0) throw new Error("no lead to work on: the conversions failed");
    // Only the timed phases count from here: the setup's requests are not part of the figures.
    for (const kind of ["submissions read", "lead write"] as Kind[]) samples.delete(`burst\u0000${kind}`);

    durations.set("public alone", await runPhase(base, "public alone", { visitors: VISITORS, staff: [], leadIds }));
    durations.set("staff alone", await runPhase(base, "staff alone", { visitors: 0, staff, leadIds }));
    durations.set("both", await runPhase(base, "both", { visitors: VISITORS, staff, leadIds }));

    console.log(
      `database: ${testDb.databaseUrl ? "PostgreSQL" : "embedded (PGlite)"}; ${SUBMISSIONS} concurrent submissions, ` +
        `${leadIds.length} leads on the board; ${VISITORS} visitors, ${STAFF} staff sessions; ${DURATION_S} s per phase`,
    );
    report(durations);

    const requestFailures = [...samples.entries()].flatMap(([key, s]) => [
      ...[...s.failures].map(([label, n]) => `${key.replace("\u0000", " / ")}: ${n} × ${label}`),
      ...(s.errors ? [`${key.replace("\u0000", " / ")}: ${s.errors} without an answer`] : []),
    ]);
    const problems = server.problems();
    console.log(`exactly once: ${failures.length === 0 ? `all ${SUBMISSIONS} submissions stored once` : failures.join("; ")}`);
    if (requestFailures.length) console.log(`failed requests:\n  ${requestFailures.join("\n  ")}`);
    if (problems.length) console.log(`server warnings and errors:\n  ${problems.slice(0, 20).join("\n  ")}`);
    return failures.length || requestFailures.length || problems.length ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

process.exitCode = await main();
