// The Leads board (docs/product.md "Screens and routes") with 50 and with 5,000 leads, in one run: the
// built server (apps/server/dist, web app included) on a fresh embedded database, Debian's
// Chromium driven by Playwright at 1366 × 768, signed in as the first (admin) account. Measured
// in the page (performance.now, requestAnimationFrame, long-animation-frame entries, and the
// board's own "cg-leads-shown" mark), for each size:
//   - first card: from navigation start to the frame after the first lead card is in the page;
//   - worst frame during a mouse drag of a card to the next column (rAF deltas, pointer down to up);
//   - drop to shown: from pointer up to the frame after the card is in its new column;
//   - search: from a keystroke in "Search leads..." to the frame after the board shows its result.
// The leads are seeded straight into the database between runs of the server (one INSERT of
// unnested arrays), so seeding 5,000 takes a second, not minutes of POSTs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { openDatabase } from "@crawlguard/db";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";
import { insertPlausibleLeads } from "../seed-leads.ts";
import { QUIET_CHROMIUM } from "../chromium.ts";

const SIZES = (process.env.BENCH_SIZES ?? "50,5000").split(",").map(Number);
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const DRAGS = Number(process.env.BENCH_DRAGS ?? 3);
const SEARCH = "hughes 12";
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_DEBUG=1: after each drag, the longest animation frames with their scripts, and the page's size. */
const DEBUG = process.env.BENCH_DEBUG === "1";
const DEADLINE_MS = 8 * 60 * 1000;
const TARGETS = { firstCard: 1000, dragFrame: 50, dropShown: 100, search: 100 } as const;

/** `count` plausible leads after the first `from`, spread over the six columns (and the calendar's two statuses), older than those. */
async function seedLeads(dataDir: string, from: number, count: number): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    await insertPlausibleLeads(db.sql, {
      from,
      count,
      emailPrefix: "board.lead",
      statuses: ["new", "contacted", "scheduled", "quoted", "won", "lost", "new", "contacted", "quoted", "in-progress", "completed"],
      firstNames: ["Avery", "Jordan", "Morgan", "Riley", "Casey", "Quinn", "José"],
      scheduled: (i, status, now) =>
        ["scheduled", "in-progress", "completed"].includes(status) ? new Date(now + ((i % 60) - 20) * 86_400_000) : null,
    });
  } finally {
    await db.close();
  }
}

/** Registers the first (admin) account and returns its session cookie (kept in the database across server restarts). */
async function register(base: string): Promise<string> {
  const res = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "boardbench", email: "board.bench@example.com", password: "bench-password-1" }),
  });
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith("crawlguard_session=")) ?? "").split(";")[0];
  if (!res.ok || !cookie) throw new Error(`register answered ${res.status}`);
  return cookie;
}

// In-page instruments, as a string (tsx's helpers must stay out of the page). Installed before
// any of the app's scripts on every navigation.
const INSTRUMENTS = `(() => {
  const b = (window.__bench = { firstCard: null, frames: [], loafs: [], drop: null, searches: {}, keyAt: null });
  const nextFrame = (then) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => then(performance.now()); c.port2.postMessage(0); });
  const seen = new MutationObserver(() => {
    if (b.firstCard !== null || !document.querySelector("[data-lead-card]")) return;
    seen.disconnect();
    nextFrame((t) => { b.firstCard = t; });
  });
  seen.observe(document, { childList: true, subtree: true });
  // Every frame's start, for the worst gap between two while the pointer is down.
  const tick = (t) => { b.frames.push(t); if (b.frames.length > 20000) b.frames.splice(0, 10000); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) {
      const end = e.startTime + e.duration;
      b.loafs.push({
        start: e.startTime, duration: e.duration,
        styleAndLayout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
        scripts: (e.scripts || []).map((x) => ({ invoker: x.invoker, source: (x.sourceFunctionName || "?") + " " + (x.sourceURL || "").split("/").pop() + ":" + x.sourceCharPosition, ms: Math.round(x.duration), forcedLayout: Math.round(x.forcedStyleAndLayoutDuration) })),
      });
    } })
      .observe({ type: "long-animation-frame", buffered: true });
  } catch {}
  addEventListener("pointerdown", (e) => { b.down = e.timeStamp; }, true);
  addEventListener("pointerup", (e) => {
    b.up = e.timeStamp;
    const want = b.drop;
    if (!want) return;
    const poll = () => {
      if (document.querySelector('[data-column="' + want.column + '"] [data-lead-card="' + want.leadId + '"]')) nextFrame((t) => { want.shownAt = t; want.ms = t - e.timeStamp; });
      else requestAnimationFrame(poll);
    };
    poll();
  }, true);
  addEventListener("keydown", (e) => { if (e.target && e.target.type === "search") b.keyAt = e.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name !== "cg-leads-shown" || b.keyAt === null) continue;
      const search = e.detail && e.detail.search, keyAt = b.keyAt;
      nextFrame((t) => { b.searches[search] = t - keyAt; });
    }
  }).observe({ type: "mark" });
})()`;

