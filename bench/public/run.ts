// Public pages at static speed (issue 23): autocannon against the BUILT server (`node
// apps/server/dist/index.js`, its own process, production settings) on loopback, a fresh embedded
// database (or DATABASE_URL's server) removed at the end. For every public page, in the same run: a
// hashed static asset (the page's entry script, served by express.static) and then the page, each
// with BENCH_CONNECTIONS (20) connections for BENCH_DURATION (5) seconds after a 1 s warm-up. It
// prints req/s, p50 and p99 of both and the ratio page/static, and exits non-zero when a page
// misses the targets (≥ 0.3 × the static asset's req/s, p99 < 100 ms) or any answer is not 200.
// Then the bytes of each page (issue 23: "HTML per page down by at least half for a repeat visitor"):
// its HTML as served (styles in the site stylesheet) against the same page with every style inline
// as before the stylesheet (rendered here by the built server bundle: Chakra's global CSS and all the
// page's styles in <style> tags), raw and gzip -9, and what a first visit (HTML + stylesheet) and a
// repeat visit (the stylesheet cached) transfer. It exits non-zero when a repeat visit's HTML is not
// at most half of the inline page's, raw and gzipped. Scripts and images are the same either way.
//   BENCH_PAGES=/,/about   other paths;  BENCH_CONNECTIONS, BENCH_DURATION as above
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { spawnServer, type ServerProcess } from "../../apps/server/src/test/spawn-server.ts";
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

type Render = (input: { url: string; template: string; publicUrl: string }) => Promise<{ status: number; html: string }>;
type SiteStylesheet = { href: string; styles: string[]; globalCssLength: number };

const gzipLength = (text: string) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The page as it was before the site stylesheet: rendered by the built bundle with no style taken as
 * shared (all the page's emotion styles inline) into the template with Chakra's global CSS inline.
 */
async function inlinePage(url: string, base: string, sheet: SiteStylesheet, sheetCss: string, template: string): Promise<string> {
  const { render } = (await import(pathToFileURL(path.join(ROOT, "apps/web/dist/server/entry-server.js")).href)) as { render: Render };
  const link = `<link rel="stylesheet" href="${sheet.href}" data-cg-sheet>`;
  if (!template.includes(link)) throw new Error("apps/web/dist/client/index.html does not link the site stylesheet");
  const inlineTemplate = template.replace(link, () => `<style data-chakra-global>${sheetCss.slice(0, sheet.globalCssLength)}</style>`);
  const page = await render({ url, template: inlineTemplate, publicUrl: base });
  if (page.status !== 200) throw new Error(`${url}: ${page.status}`);
  return page.html;
}

async function run(url: string): Promise<Result> {
  const common = { url, connections: CONNECTIONS, timeout: 30 };
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
      const inline = await inlinePage(page, base, sheet, sheetCss, template);
      const size = { raw: pageBytes, gz: gzipLength(served), inlineRaw: Buffer.byteLength(inline), inlineGz: gzipLength(inline) };
      sizeRows.push({
        page,
        "inline KB": kb(size.inlineRaw),
        "now KB": kb(size.raw),
        "inline gz KB": kb(size.inlineGz),
        "now gz KB": kb(size.gz),
        "repeat visit gz": `${Math.round((100 * size.gz) / size.inlineGz)} %`,
        "first visit gz KB": `${kb(size.inlineGz)} → ${kb(size.gz + sheetGz)}`,
        "repeat visit gz KB": `${kb(size.inlineGz)} → ${kb(size.gz)}`,
      });
      if (size.raw > MAX_REPEAT_SHARE * size.inlineRaw || size.gz > MAX_REPEAT_SHARE * size.inlineGz) {
        missed.push(
          `${page}: repeat visit HTML ${kb(size.raw)} KB (gz ${kb(size.gz)}) > half of ${kb(size.inlineRaw)} KB (gz ${kb(size.inlineGz)}) inline`,
        );
      }
      const staticResult = await run(base + asset);
      const pageResult = await run(base + page);
      failed += failures(staticResult) + failures(pageResult);
      const ratio = pageResult.requests.average / staticResult.requests.average;
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
      });
      if (ratio < MIN_RATIO) missed.push(`${page}: ${ratio.toFixed(2)} × static (< ${MIN_RATIO})`);
      if (pageResult.latency.p99 >= MAX_P99_MS) missed.push(`${page}: p99 ${pageResult.latency.p99} ms (≥ ${MAX_P99_MS} ms)`);
      if (failures(pageResult) || failures(staticResult)) {
        missed.push(`${page}: ${failures(pageResult)} page and ${failures(staticResult)} static answers not 200`);
      }
    }
    console.log(
      `${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up; static asset ${asset} ` +
        `(${(assetBytes / 1024).toFixed(0)} KB); database: ${testDb.databaseUrl ? "PostgreSQL" : "embedded (PGlite)"}; no Accept-Encoding`,
    );
    console.table(rows);
    console.log("| page | req/s | p50 | p99 | static req/s | ratio |\n|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r["page req/s"]} | ${r["page p50 ms"]} ms | ${r["page p99 ms"]} ms | ${r["static req/s"]} | ${r.ratio} |`,
      );
    }
    console.log(
      `\nBytes per page: HTML with every style inline (before the site stylesheet) → as served now; gzip -9. ` +
        `Site stylesheet ${sheet.href}: ${kb(Buffer.byteLength(sheetCss))} KB, ${kb(sheetGz)} KB gzipped, cached for a year. ` +
        `First visit = HTML + stylesheet; repeat visit = HTML (scripts and images are the same either way).`,
    );
    console.table(sizeRows);
    console.log("| page | HTML inline → now | gzipped | repeat visit (gz) | first visit gz (+ stylesheet) |\n|---|---|---|---|---|");
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
        : "targets met: every page ≥ 0.3 × static, p99 < 100 ms; a repeat visit's HTML at most half of the inline page's",
    );
    return missed.length || failed ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

process.exitCode = await main();
