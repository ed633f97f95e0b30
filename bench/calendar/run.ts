// The Calendar tab's week view drawn with 300 appointments, beside the same view of an empty week
// (the baseline), in one run: the built server on a fresh embedded database, Debian's Chromium
// driven by Playwright at 1366 × 768. The figures are the dashboard's own performance measures
// (features/calendar/big-calendar.tsx): "cg-calendar-render", from the calendar's render to its
// commit, and "cg-calendar-paint", to the frame after it (style, layout and paint included).
// Navigating between the two weeks re-renders from react-query's cache, so no request is timed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { addDays, format, nextSunday } from "date-fns";
import { spawnServer } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";
import { QUIET_CHROMIUM } from "../chromium.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_MS = 150;
const DEADLINE_MS = 10 * 60 * 1000;

/** A Sunday eight weeks ahead: the loaded week; the week after it stays empty. */
const loadedSunday = nextSunday(addDays(new Date(), 56));
const loadedWeek = format(loadedSunday, "yyyy-MM-dd");
const emptyWeek = format(addDays(loadedSunday, 7), "yyyy-MM-dd");

type Measure = { render: number; paint: number };

/** BENCH_PROFILE=file.cpuprofile: a CPU profile of the timed rounds (open it in Chromium's DevTools). */
const PROFILE = process.env.BENCH_PROFILE;

