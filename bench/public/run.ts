// Public pages at static speed: autocannon against the BUILT server (`node
// apps/server/dist/index.js`, its own process, production settings) on loopback, a fresh embedded
// database (or DATABASE_URL's server) removed at the end. For every public page, in the same run: a
// hashed static asset (the page's entry script, served by express.static) and then the page, each
// with BENCH_CONNECTIONS (20) connections for BENCH_DURATION (5) seconds after a 1 s warm-up. It
// prints req/s, p50 and p99 of both and the ratio page/static, and exits non-zero when a page
// misses the targets (≥ 0.3 × the static asset's req/s, p99 < 100 ms) or any answer is not 200.
// Each page is measured in both of its forms (ADR 032): as a page of this site gets it (the site
// stylesheet linked; no Sec-Fetch-Site, as autocannon and crawlers send) and as a first visit gets
// it (Sec-Fetch-Site: none: Chakra's global CSS and the page's own styles inline, as every page was
// before the stylesheet, which comes after load).
// Then the bytes of each page ("HTML per page down by at least half for a repeat visitor"):
// the first visit's HTML (every style inline) against a repeat visit's (the stylesheet cached), raw
// and gzip -9, and the stylesheet a first visit fetches after load. It exits non-zero when a repeat
// visit's HTML is not at most half of the inline page's, raw and gzipped. Scripts and images are the
// same either way.
//   BENCH_PAGES=/,/about   other paths;  BENCH_CONNECTIONS, BENCH_DURATION as above
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { armDeadline } from "../deadline.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 1;
const PAGES = (process.env.BENCH_PAGES ?? "/,/services,/services/crawl-space-encapsulation,/about,/contact,/gallery").split(",");
const MIN_RATIO = 0.3;
const MAX_P99_MS = 100;
const DEADLINE_MS = 10 * 60 * 1000;
const MAX_REPEAT_SHARE = 0.5;

type SiteStylesheet = { href: string; styles: string[]; globalCssLength: number };
/** What a browser sends on a first visit by a typed address or bookmark (the server then inlines the page's CSS). */
const FIRST_VISIT = { "sec-fetch-site": "none" };

const gzipLength = (text: string) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function run(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const common = { url, headers, connections: CONNECTIONS, timeout: 30 };
  await autocannon({ ...common, duration: WARMUP_S });
  return autocannon({ ...common, duration: DURATION_S });
}

