// The Calendar's Crew week (docs/product.md "Calendar", Crew view) at 5,000 leads and 400
// appointments, beside the same view of an empty week (the baseline), in one run: the built server
// on a fresh embedded database, Debian's Chromium driven by Playwright at 1440 × 900, signed in as
// the admin, with three crew members (four columns a day). All 400 appointments are in the week
// shown, back to back per person, so every one is drawn. Measured:
//   - answer: GET /api/calendar/range for the week, everyone's (what the Crew view asks for), from
//     Node, one request at a time;
//   - draw: the dashboard's own measure (features/calendar/big-calendar.tsx, "cg-calendar-paint":
//     from the calendar's render to the frame after its commit) while going between the two weeks,
//     whose answers react-query keeps;
//   - the first visit to the loaded week, answer and draw together: from "Go to date" to that paint.
// The leads are seeded straight into the database between two runs of the server.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { addDays, format, nextSunday } from "date-fns";
import { openDatabase } from "@crawlguard/db";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";
import { insertLeadsWithAppointments } from "../seed-leads.ts";
import { QUIET_CHROMIUM } from "../chromium.ts";
import { zonedInstant } from "../business-time.ts";
import { post, sessionOf } from "../bench-http.ts";
import { stats } from "../stats.ts";

const LEADS = Number(process.env.BENCH_LEADS ?? 5000);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 400);
const CREW = Number(process.env.BENCH_CREW ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_MS = 300;
const DEADLINE_MS = 10 * 60 * 1000;

/** A Sunday eight weeks ahead: the loaded week; the week after it stays empty. */
const loadedSunday = nextSunday(addDays(new Date(), 56));
const loadedWeek = format(loadedSunday, "yyyy-MM-dd");
const emptyWeek = format(addDays(loadedSunday, 7), "yyyy-MM-dd");

const dayOf = (sunday: string, days: number) => format(addDays(new Date(`${sunday}T12:00:00`), days), "yyyy-MM-dd");

/** The admin (first account) and CREW crew members it invites: the admin's cookie and everyone's ids, admin first. */
async function accounts(base: string): Promise<{ cookie: string; people: string[] }> {
  const admin = await post(base, "/api/register", {
    username: "crewweekbench",
    email: "crew.week@example.com",
    password: "bench-password-1",
  });
  const cookie = sessionOf(admin);
  const people = [((await admin.json()) as { id: string }).id];
  for (let i = 0; i < CREW; i++) {
    const invitation = (await (await post(base, "/api/users/invitations", { role: "crew" }, cookie)).json()) as { token: string };
    const crew = await post(base, "/api/register", {
      username: `crewbench${i}`,
      email: `crew.bench.${i}@example.com`,
      password: "bench-password-1",
      inviteToken: invitation.token,
    });
    people.push(((await crew.json()) as { id: string }).id);
  }
  return { cookie, people };
}

/**
 * LEADS leads, of which APPOINTMENTS are 30-minute appointments in the loaded week: appointment n
 * is person n mod P's, on day ⌊n / P⌋ mod 7, in the half-hour slot ⌊n / 7P⌋ from 7:00 (so no one's
 * overlap and none is folded). The other leads have no date.
 */
async function seed(dataDir: string, people: readonly string[]): Promise<void> {
  const db = await openDatabase({ dataDir });
  const p = people.length;
  try {
    await insertLeadsWithAppointments(db.sql, {
      prefix: "crew",
      leads: LEADS,
      appointments: APPOINTMENTS,
      at: (n) => zonedInstant(dayOf(loadedWeek, Math.floor(n / p) % 7), 7 * 60 + Math.floor(n / (7 * p)) * 30),
    });
    await db.sql`
      UPDATE leads SET duration_minutes = 30,
        assigned_to = (${people}::uuid[])[(substring(email FROM 'crew\\.appt(\\d+)@')::int - ${LEADS - APPOINTMENTS}) % ${p} + 1]
      WHERE email LIKE 'crew.appt%'`;
  } finally {
    await db.close();
  }
}

/** ROUNDS answers of GET /api/calendar/range (scope all) for the week of `sunday`, one at a time, after two to warm up. */
async function answers(base: string, cookie: string, sunday: string, appointments: number): Promise<number[]> {
  const query = new URLSearchParams({
    start: zonedInstant(sunday, 0).toISOString(),
    end: zonedInstant(dayOf(sunday, 7), 0).toISOString(),
    scope: "all",
  });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    const start = performance.now();
    const res = await fetch(`${base}/api/calendar/range?${query.toString()}`, { headers: { cookie } });
    const body = (await res.json()) as { appointments?: unknown[] };
    const ms = performance.now() - start;
    if (!res.ok || body.appointments?.length !== appointments)
      throw new Error(
        `GET /api/calendar/range for ${sunday}: ${res.status}, ${body.appointments?.length} appointments (wanted ${appointments})`,
      );
    if (i >= 2) times.push(ms);
  }
  return times;
}

/**
 * Goes to the week of `date` and answers the milliseconds from there to the paint of the Crew week
 * with `events` items, and that paint's own measure (render to the frame after it).
 */