async function startProfile(page: Page): Promise<{ stop(file: string): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  return {
    async stop(file) {
      const { profile } = await cdp.send("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the timed rounds: ${file}`);
    },
  };
}

async function api(base: string, cookie: string, method: string, pathname: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { origin: base, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
  return res;
}

/**
 * EVENTS appointments over the loaded week's seven days, 30 minutes each, back to back from
 * midnight (43 a day for 300: 0:00–21:30). None overlaps another, so the week draws every one of
 * them: overlapping ones would be folded into "+N more" items, and the bench would
 * time drawing a handful.
 */
async function seed(base: string, cookie: string): Promise<void> {
  const bookings = Array.from({ length: EVENTS }, (_, i) => {
    const day = format(addDays(loadedSunday, i % 7), "yyyy-MM-dd");
    const slot = Math.floor(i / 7);
    const hour = Math.floor(slot / 2);
    const minute = (slot % 2) * 30;
    return {
      clientName: `Week Bench ${i}`,
      email: `week.bench.${i}@example.com`,
      phone: `(828) 555-${String(1000 + i).padStart(4, "0")}`,
      address: `${i + 1} Haywood Rd, Asheville`,
      zipCode: "28806",
      service: ["crawl-space-encapsulation", "basement-waterproofing", "mold-remediation", "consultation"][i % 4],
      priority: (["low", "medium", "high"] as const)[i % 3],
      appointmentDate: day,
      appointmentTime: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
      durationMinutes: 30,
      confirm: true,
    };
  });
  for (let i = 0; i < bookings.length; i += 10) {
    await Promise.all(bookings.slice(i, i + 10).map((b) => api(base, cookie, "POST", "/api/appointments", b)));
  }
}

/** Shows the week of `date` and returns the measures of the render that drew `events` events. */
async function showWeek(page: Page, date: string, events: number): Promise<Measure> {
  const seen = await page.evaluate(() => performance.getEntriesByName("cg-calendar-paint").length);
  await page.getByLabel("Go to date").fill(date);
  const drawnWith = page.waitForFunction(
    ([from, count]) =>
      performance
        .getEntriesByName("cg-calendar-paint")
        .slice(from)
        .some((e) => {
          const detail = (e as unknown as { detail?: { events?: number; view?: string } }).detail;
          return detail?.events === count && detail.view === "week";
        }),
    [seen, events] as const,
  );
  await drawnWith.catch(async (err: unknown) => {
    // Say what was drawn instead: the measures' details since this week was asked for.
    const details = await page.evaluate(
      (from) =>
        performance
          .getEntriesByName("cg-calendar-paint")
          .slice(from)
          .map((e) => JSON.stringify((e as unknown as { detail?: unknown }).detail)),
      seen,
    );
    throw new Error(`the week of ${date} was not drawn with ${events} events; drawn: ${details.join(", ") || "nothing"}`, { cause: err });
  });
  // A string, so the bundler's helpers (tsx names functions with __name) stay out of the page.
  return page.evaluate<Measure>(`(() => {
    const drawn = (name) => performance
      .getEntriesByName(name)
      .filter((e) => e.detail && e.detail.events === ${events} && e.detail.view === "week")
      .at(-1).duration;
    return { render: drawn("cg-calendar-render"), paint: drawn("cg-calendar-paint") };
  })()`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const max = (xs: number[]) => Math.max(...xs);

async function main(): Promise<void> {
  const deadline = armDeadline(DEADLINE_MS);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-bench-calendar-"));
  const server = await spawnServer({ entry: "built", dataDir });
  const browser = await chromium.launch({
    executablePath: QUIET_CHROMIUM,
  });
  try {
    const register = await fetch(`${server.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ username: "weekbench", email: "week.bench@example.com", password: "bench-password-1" }),
    });
    const cookie = (register.headers.getSetCookie().find((c) => c.startsWith("crawlguard_session=")) ?? "").split(";")[0]!;
    if (!register.ok || !cookie) throw new Error(`register answered ${register.status}`);
    const seedStart = performance.now();
    await seed(server.url, cookie);
    const seedMs = performance.now() - seedStart;

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    const week = page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Week", exact: true });
    await week.click();

    // One warm-up of each week (code, fonts, the range queries), then ROUNDS alternations.
    await showWeek(page, emptyWeek, 0);
    const shown = await showWeek(page, loadedWeek, EVENTS);
    const drawn = await page.locator(".rbc-time-content .rbc-event").count();
    const empty: Measure[] = [];
    const loaded: Measure[] = [];
    const profiler = PROFILE ? await startProfile(page) : null;
    for (let round = 0; round < ROUNDS; round++) {
      empty.push(await showWeek(page, emptyWeek, 0));
      loaded.push(await showWeek(page, loadedWeek, EVENTS));
    }
    if (profiler) await profiler.stop(PROFILE!);
    console.log(
      `server: ${server.url} (embedded database), Node ${process.versions.node}, Chromium ${browser.version()}\n` +
        `week of ${loadedWeek}: ${EVENTS} appointments booked in ${(seedMs / 1000).toFixed(1)} s, ${drawn} events drawn ` +
        `(first draw: render ${shown.render.toFixed(1)} ms, paint ${shown.paint.toFixed(1)} ms); baseline: the empty week of ${emptyWeek}; ${ROUNDS} rounds`,
    );
    const row = (label: string, xs: Measure[]) => ({
      week: label,
      "render p50 ms": median(xs.map((m) => m.render)).toFixed(1),
      "render max ms": max(xs.map((m) => m.render)).toFixed(1),
      "paint p50 ms": median(xs.map((m) => m.paint)).toFixed(1),
      "paint max ms": max(xs.map((m) => m.paint)).toFixed(1),
    });
    console.table([row(`empty (baseline)`, empty), row(`${EVENTS} appointments`, loaded)]);
    const p50 = median(loaded.map((m) => m.paint));
    const ratio = p50 / median(empty.map((m) => m.paint));
    console.log(`${EVENTS} appointments / empty week (paint p50): ${ratio.toFixed(2)}×`);
    console.log(
      `target: week view with ${EVENTS} events drawn in under ${TARGET_MS} ms (paint p50): ${p50.toFixed(1)} ms — ${p50 < TARGET_MS ? "met" : "MISSED"}`,
    );
    if (drawn < EVENTS) throw new Error(`only ${drawn} of ${EVENTS} events were drawn`);
  } finally {
    clearTimeout(deadline);
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
