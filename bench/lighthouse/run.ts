// Lighthouse (mobile preset: the default config, simulated throttling) over the public pages of the
// BUILT server. It builds nothing: run `npm run build` first (root: `turbo run build`), then
//   npm run lighthouse -w @crawlguard/bench
// It starts `node apps/server/dist/index.js` on a free port with a throw-away DATA_DIR, audits each
// page with Debian's Chromium (or CHROME_PATH), prints the scores, LCP, TBT, CLS and the JavaScript
// each page transferred, and stops the server. Works offline.
//   LIGHTHOUSE_RUNS=10  audits each page 10 times: the table shows the run with the median
//                       performance score, plus the worst score, TBT, LCP and CLS of all runs, and
//                       the targets are checked against the worst (10 runs out of 10)
//   LIGHTHOUSE_OUT=dir  also writes each page's JSON report there (the median run; with several runs
//                       also <page>.worst-tbt.json, the run with the longest blocking time)
//   LIGHTHOUSE_PAGES=/a,/b  audits these paths instead
//   LIGHTHOUSE_GALLERY_PHOTOS=60  first publishes that many staff photos (real uploads through the
//                                 API: 1600 × 1067 JPEGs), so /gallery is audited with them
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { QUIET_CHROMIUM } from "../chromium.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean) ?? [
  "/",
  "/services",
  "/services/crawl-space-encapsulation",
  "/contact",
  "/gallery",
  "/about",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
