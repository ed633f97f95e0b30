// The calendar's range query for one month over 5,000 appointments and 300 recurring time blocks:
// the real server (Express, session check, trpc-to-openapi, recurrence expansion in the business
// zone, output validation) beside a bare node:http handler answering the raw SQL rows of the same
// month, measured in the same run. Loopback only; everything it creates is removed at the end.
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon, { type Result } from "autocannon";
import type { RunningServer } from "../../apps/server/src/server.ts";
import { calendarRange } from "../../packages/api/src/appointments/appointments.ts";
import { armDeadline } from "../deadline.ts";
import { type BenchServer, startBenchServer } from "../in-process-server.ts";

const APPOINTMENTS = 5_000;
const RECURRING_BLOCKS = 300;
const ZONE = "America/New_York";
const YEAR = new Date().getUTCFullYear() + 1;
/** July of next year in New York (UTC-4 all month). */
const WINDOW = { start: `${YEAR}-07-01T04:00:00.000Z`, end: `${YEAR}-08-01T04:00:00.000Z` };
const SEQUENTIAL = Number(process.env.BENCH_REQUESTS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const DEADLINE_MS = 10 * 60 * 1000;

type Sql = RunningServer["db"]["sql"];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/**
 * 5,000 appointments spread over the twelve months of next year (≈420 in July), 90% assigned to
 * the bench user; 300 recurring blocks (100 daily, 100 weekly, 100 monthly) starting between
 * January and June at 07:00–17:30 New York time, a fifth of them with a recurrence end.
 */
async function seed(sql: Sql, userId: string): Promise<void> {
  const yearStart = Date.UTC(YEAR, 0, 1, 13);
  const leads = {
    name: [] as string[],
    email: [] as string[],
    phone: [] as string[],
    address: [] as string[],
    service: [] as string[],
    status: [] as string[],
    priority: [] as string[],
    date: [] as string[],
    minutes: [] as number[],
    assigned: [] as (string | null)[],
  };
  for (let i = 0; i < APPOINTMENTS; i++) {
    leads.name.push(
      `${pick(["Avery", "Jordan", "Morgan", "Riley", "Casey"], i)} ${pick(["Smith", "Owens", "Carter", "Hughes"], i * 7)} ${i}`,
    );
    leads.email.push(`appt${i}@example.com`);
    leads.phone.push(`(828) 555-${String(i % 10_000).padStart(4, "0")}`);
    leads.address.push(`${(i % 900) + 10} ${pick(["Patton Ave", "Haywood Rd", "Merrimon Ave"], i)}, Asheville, NC 28801`);
    leads.service.push(pick(["crawl-space-encapsulation", "basement-waterproofing", "mold-remediation", "consultation"], i));
    leads.status.push(pick(["scheduled", "scheduled", "quoted", "won", "completed"], i));
    leads.priority.push(pick(["low", "medium", "high"], i));
    // Every 30 minutes of the year's working days, in order, so the days fill evenly.
    leads.date.push(new Date(yearStart + Math.floor((i * 365) / APPOINTMENTS) * 86_400_000 + (i % 16) * 1_800_000).toISOString());
    leads.minutes.push(pick([30, 60, 60, 90, 120, 180], i));
    leads.assigned.push(i % 10 === 0 ? null : userId);
  }
  await sql`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, scheduled_date, duration_minutes, assigned_to)
    SELECT n, e, p, a, '28801', s, st, pr, 'appointment-booking', d, m, u
    FROM unnest(${leads.name}::text[], ${leads.email}::text[], ${leads.phone}::text[], ${leads.address}::text[], ${leads.service}::text[],
                ${leads.status}::text[], ${leads.priority}::text[], ${leads.date}::timestamptz[], ${leads.minutes}::int[], ${leads.assigned}::uuid[])
      AS t(n, e, p, a, s, st, pr, d, m, u)`;

  const blocks = {
    title: [] as string[],
    start: [] as string[],
    end: [] as string[],
    type: [] as string[],
    pattern: [] as string[],
    until: [] as (string | null)[],
    color: [] as string[],
  };
  const types = ["personal", "maintenance", "break", "travel", "admin", "other"];
  const colors = ["#ef4444", "#f97316", "#84cc16", "#06b6d4", "#8b5cf6", "#6b7280"];
  for (let i = 0; i < RECURRING_BLOCKS; i++) {
    // 07:00 EST + i·30 min (mod 11 h), on a January–June day: 12:00Z is 07:00 EST.
    const start = Date.UTC(YEAR, i % 6, 1 + (i % 28), 12) + (i % 22) * 1_800_000;
    blocks.title.push(`Block ${i}`);
    blocks.start.push(new Date(start).toISOString());
    blocks.end.push(new Date(start + pick([30, 60, 90], i) * 60_000).toISOString());
    blocks.type.push(pick(types, i));
    blocks.color.push(pick(colors, i));
    blocks.pattern.push(pick(["daily", "weekly", "monthly"], i));
    blocks.until.push(i % 5 === 0 ? `${YEAR}-12-31` : null);
  }
  await sql`
    INSERT INTO time_blocks (user_id, title, start_date_time, end_date_time, block_type, is_recurring, recurring_pattern, recurrence_end_date, color)
    SELECT ${userId}, t, s, e, ty, true, p, u, c
    FROM unnest(${blocks.title}::text[], ${blocks.start}::timestamptz[], ${blocks.end}::timestamptz[], ${blocks.type}::text[],
                ${blocks.pattern}::text[], ${blocks.until}::date[], ${blocks.color}::text[])
      AS x(t, s, e, ty, p, u, c)`;
}

/**
 * The baseline: the rows the month needs, straight from SQL (appointments overlapping it; blocks
 * that can produce an occurrence in it), as JSON. No session, no tRPC, no expansion, no validation.
 */
function rawRows(sql: Sql, start: string, end: string) {
  return Promise.all([
    sql`
      SELECT id, name, phone, address, service, status, priority, scheduled_date, duration_minutes, assigned_to FROM leads
      WHERE scheduled_date > ${start}::timestamptz - interval '180 minutes' AND scheduled_date < ${end}::timestamptz
        AND scheduled_date + make_interval(mins => duration_minutes) > ${start}::timestamptz
      ORDER BY scheduled_date, id`,
    sql`
      SELECT id, user_id, title, description, start_date_time, end_date_time, block_type, is_recurring, recurring_pattern,
             recurrence_end_date::text AS recurrence_end_date, color FROM time_blocks
      WHERE start_date_time < ${end}::timestamptz
        AND (end_date_time > ${start}::timestamptz OR (is_recurring AND (recurrence_end_date IS NULL OR recurrence_end_date >= ${start}::timestamptz::date - 1)))
      ORDER BY start_date_time, id`,
  ]).then(([appointments, blocks]) => ({ appointments, blocks }));
}

/**
 * The second baseline: the whole answer in SQL, recurrences expanded by the database itself with
 * generate_series in the business zone (monthly blocks skip months without their day), the way a
 * hand-written endpoint without the scheduling module would do it.
 */
function sqlExpanded(sql: Sql, start: string, end: string) {
  return Promise.all([
    sql`
      SELECT l.id, l.name, l.phone, l.address, l.service, l.status, l.priority, l.scheduled_date AS start,
             l.scheduled_date + make_interval(mins => l.duration_minutes) AS end, l.duration_minutes, u.username AS assignee_name
      FROM leads l LEFT JOIN users u ON u.id = l.assigned_to
      WHERE l.scheduled_date > ${start}::timestamptz - interval '180 minutes' AND l.scheduled_date < ${end}::timestamptz
        AND l.scheduled_date + make_interval(mins => l.duration_minutes) > ${start}::timestamptz
      ORDER BY l.scheduled_date, l.id`,
    sql`
      WITH w AS (
        SELECT ${start}::timestamptz AS ws, ${end}::timestamptz AS we,
               (${start}::timestamptz AT TIME ZONE ${ZONE})::date AS wsd, (${end}::timestamptz AT TIME ZONE ${ZONE})::date AS wed
      ), b AS (
        SELECT b.id, b.title, b.description, b.block_type, b.color, b.is_recurring, b.recurring_pattern, b.recurrence_end_date,
               u.username AS owner_name, b.start_date_time AT TIME ZONE ${ZONE} AS ls, b.end_date_time AT TIME ZONE ${ZONE} AS le
        FROM time_blocks b JOIN users u ON u.id = b.user_id, w
        WHERE b.start_date_time < w.we
          AND (b.end_date_time > w.ws OR (b.is_recurring AND (b.recurrence_end_date IS NULL OR b.recurrence_end_date >= w.wsd - 1)))
      ), o AS (
        SELECT b.*, b.ls + step.i AS ols, b.le + step.i AS ole
        FROM b, w, LATERAL (
          SELECT CASE b.recurring_pattern WHEN 'monthly' THEN make_interval(months => n) WHEN 'weekly' THEN make_interval(days => 7 * n) ELSE make_interval(days => n) END AS i
          FROM generate_series(
            CASE WHEN NOT b.is_recurring THEN 0
                 WHEN b.recurring_pattern = 'monthly' THEN greatest(0, ((extract(year FROM w.wsd) - extract(year FROM b.ls)) * 12 + extract(month FROM w.wsd) - extract(month FROM b.ls))::int - 1)
                 WHEN b.recurring_pattern = 'weekly' THEN greatest(0, (w.wsd - b.ls::date) / 7 - 1)
                 ELSE greatest(0, w.wsd - b.ls::date - 1) END,
            CASE WHEN NOT b.is_recurring THEN 0
                 WHEN b.recurring_pattern = 'monthly' THEN ((extract(year FROM w.wed) - extract(year FROM b.ls)) * 12 + extract(month FROM w.wed) - extract(month FROM b.ls))::int
                 WHEN b.recurring_pattern = 'weekly' THEN (w.wed - b.ls::date) / 7
                 ELSE w.wed - b.ls::date END) AS n
        ) step
      )
      SELECT o.id AS block_id, o.title, o.description, o.block_type, o.color, o.is_recurring AS recurring, o.recurring_pattern, o.owner_name,
             o.ols AT TIME ZONE ${ZONE} AS start, o.ole AT TIME ZONE ${ZONE} AS end
      FROM o, w
      WHERE (o.recurring_pattern IS DISTINCT FROM 'monthly' OR extract(day FROM o.ols) = extract(day FROM o.ls))
        AND (o.recurrence_end_date IS NULL OR o.ols::date <= o.recurrence_end_date)
        AND o.ols AT TIME ZONE ${ZONE} < w.we AND o.ole AT TIME ZONE ${ZONE} > w.ws
      ORDER BY start, block_id`,
  ]).then(([appointments, blocks]) => ({ appointments, blocks }));
}

async function startBare(sql: Sql): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://bare");
    const query = url.pathname === "/raw" ? rawRows : url.pathname === "/expanded" ? sqlExpanded : null;
    if (!query) return void res.writeHead(404).end();
    query(sql, url.searchParams.get("start")!, url.searchParams.get("end")!).then(
      (rows) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows)),
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

