// A crew member's Today (docs/product.md "The crew's day") at 5,000 leads and 400 appointments, beside
// the same screen for days without jobs (the baseline), in one run: the built server on a fresh
// embedded database, Debian's Chromium driven by Playwright as a phone (390 × 844), signed in as a
// crew member. Measured:
//   - answer: GET /api/my/day for a day with the crew member's jobs and for an empty day, from Node,
//     one request at a time (the session check, the query, the output check, JSON);
//   - answer and draw: in the page, from a tap on "Next day" to the frame after that day's jobs are
//     in the page (a day not seen before: its request, then React's render, style, layout and paint).
// The leads are seeded straight into the database between two runs of the server.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { openDatabase } from "@crawlguard/db";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";
import { insertLeadsWithAppointments } from "../seed-leads.ts";
import { QUIET_CHROMIUM } from "../chromium.ts";
import { businessDate, zonedInstant } from "../business-time.ts";
import { post, sessionOf } from "../bench-http.ts";
import { stats } from "../stats.ts";

const LEADS = Number(process.env.BENCH_LEADS ?? 5000);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 400);
/** Appointments a day (half-hour slots from 7:00); the crew member's share of each day's. */
const PER_DAY = 20;
const MINE_PER_DAY = 12;
const DAYS = Math.ceil(APPOINTMENTS / PER_DAY);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const TARGET_MS = 300;
const DEADLINE_MS = 8 * 60 * 1000;

/** "Tuesday, July 14", as the Today page names a day. */
function dayHeading(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The admin (first account) and a crew member it invites; answers the crew member's cookie and both ids. */
async function accounts(base: string): Promise<{ crewCookie: string; crewId: string; adminId: string }> {
  const admin = await post(base, "/api/register", {
    username: "todaybench",
    email: "today.bench@example.com",
    password: "bench-password-1",
  });
  const adminCookie = sessionOf(admin);
  const { id: adminId } = (await admin.json()) as { id: string };
  const invitation = (await (await post(base, "/api/users/invitations", { role: "crew" }, adminCookie)).json()) as { token: string };
  const crew = await post(base, "/api/register", {
    username: "crewbench",
    email: "crew.bench@example.com",
    password: "bench-password-1",
    inviteToken: invitation.token,
  });
  return { crewCookie: sessionOf(crew), crewId: ((await crew.json()) as { id: string }).id, adminId };
}

/**
 * LEADS leads, of which APPOINTMENTS are appointments on DAYS days from today, PER_DAY a day in
 * half-hour slots from 7:00: MINE_PER_DAY of each day's for the crew member, the rest the admin's.
 */
async function seed(dataDir: string, crewId: string, adminId: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    await insertLeadsWithAppointments(db.sql, {
      prefix: "today",
      leads: LEADS,
      appointments: APPOINTMENTS,
      at: (n) => zonedInstant(businessDate(Math.floor(n / PER_DAY)), 7 * 60 + (n % PER_DAY) * 30),
    });
    await db.sql`
      UPDATE leads SET duration_minutes = 30,
        assigned_to = CASE WHEN (substring(email FROM 'today\\.appt(\\d+)@')::int - ${LEADS - APPOINTMENTS}) % ${PER_DAY} < ${MINE_PER_DAY}
                           THEN ${crewId}::uuid ELSE ${adminId}::uuid END
      WHERE email LIKE 'today.appt%'`;
  } finally {
    await db.close();
  }
}

/** REQUESTS answers of GET /api/my/day for `date`, one at a time, after two to warm up. */
async function answers(base: string, cookie: string, date: string, jobs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 2; i++) {
    const start = performance.now();
    const res = await fetch(`${base}/api/my/day?date=${date}`, { headers: { cookie } });
    const body = (await res.json()) as { jobs: unknown[] };
    const ms = performance.now() - start;
    if (!res.ok || body.jobs.length !== jobs)
      throw new Error(`GET /api/my/day?date=${date}: ${res.status}, ${body.jobs?.length} jobs (wanted ${jobs})`);
    if (i >= 2) times.push(ms);
  }
  return times;
}

/**
 * Taps "Next day" and answers the milliseconds to the frame after that day is drawn: its `jobs`
 * jobs in the list named after it, or its empty state. (A string: tsx's helpers stay out of the page.)
 */