/** What the instruments keep in the page (only what the predicates below read). */
type PageBench = { firstCard: number | null; drop: { ms?: number } | null; searches: Record<string, number> };
/** The page's global, for waitForFunction predicates (serialised into the page; the CSP forbids string predicates, which need eval). */
type PageGlobal = { __bench?: PageBench };

type SizeResult = {
  leads: number;
  firstCard: number[];
  listRequest: number[];
  dragFrame: number[];
  dragLoaf: number[];
  dropShown: number[];
  search: number[];
};

async function firstCard(page: Page, url: string): Promise<{ firstCard: number; listRequest: number }> {
  await page.goto(`${url}/admin`);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobal).__bench?.firstCard != null, null, { timeout: 60_000 });
  return page.evaluate<{ firstCard: number; listRequest: number }>(`(() => {
    const list = performance.getEntriesByType("resource").find((e) => e.name.includes("leads.list"));
    return { firstCard: window.__bench.firstCard, listRequest: list ? list.responseEnd - list.startTime : NaN };
  })()`);
}

/** Drags the first card of New Leads onto Contacted with the mouse, about as fast as a hand. */
async function dragOnce(page: Page): Promise<{ frame: number; loaf: number; drop: number }> {
  const source = page.locator('[data-column="new"] [data-lead-card]').first();
  const leadId = await source.getAttribute("data-lead-card");
  const from = await source.locator("h3").boundingBox();
  const to = await page.locator('[data-column="contacted"]').boundingBox();
  if (!leadId || !from || !to) throw new Error("no card in New Leads, or no Contacted column in sight");
  await page.evaluate(`window.__bench.drop = { leadId: ${JSON.stringify(leadId)}, column: "contacted" }`);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 200) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y, { steps: 2 });
  const steps = 24;
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(start.x + 12 + ((end.x - start.x - 12) * step) / steps, start.y + ((end.y - start.y) * step) / steps);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(100);
  await page.mouse.up();
  await page.waitForFunction(() => (globalThis as unknown as PageGlobal).__bench?.drop?.ms !== undefined, null, { timeout: 10_000 });
  const measured = await page.evaluate<{
    frame: number;
    loaf: number;
    drop: number;
    worst: unknown[];
    nodes: number;
    cards: number;
  }>(`(() => {
    const b = window.__bench;
    let frame = 0;
    // Frames from the one before the press to the last before the release (the drop is timed apart).
    const before = b.frames.filter((t) => t < b.down).at(-1);
    const frames = b.frames.filter((t) => t >= b.down && t <= b.up);
    if (before !== undefined) frames.unshift(before);
    for (let i = 1; i < frames.length; i++) frame = Math.max(frame, frames[i] - frames[i - 1]);
    const loaf = Math.max(0, ...b.loafs.filter((l) => l.start + l.duration >= b.down && l.start <= b.up).map((l) => l.duration));
    const worst = b.loafs.filter((l) => l.start + l.duration >= b.down && l.start <= b.up + 2000).sort((x, y) => y.duration - x.duration).slice(0, 3);
    return { frame, loaf, drop: b.drop.ms, worst, nodes: document.getElementsByTagName("*").length, cards: document.querySelectorAll("[data-lead-card]").length };
  })()`);
  if (DEBUG)
    console.log(
      JSON.stringify(
        { frame: measured.frame, drop: measured.drop, nodes: measured.nodes, cards: measured.cards, worst: measured.worst },
        null,
        1,
      ),
    );
  // Let the save finish and the highlight end before the next drag.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  return measured;
}

/** Types SEARCH one key at a time, each after the last one's result was shown; clears the box after. */
async function searchKeystrokes(page: Page): Promise<number[]> {
  const box = page.getByRole("searchbox", { name: "Search leads" });
  await box.click();
  const times: number[] = [];
  let typed = "";
  for (const key of SEARCH) {
    typed += key;
    await page.keyboard.type(key);
    await page.waitForFunction((search) => (globalThis as unknown as PageGlobal).__bench?.searches[search] !== undefined, typed, {
      timeout: 10_000,
    });
    times.push(await page.evaluate<number>(`window.__bench.searches[${JSON.stringify(typed)}]`));
  }
  await box.fill("");
  return times;
}