async function register(baseUrl: string): Promise<{ cookie: string; id: string }> {
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
  return { cookie, id: ((await res.json()) as { id: string }).id };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** One request at a time: the latency a person opening the month sees on an idle server. */
async function sequential(url: string, extra: Record<string, string>): Promise<{ p50: number; p90: number; p99: number; bytes: number }> {
  // Like autocannon, no compression: the server would gzip the answer for a browser, the bare one never.
  const headers = { "accept-encoding": "identity", ...extra };
  let bytes = 0;
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p90: quantile(times, 0.9), p99: quantile(times, 0.99), bytes };
}

async function inProcess(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

function concurrent(url: string, headers: Record<string, string>): Promise<Result> {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, timeout: 60, workers: 1 });
}

const ms = (n: number) => n.toFixed(1);

async function main() {
  let benchServer: BenchServer | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const cleanup = async () => {
    await bare?.close().catch(() => {});
    await benchServer?.stop();
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);

  try {
    benchServer = await startBenchServer({ BUSINESS_TIME_ZONE: ZONE });
    const { running } = benchServer;
    const sql = running.db.sql;
    const { cookie, id } = await register(running.url);
    const seedStart = performance.now();
    await seed(sql, id);
    await sql`ANALYZE leads`;
    await sql`ANALYZE time_blocks`;
    const seedMs = performance.now() - seedStart;
    bare = await startBare(sql);

    const query = `start=${encodeURIComponent(WINDOW.start)}&end=${encodeURIComponent(WINDOW.end)}`;
    const serverUrl = `${running.url}/api/calendar/range?${query}&scope=all`;
    const rawUrl = `${bare.url}/raw?${query}`;
    const expandedUrl = `${bare.url}/expanded?${query}`;
    const answer = (await (await fetch(serverUrl, { headers: { cookie } })).json()) as {
      appointments: unknown[];
      blocks: { occurrences: unknown[] }[];
    };
    const occurrenceCount = answer.blocks.reduce((n, b) => n + b.occurrences.length, 0);
    const raw = await rawRows(sql, WINDOW.start, WINDOW.end);
    const expanded = await sqlExpanded(sql, WINDOW.start, WINDOW.end);
    console.log(
      `database: ${running.db.mode}; ${APPOINTMENTS} appointments, ${RECURRING_BLOCKS} recurring blocks (100 daily, 100 weekly, 100 monthly); seed ${seedMs.toFixed(0)} ms\n` +
        `month ${WINDOW.start} → ${WINDOW.end}: ${answer.appointments.length} appointments and ${occurrenceCount} occurrences of ${answer.blocks.length} blocks ` +
        `(raw SQL: ${raw.appointments.length} appointment rows, ${raw.blocks.length} block rows; SQL expansion: ${expanded.appointments.length} and ${expanded.blocks.length})`,
    );
    if (expanded.blocks.length !== occurrenceCount || expanded.appointments.length !== answer.appointments.length) {
      throw new Error("the SQL expansion and the server disagree on the month");
    }

    const targets: { label: string; url: string; headers: Record<string, string> }[] = [
      { label: "server GET /api/calendar/range", url: serverUrl, headers: { cookie } },
      { label: "bare node:http + raw SQL rows", url: rawUrl, headers: {} },
      { label: "bare node:http + SQL expansion", url: expandedUrl, headers: {} },
    ];
    const rows = [];
    for (const target of targets) {
      const latency = await sequential(target.url, target.headers);
      const load = await concurrent(target.url, target.headers);
      rows.push({ ...target, latency, rps: load.requests.total / load.duration, non2xx: load.non2xx, errors: load.errors });
    }
    const serviceP50 = await inProcess(() => calendarRange(sql, { ...WINDOW, scope: "all" }, { id, isAdmin: true, role: "admin" }, ZONE));
    const rawP50 = await inProcess(() => rawRows(sql, WINDOW.start, WINDOW.end));
    const expandedP50 = await inProcess(() => sqlExpanded(sql, WINDOW.start, WINDOW.end));

    const [server] = rows;
    console.table(
      rows.map((r, i) => ({
        target: r.label,
        "p50 ms": ms(r.latency.p50),
        "p90 ms": ms(r.latency.p90),
        "p99 ms": ms(r.latency.p99),
        KB: (r.latency.bytes / 1024).toFixed(0),
        [`req/s @${CONNECTIONS}`]: r.rps.toFixed(1),
        "non-2xx": r.non2xx,
        errors: r.errors,
        "server/this p50": i === 0 ? "" : (server!.latency.p50 / r.latency.p50).toFixed(2),
      })),
    );
    console.log(
      `in process, p50: calendarRange() ${ms(serviceP50)} ms (SQL + expansion in TypeScript), raw SQL rows ${ms(rawP50)} ms, SQL expansion ${ms(expandedP50)} ms`,
    );
    for (const baseline of rows.slice(1)) {
      const ratio = server!.latency.p50 / baseline.latency.p50;
      console.log(`target: within 3× of ${baseline.label} (p50): ${ratio.toFixed(2)}× — ${ratio <= 3 ? "met" : "MISSED"}`);
    }
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

await main();