// The rest (no sandbox, no GPU, no background networking) comes from scripts/chromium.sh.
const CHROME_FLAGS = ["--headless=new"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const OUT_DIR = process.env.LIGHTHOUSE_OUT;
const TARGETS = { performance: 98, tbtMs: 50, others: 100, homeJsKb: 150 };
// Generous: on a loaded machine the built server has taken over a minute to start.
const SERVER_START_TIMEOUT_MS = 180_000;
const GALLERY_PHOTOS = Math.max(0, Number(process.env.LIGHTHOUSE_GALLERY_PHOTOS ?? 0));

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

type Row = {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Gzipped (-9) size of the scripts the page loaded. */
  jsBytes: number;
  /** What Lighthouse counted as transferred for them (brotli bodies and headers). */
  jsTransferBytes: number;
  jsRequests: number;
  failing: string[];
  /** Of all the runs of this page: the lowest performance score, the longest TBT and LCP, the largest CLS. */
  worst: { performance: number; tbtMs: number; lcpMs: number; cls: number };
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function startServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-lighthouse-"));
  const server = spawn(process.execPath, [path.join(ROOT, "apps/server/dist/index.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

type NetworkItem = { url?: string; resourceType?: string; transferSize?: number };

/**
 * The JavaScript the page loaded during the audit: its gzipped size (each
 * script fetched again and compressed with gzip -9, what "gzipped JS" means
 * in the targets), and what Lighthouse saw transferred (the server's brotli
 * plus response headers).
 */
async function scriptSizes(lhr: Lhr): Promise<{ gzipBytes: number; transferBytes: number; requests: number }> {
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script" && item.url);
  let gzipBytes = 0;
  for (const script of scripts) {
    const response = await fetch(script.url!);
    if (!response.ok) throw new Error(`${script.url}: ${response.status}`);
    gzipBytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  const transferBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return { gzipBytes, transferBytes, requests: scripts.length };
}

/** Audits below a full score in the categories whose target is 100. */
function failingAudits(lhr: Lhr): string[] {
  const failing = new Set<string>();
  for (const id of ["accessibility", "best-practices", "seo"] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${id}: ${ref.id}`);
    }
  }
  return [...failing];
}

const performanceOf = (lhr: Lhr) => Math.round((lhr.categories["performance"]?.score ?? 0) * 100);
const numericOf = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const tbtOf = (lhr: Lhr) => numericOf(lhr, "total-blocking-time");

async function toRow(page: string, lhr: Lhr, runs: Lhr[]): Promise<Row> {
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const js = await scriptSizes(lhr);
  return {
    page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: js.gzipBytes,
    jsTransferBytes: js.transferBytes,
    jsRequests: js.requests,
    failing: failingAudits(lhr),
    worst: {
      performance: Math.min(...runs.map(performanceOf)),
      tbtMs: Math.max(...runs.map(tbtOf)),
      lcpMs: Math.max(...runs.map((run) => numericOf(run, "largest-contentful-paint"))),
      cls: Math.max(...runs.map((run) => numericOf(run, "cumulative-layout-shift"))),
    },
  };
}

/** Lighthouse occasionally fails to record a trace (NO_NAVSTART, NO_FCP...): such runs are retried. */
const ATTEMPTS = 3;

async function audit(url: string, port: number): Promise<Lhr> {
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    lastError = `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`;
    console.warn(`${url}: ${lastError} (attempt ${attempt} of ${ATTEMPTS})`);
  }
  throw new Error(`${url}: ${lastError}`);
}

function printTable(rows: Row[]): void {
  const header = [
    "page",
    "perf",
    "worst perf",
    "a11y",
    "best",
    "seo",
    "LCP",
    "worst LCP",
    "TBT",
    "worst TBT",
    "CLS",
    "worst CLS",
    "JS gz KB",
    "sent KB",
    "scripts",
  ];
  const lines = rows.map((row) => [
    row.page,
    String(row.scores.performance),
    String(row.worst.performance),
    String(row.scores.accessibility),
    String(row.scores["best-practices"]),
    String(row.scores.seo),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    `${(row.worst.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(row.tbtMs)} ms`,
    `${Math.round(row.worst.tbtMs)} ms`,
    row.cls.toFixed(3),
    row.worst.cls.toFixed(3),
    (row.jsBytes / 1024).toFixed(1),
    (row.jsTransferBytes / 1024).toFixed(1),
    String(row.jsRequests),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
}

function checkTargets(rows: Row[]): string[] {
  const misses: string[] = [];
  for (const row of rows) {
    if (row.worst.performance < TARGETS.performance)
      misses.push(`${row.page}: worst performance ${row.worst.performance} < ${TARGETS.performance}`);
    if (!(row.worst.tbtMs < TARGETS.tbtMs)) misses.push(`${row.page}: worst TBT ${Math.round(row.worst.tbtMs)} ms >= ${TARGETS.tbtMs} ms`);
    for (const id of ["accessibility", "best-practices", "seo"] as const) {
      if (row.scores[id] < TARGETS.others) misses.push(`${row.page}: ${id} ${row.scores[id]} < ${TARGETS.others}`);
    }
    for (const failing of row.failing) misses.push(`${row.page}: ${failing}`);
  }
  const home = rows.find((row) => row.page === "/");
  if (home && home.jsBytes / 1024 > TARGETS.homeJsKb) {
    misses.push(`/: ${(home.jsBytes / 1024).toFixed(1)} KB of gzipped JavaScript > ${TARGETS.homeJsKb} KB`);
  }
  return misses;
}

/**
 * Publishes `count` photos the way staff do: the first account (registered here) asks for an upload
 * link, PUTs a JPEG to it, has the server finish it, then adds a published gallery image.
 */
async function publishGalleryPhotos(baseUrl: string, count: number): Promise<void> {
  const headers: Record<string, string> = { "content-type": "application/json", origin: baseUrl };
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(baseUrl + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("crawlguard_session="));
    if (cookie) headers.cookie = cookie.split(";")[0]!;
    return response.json() as Promise<Record<string, string>>;
  };
  await call("POST", "/api/register", { username: "bench", email: "bench@example.com", password: "bench-password-1" });
  for (let i = 0; i < count; i++) {
    const photo = await sharp({
      create: { width: 1600, height: 1067, channels: 3, background: { r: (i * 37) % 256, g: 120, b: (i * 91) % 256 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const ticket = await call("POST", "/api/admin/gallery/upload", { fileName: `job-${i}.jpg`, size: photo.length });
    const put = await fetch(ticket.uploadURL!, { method: "PUT", body: photo });
    if (!put.ok) throw new Error(`PUT upload: ${put.status}`);
    const done = await call("POST", `/api/admin/gallery/upload/${ticket.uploadId}/complete`);
    await call("POST", "/api/admin/gallery", {
      title: `Finished job ${i + 1}`,
      altText: `Crawl space after the work, job ${i + 1}`,
      description: "Sealed with a 20-mil liner, vents closed, dehumidifier installed.",
      category: ["crawl-space", "encapsulation", "basement", "waterproofing", "general", "before-after"][i % 6],
      imageUrl: done.imageUrl,
      isPublished: true,
    });
  }
  console.log(`Published ${count} gallery photos.`);
}

async function main(): Promise<void> {
  const server = await startServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    if (GALLERY_PHOTOS) await publishGalleryPhotos(server.baseUrl, GALLERY_PHOTOS);
    chrome = await chromeLauncher.launch({ chromePath: QUIET_CHROMIUM, chromeFlags: CHROME_FLAGS });
    if (OUT_DIR) mkdirSync(OUT_DIR, { recursive: true });
    console.log(
      `Lighthouse ${RUNS > 1 ? `(${RUNS} runs per page: the median run, and the worst of all) ` : ""}on ${server.baseUrl}, mobile preset\n`,
    );
    const rows: Row[] = [];
    const benchmarkIndexes: number[] = [];
    for (const page of PAGES) {
      const runs: Lhr[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${server.baseUrl}${page}`, chrome.port));
      runs.sort((a, b) => performanceOf(a) - performanceOf(b));
      const median = runs[Math.floor(runs.length / 2)];
      if (!median) continue;
      if (OUT_DIR) {
        const name = page === "/" ? "home" : page.slice(1).replace(/\//g, "_");
        writeFileSync(path.join(OUT_DIR, `${name}.json`), JSON.stringify(median, null, 2));
        if (RUNS > 1) {
          // The run with the longest blocking time, to see what blocked (its long-tasks audit).
          const worst = runs.reduce((a, b) => (tbtOf(b) > tbtOf(a) ? b : a));
          writeFileSync(path.join(OUT_DIR, `${name}.worst-tbt.json`), JSON.stringify(worst, null, 2));
        }
      }
      benchmarkIndexes.push(...runs.map((lhr) => lhr.environment.benchmarkIndex));
      rows.push(await toRow(page, median, runs));
    }
    printTable(rows);
    // Lighthouse's own measure of this machine's CPU (higher is faster): its simulated phone
    // multiplies what it observes, so the scores of two machines compare only at like indexes.
    benchmarkIndexes.sort((a, b) => a - b);
    console.log(
      `\nLighthouse benchmarkIndex of this machine: median ${Math.round(benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)] ?? 0)}, ` +
        `range ${Math.round(benchmarkIndexes[0] ?? 0)}–${Math.round(benchmarkIndexes.at(-1) ?? 0)}`,
    );
    const misses = checkTargets(rows);
    console.log(
      `\nTargets (every run): performance >= ${TARGETS.performance}, TBT < ${TARGETS.tbtMs} ms, accessibility / best practices / SEO ${TARGETS.others}, home <= ${TARGETS.homeJsKb} KB gzipped JS.`,
    );
    console.log(misses.length ? `Missed:\n  ${misses.join("\n  ")}` : "All targets met.");
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