async function showWeek(page: Page, date: string, events: number): Promise<{ total: number; paint: number }> {
  const t0 = await page.evaluate(() => performance.now());
  const input = page.getByLabel("Go to date");
  await input.fill(date);
  await input.press("Enter");
  const paint = `performance.getEntriesByName("cg-calendar-paint").filter((e) => e.startTime >= ${t0} && e.detail && e.detail.view === "week" && e.detail.crew > 0 && e.detail.events === ${events})`;
  // A function, not a string: the dashboard's CSP forbids eval.
  const drawn = page.waitForFunction(
    ([from, count]) =>
      performance.getEntriesByName("cg-calendar-paint").some((e) => {
        const detail = (e as unknown as { detail?: { view?: string; crew?: number; events?: number } }).detail;
        return e.startTime >= from && detail?.view === "week" && (detail.crew ?? 0) > 0 && detail.events === count;
      }),
    [t0, events] as const,
    { timeout: 30_000 },
  );
  await drawn.catch(async (err: unknown) => {
    const drawn = await page.evaluate<string[]>(
      `performance.getEntriesByName("cg-calendar-paint").filter((e) => e.startTime >= ${t0}).map((e) => JSON.stringify(e.detail))`,
    );
    throw new Error(`the Crew week of ${date} was not drawn with ${events} items; drawn: ${drawn.join(", ") || "nothing"}`, { cause: err });
  });
  return page.evaluate<{ total: number; paint: number }>(`(() => {
    const e = ${paint}.at(-1);
    return { total: e.startTime + e.duration - ${t0}, paint: e.duration };
  })()`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-bench-crew-"));
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
    const { cookie, people } = await accounts(server.url);
    await server.stop();
    const seedStart = performance.now();
    await seed(dataDir, people);
    const seedMs = performance.now() - seedStart;
    server = await spawnServer({ entry: "built", dataDir });

    const api = {
      loaded: stats(await answers(server.url, cookie, loadedWeek, APPOINTMENTS)),
      empty: stats(await answers(server.url, cookie, emptyWeek, 0)),
    };

    browser = await chromium.launch({ executablePath: QUIET_CHROMIUM });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await page.getByRole("combobox", { name: "Whose calendar" }).selectOption("crew");
    await page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Week", exact: true }).waitFor();

    // The empty week first, then the loaded one not seen before: its answer and its draw.
    await showWeek(page, emptyWeek, 0);
    const first = await showWeek(page, loadedWeek, APPOINTMENTS);
    const drawn = await page.locator(".rbc-time-content .rbc-event").count();
    const columns = await page.locator(".rbc-time-content .rbc-day-slot").count();
    const loaded: number[] = [];
    const empty: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      empty.push((await showWeek(page, emptyWeek, 0)).paint);
      loaded.push((await showWeek(page, loadedWeek, APPOINTMENTS)).paint);
    }
    const draw = { loaded: stats(loaded), empty: stats(empty) };
    // BENCH_DEBUG=1: what the loaded week puts in the page.
    if (process.env.BENCH_DEBUG === "1") {
      const count = (sel: string) => page.locator(sel).count();
      console.log({
        nodes: await count(".cg-calendar *"),
        allDayCells: await count(".rbc-allday-cell"),
        rows: await count(".rbc-row"),
        slots: await count(".rbc-time-slot"),
        events: await count(".rbc-event"),
      });
    }

    console.log(
      `\nCrew week, Chromium ${browser.version()} at 1440 × 900, built server on an embedded database, Node ${process.versions.node}\n` +
        `${LEADS.toLocaleString("en-US")} leads, ${APPOINTMENTS} appointments in the week of ${loadedWeek} (seeded in ${(seedMs / 1000).toFixed(1)} s), ` +
        `${people.length} people (${columns} columns): ${drawn} appointments drawn; baseline: the empty week of ${emptyWeek}`,
    );
    const ms = (n: number) => n.toFixed(1);
    console.table([
      { measure: `answer, ${APPOINTMENTS} appointments`, "p50 ms": ms(api.loaded.p50), "max ms": ms(api.loaded.max), n: ROUNDS },
      { measure: "answer, empty week (baseline)", "p50 ms": ms(api.empty.p50), "max ms": ms(api.empty.max), n: ROUNDS },
      { measure: `draw, ${APPOINTMENTS} appointments`, "p50 ms": ms(draw.loaded.p50), "max ms": ms(draw.loaded.max), n: ROUNDS },
      { measure: "draw, empty week (baseline)", "p50 ms": ms(draw.empty.p50), "max ms": ms(draw.empty.max), n: ROUNDS },
      { measure: "first visit: answer and draw", "p50 ms": ms(first.total), "max ms": ms(first.total), n: 1 },
    ]);
    const met = api.loaded.p50 < TARGET_MS && draw.loaded.p50 < TARGET_MS;
    console.log(
      `target: the Crew week at ${LEADS.toLocaleString("en-US")} leads and ${APPOINTMENTS} appointments answers and draws in under ${TARGET_MS} ms (p50): ` +
        `answer ${ms(api.loaded.p50)} ms (${(api.loaded.p50 / api.empty.p50).toFixed(2)}× the empty week), ` +
        `draw ${ms(draw.loaded.p50)} ms (${(draw.loaded.p50 / draw.empty.p50).toFixed(2)}×), first visit ${ms(first.total)} ms — ${met ? "met" : "MISSED"}`,
    );
    const load = os.loadavg()[0]!;
    if (load > os.cpus().length) console.log(`note: the machine was busy (load average ${load.toFixed(1)} on ${os.cpus().length} cores)`);
    if (drawn < APPOINTMENTS) throw new Error(`only ${drawn} of ${APPOINTMENTS} appointments were drawn`);
    const problems = server.problems();
    if (problems.length) console.log(`server warnings:\n${problems.slice(0, 10).join("\n")}`);
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

await main();