/** Answers that are not 2xx (a 304 included), and requests without one. */
const failures = (r: Result): number => r.non2xx + r.errors + r.timeouts;

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, "apps/server/dist/index.js"))) {
    console.error("No built server: run `npx turbo run build --filter=@crawlguard/server...` (npm run bench:public does).");
    return 1;
  }
  const template = await readFile(path.join(ROOT, "apps/web/dist/client/index.html"), "utf8");
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(template)?.[1];
  if (!asset) throw new Error("no hashed entry script in apps/web/dist/client/index.html");

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
    const assetBytes = (await (await fetch(base + asset)).arrayBuffer()).byteLength;

    const rows: Record<string, string | number>[] = [];
    const sizeRows: Record<string, string>[] = [];
    const missed: string[] = [];
    let failed = 0;
    const sheet = JSON.parse(await readFile(path.join(ROOT, "apps/web/dist/server/site-stylesheet.json"), "utf8")) as SiteStylesheet;
    const sheetCss = await (await fetch(base + sheet.href)).text();
    const sheetGz = gzipLength(sheetCss);
    for (const page of PAGES) {
      const served = await (await fetch(base + page)).text();
      const pageBytes = Buffer.byteLength(served);
      const firstVisit = await fetch(base + page, { headers: FIRST_VISIT });
      const inline = await firstVisit.text();
      if (firstVisit.status !== 200 || !inline.includes("<style data-chakra-global ")) {
        throw new Error(`${page}: a first visit got ${firstVisit.status} without the global CSS inline`);
      }
      const size = { raw: pageBytes, gz: gzipLength(served), inlineRaw: Buffer.byteLength(inline), inlineGz: gzipLength(inline) };
      sizeRows.push({
        page,
        "inline KB": kb(size.inlineRaw),
        "now KB": kb(size.raw),
        "inline gz KB": kb(size.inlineGz),
        "now gz KB": kb(size.gz),
        "repeat visit gz": `${Math.round((100 * size.gz) / size.inlineGz)} %`,
        "first visit gz KB": `${kb(size.inlineGz)} (+ ${kb(sheetGz)} after load)`,
        "repeat visit gz KB": `${kb(size.inlineGz)} → ${kb(size.gz)}`,
      });
      if (size.raw > MAX_REPEAT_SHARE * size.inlineRaw || size.gz > MAX_REPEAT_SHARE * size.inlineGz) {
        missed.push(
          `${page}: repeat visit HTML ${kb(size.raw)} KB (gz ${kb(size.gz)}) > half of ${kb(size.inlineRaw)} KB (gz ${kb(size.inlineGz)}) inline`,
        );
      }
      const staticResult = await run(base + asset);
      const pageResult = await run(base + page);
      const firstResult = await run(base + page, FIRST_VISIT);
      failed += failures(staticResult) + failures(pageResult) + failures(firstResult);
      const ratio = pageResult.requests.average / staticResult.requests.average;
      const firstRatio = firstResult.requests.average / staticResult.requests.average;
      rows.push({
        page,
        "page req/s": Math.round(pageResult.requests.average),
        "page p50 ms": pageResult.latency.p50,
        "page p99 ms": pageResult.latency.p99,
        "static req/s": Math.round(staticResult.requests.average),
        "static p50 ms": staticResult.latency.p50,
        "static p99 ms": staticResult.latency.p99,
        ratio: ratio.toFixed(2),
        "page KB": kb(pageBytes),
        "first visit req/s": Math.round(firstResult.requests.average),
        "first visit p99 ms": firstResult.latency.p99,
        "first visit ratio": firstRatio.toFixed(2),
      });
      if (firstRatio < MIN_RATIO) missed.push(`${page} (first visit): ${firstRatio.toFixed(2)} × static (< ${MIN_RATIO})`);
      if (firstResult.latency.p99 >= MAX_P99_MS)
        missed.push(`${page} (first visit): p99 ${firstResult.latency.p99} ms (≥ ${MAX_P99_MS} ms)`);
      if (ratio < MIN_RATIO) missed.push(`${page}: ${ratio.toFixed(2)} × static (< ${MIN_RATIO})`);
      if (pageResult.latency.p99 >= MAX_P99_MS) missed.push(`${page}: p99 ${pageResult.latency.p99} ms (≥ ${MAX_P99_MS} ms)`);
      if (failures(pageResult) || failures(firstResult) || failures(staticResult)) {
        missed.push(`${page}: ${failures(pageResult) + failures(firstResult)} page and ${failures(staticResult)} static answers not 200`);
      }
    }
    console.log(
      `${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up; static asset ${asset} ` +
        `(${(assetBytes / 1024).toFixed(0)} KB); database: ${testDb.databaseUrl ? "PostgreSQL" : "embedded (PGlite)"}; no Accept-Encoding`,
    );
    console.table(rows);
    console.log(
      "| page | req/s | p50 | p99 | static req/s | ratio | first visit req/s | p99 | ratio |\n|---|---|---|---|---|---|---|---|---|",
    );
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r["page req/s"]} | ${r["page p50 ms"]} ms | ${r["page p99 ms"]} ms | ${r["static req/s"]} | ${r.ratio} | ` +
          `${r["first visit req/s"]} | ${r["first visit p99 ms"]} ms | ${r["first visit ratio"]} |`,
      );
    }
    console.log(
      `\nBytes per page: a first visit's HTML (every style inline, as before the site stylesheet) → a repeat visit's ` +
        `(the stylesheet cached); gzip -9. Site stylesheet ${sheet.href}: ${kb(Buffer.byteLength(sheetCss))} KB, ` +
        `${kb(sheetGz)} KB gzipped, cached for a year, fetched by a first visit after load (scripts and images are the same either way).`,
    );
    console.table(sizeRows);
    console.log("| page | HTML first → repeat visit | gzipped | repeat visit (gz) | first visit gz |\n|---|---|---|---|---|");
    for (const r of sizeRows) {
      console.log(
        `| ${r.page} | ${r["inline KB"]} → ${r["now KB"]} KB | ${r["inline gz KB"]} → ${r["now gz KB"]} KB | ${r["repeat visit gz"]} | ${r["first visit gz KB"]} KB |`,
      );
    }
    const problems = server.problems();
    if (problems.length) console.log(`server warnings and errors:\n  ${problems.slice(0, 20).join("\n  ")}`);
    console.log(
      missed.length
        ? `targets missed:\n  ${missed.join("\n  ")}`
        : "targets met: every page in both forms ≥ 0.3 × static, p99 < 100 ms; a repeat visit's HTML at most half of a first visit's",
    );
    return missed.length || failed ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

process.exitCode = await main();