function nextDay(page: Page, label: string, jobs: number): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const label = ${JSON.stringify(label)};
    const jobs = ${jobs};
    const ready = () => jobs > 0
      ? document.querySelectorAll('ol[aria-label="Jobs, ' + label + '"] > li').length === jobs
      : document.getElementById("today-heading")?.textContent === label &&
        [...document.querySelectorAll("p")].some((p) => p.textContent === "No jobs that day");
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error("not drawn: " + label)), 20000);
    const seen = new MutationObserver(() => {
      if (!ready()) return;
      seen.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => resolve(performance.now() - t0); c.port2.postMessage(0); });
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.querySelector('button[aria-label="Next day"]').click();
  })`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-bench-today-"));
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);
  try {
    server = await spawnServer({ entry: "built", dataDir });
    const { crewCookie, crewId, adminId } = await accounts(server.url);
    await server.stop();
    const seedStart = performance.now();
    await seed(dataDir, crewId, adminId);
    const seedMs = performance.now() - seedStart;
    server = await spawnServer({ entry: "built", dataDir });

    const loadedDay = businessDate(1);
    const emptyDay = businessDate(DAYS + 5);
    const api = {
      loaded: stats(await answers(server.url, crewCookie, loadedDay, MINE_PER_DAY)),
      empty: stats(await answers(server.url, crewCookie, emptyDay, 0)),
    };

    browser = await chromium.launch({ executablePath: QUIET_CHROMIUM });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const [name, value] = crewCookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const navigationStart = performance.now();
    await page.goto(`${server.url}/admin/today`);
    await page
      .locator('ol[aria-label^="Jobs, "] > li')
      .nth(MINE_PER_DAY - 1)
      .waitFor();
    const firstLoadMs = performance.now() - navigationStart;

    // Day 1 … DAYS-1 have the crew member's jobs; the days after them none. Each day is asked for once.
    const loaded: number[] = [];
    for (let day = 1; day < DAYS; day++) loaded.push(await nextDay(page, dayHeading(businessDate(day)), MINE_PER_DAY));
    const empty: number[] = [];
    for (let day = DAYS; day < DAYS * 2; day++) empty.push(await nextDay(page, dayHeading(businessDate(day)), 0));
    const draw = { loaded: stats(loaded), empty: stats(empty) };
    if (process.env.BENCH_DEBUG === "1") console.log({ loaded: loaded.map(Math.round), empty: empty.map(Math.round) });

    console.log(
      `\nToday, Chromium ${browser.version()} as a phone (390 × 844), built server on an embedded database, Node ${process.versions.node}\n` +
        `${LEADS.toLocaleString("en-US")} leads with ${APPOINTMENTS} appointments over ${DAYS} days (seeded in ${(seedMs / 1000).toFixed(1)} s), ` +
        `${MINE_PER_DAY} a day the crew member's; /admin/today opened and drawn in ${firstLoadMs.toFixed(0)} ms (cold, app code included)`,
    );
    const ms = (n: number) => n.toFixed(1);
    console.table([
      { measure: `answer, ${MINE_PER_DAY} jobs`, "p50 ms": ms(api.loaded.p50), "max ms": ms(api.loaded.max), n: REQUESTS },
      { measure: "answer, empty day (baseline)", "p50 ms": ms(api.empty.p50), "max ms": ms(api.empty.max), n: REQUESTS },
      { measure: `answer and draw, ${MINE_PER_DAY} jobs`, "p50 ms": ms(draw.loaded.p50), "max ms": ms(draw.loaded.max), n: loaded.length },
      { measure: "answer and draw, empty day (baseline)", "p50 ms": ms(draw.empty.p50), "max ms": ms(draw.empty.max), n: empty.length },
    ]);
    const met = draw.loaded.p50 < TARGET_MS;
    console.log(
      `target: Today answers and draws a day of ${MINE_PER_DAY} jobs in under ${TARGET_MS} ms at ${LEADS.toLocaleString("en-US")} leads and ` +
        `${APPOINTMENTS} appointments (p50): ${ms(draw.loaded.p50)} ms, max ${ms(draw.loaded.max)} ms; ` +
        `${(draw.loaded.p50 / draw.empty.p50).toFixed(2)}× the empty day — ${met ? "met" : "MISSED"}`,
    );
    const load = os.loadavg()[0]!;
    if (load > os.cpus().length) console.log(`note: the machine was busy (load average ${load.toFixed(1)} on ${os.cpus().length} cores)`);
    const problems = server.problems();
    if (problems.length) console.log(`server warnings:\n${problems.slice(0, 10).join("\n")}`);
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

await main();