async function measureSize(browser: Browser, url: string, cookie: string, leads: number): Promise<SizeResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url }]);
  await context.addInitScript(INSTRUMENTS);
  const page = await context.newPage();
  const result: SizeResult = { leads, firstCard: [], listRequest: [], dragFrame: [], dragLoaf: [], dropShown: [], search: [] };
  try {
    // One warm-up load (the browser's code cache), then LOADS timed ones.
    await firstCard(page, url);
    for (let i = 0; i < LOADS; i++) {
      const load = await firstCard(page, url);
      result.firstCard.push(load.firstCard);
      result.listRequest.push(load.listRequest);
    }
    await page.waitForLoadState("networkidle");
    const shown = await page.locator("[data-lead-card]").count();
    if (shown === 0) throw new Error("the board drew no card");
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the drags at the largest size (open it in Chromium's DevTools).
    const profile = PROFILE && leads === SIZES.at(-1) ? await context.newCDPSession(page) : null;
    if (profile) {
      await profile.send("Profiler.enable");
      await profile.send("Profiler.setSamplingInterval", { interval: 200 });
      await profile.send("Profiler.start");
    }
    for (let i = 0; i < DRAGS; i++) {
      const drag = await dragOnce(page);
      result.dragFrame.push(drag.frame);
      result.dragLoaf.push(drag.loaf);
      result.dropShown.push(drag.drop);
    }
    if (profile) {
      const { profile: data } = await profile.send("Profiler.stop");
      writeFileSync(PROFILE!, JSON.stringify(data));
      console.log(`CPU profile of the drags: ${PROFILE}`);
    }
    result.search = await searchKeystrokes(page);
  } finally {
    await context.close();
  }
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "–");

function report(results: SizeResult[]): void {
  type Row = { label: string; target: number; pick: (r: SizeResult) => number; judge: boolean };
  const rows: Row[] = [
    { label: "first card shown (median of loads)", target: TARGETS.firstCard, pick: (r) => median(r.firstCard), judge: true },
    { label: "  leads.list request (median)", target: NaN, pick: (r) => median(r.listRequest), judge: false },
    { label: "worst frame during a drag (max)", target: TARGETS.dragFrame, pick: (r) => max(r.dragFrame), judge: true },
    { label: "  longest animation frame in a drag (max)", target: NaN, pick: (r) => max(r.dragLoaf), judge: false },
    { label: "drop to shown (max)", target: TARGETS.dropShown, pick: (r) => max(r.dropShown), judge: true },
    { label: "search keystroke to results (max)", target: TARGETS.search, pick: (r) => max(r.search), judge: true },
    { label: "  search keystroke to results (median)", target: NaN, pick: (r) => median(r.search), judge: false },
  ];
  const table = rows.map((row) => {
    const line: Record<string, string> = { measure: row.label, target: Number.isFinite(row.target) ? `< ${row.target} ms` : "" };
    for (const r of results) {
      const value = row.pick(r);
      line[`${r.leads.toLocaleString("en-US")} leads`] = ms(value) + (row.judge ? (value < row.target ? " ✓" : " ✗") : "");
    }
    return line;
  });
  console.table(table);
  const largest = results.at(-1);
  if (largest) {
    for (const row of rows.filter((r) => r.judge)) {
      const value = row.pick(largest);
      const met = value < row.target;
      console.log(
        `target at ${largest.leads.toLocaleString("en-US")} leads: ${row.label.replace(/ \(.*\)$/, "")} under ${row.target} ms: ${ms(value)} — ${met ? "met" : "MISSED"}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-bench-board-"));
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = armDeadline(DEADLINE_MS, cleanup);
  try {
    browser = await chromium.launch({
      executablePath: QUIET_CHROMIUM,
    });
    const results: SizeResult[] = [];
    let cookie: string | null = null;
    let seeded = 0;
    for (const size of SIZES) {
      const seedStart = performance.now();
      await seedLeads(dataDir, seeded, size - seeded);
      const seedMs = performance.now() - seedStart;
      seeded = size;
      server = await spawnServer({ entry: "built", dataDir });
      cookie ??= await register(server.url);
      console.log(
        `${size.toLocaleString("en-US")} leads (seeded in ${(seedMs / 1000).toFixed(1)} s); server started in ${(server.startMs / 1000).toFixed(1)} s`,
      );
      results.push(await measureSize(browser, server.url, cookie, size));
      const problems = server.problems();
      if (problems.length) console.log(`server warnings:\n${problems.slice(0, 10).join("\n")}`);
      await server.stop();
      server = null;
    }
    console.log(
      `\nLeads board, Chromium ${browser.version()} at 1366 × 768, built server on an embedded database, Node ${process.versions.node}; ` +
        `${LOADS} loads, ${DRAGS} drags (New Leads → Contacted), search "${SEARCH}" typed key by key`,
    );
    report(results);
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

await main();
