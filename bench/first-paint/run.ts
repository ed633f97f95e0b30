// A first visit's paint, this build beside another: each public page opened with an empty cache in
// Debian's Chromium (Playwright, 412 × 823, DevTools network emulation of slow 4G: 150 ms latency,
// 1.47 Mbit/s down), FCP and LCP read in the page, the two builds alternated page by page. Both are
// built servers on fresh embedded databases, each started from its own checkout. Then a return
// visit in the same browser profile (the site stylesheet and any cookie kept; a new tab typing the
// address, as a bookmark does): FCP, LCP and the document's bytes on the wire.
//   BENCH_BASELINE_DIR=/path/to/other/checkout npm run first-paint -w @crawlguard/bench
//   (that checkout built: npx turbo run build --filter=@crawlguard/server...)   BENCH_RUNS=5
// ADR 031 uses it: the site stylesheet against the same pages with their CSS inline; ADR 032: a
// first visit with its CSS inline and a return visit with the stylesheet cached, against ADR 031.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { freePort, spawnServer, type ServerProcess } from "../../packages/testing/src/spawn-server.ts";
import { QUIET_CHROMIUM } from "../chromium.ts";
import { armDeadline } from "../deadline.ts";

const BASELINE = process.env.BENCH_BASELINE_DIR;
if (!BASELINE) throw new Error("Set BENCH_BASELINE_DIR to another checkout of the project, built (its apps/server/dist/index.js)");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = ["/", "/services", "/services/crawl-space-encapsulation", "/contact", "/gallery", "/about"];
const HERE = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

type Paint = { fcp: number; lcp: number; documentBytes: number };
type Build = { name: string; server: ServerProcess; dataDir: string; paints: Map<string, Paint[]>; returns: Map<string, Paint[]> };

async function startBuild(name: string, checkout: string): Promise<Build> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-bench-paint-"));
  const server = await spawnServer({
    entry: "built",
    dataDir,
    port: await freePort(),
    builtEntry: path.join(checkout, "apps/server/dist/index.js"),
  });
  return { name, server, dataDir, paints: new Map(), returns: new Map() };
}

const deadline = armDeadline(15 * 60 * 1000);
const builds = [await startBuild("baseline", BASELINE), await startBuild("this build", HERE)];
const browser = await chromium.launch({ executablePath: QUIET_CHROMIUM });
try {
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      for (const build of run % 2 ? [...builds].reverse() : builds) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 2 });
        const visit = async (): Promise<{ tab: Page; paint: Paint }> => {
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency: 150,
            downloadThroughput: (1.47 * 1024 * 1024) / 8,
            uploadThroughput: (675 * 1024) / 8,
          });
          await tab.addInitScript(
            "window.__lcp = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });",
          );
          await tab.goto(`${build.server.url}${page}`, { waitUntil: "load" });
          await tab.waitForTimeout(500);
          const paint = await tab.evaluate<Paint>(
            "({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1, lcp: window.__lcp, documentBytes: performance.getEntriesByType('navigation')[0]?.transferSize ?? -1 })",
          );
          return { tab, paint };
        };
        const first = await visit();
        build.paints.set(page, [...(build.paints.get(page) ?? []), first.paint]);
        // The site stylesheet is in the browser's cache (linked, or fetched after load) before the return visit.
        await first.tab.waitForFunction(
          "performance.getEntriesByType('resource').some((e) => /\\/assets\\/site-[\\w-]+\\.css$/.test(e.name) && e.responseEnd > 0)",
          undefined,
          { timeout: 30_000 },
        );
        await first.tab.close();
        const back = await visit();
        build.returns.set(page, [...(build.returns.get(page) ?? []), back.paint]);
        await context.close();
      }
    }
  }
} finally {
  clearTimeout(deadline);
  await browser.close();
  for (const build of builds) {
    await build.server.stop();
    rmSync(build.dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [baseline, current] = builds as [Build, Build];
/** Per page, the medians of both builds' visits of one kind (first or return): FCP, LCP and the document's bytes. */
function medians(visits: "paints" | "returns") {
  return PAGES.map((page) => {
    const before = baseline[visits].get(page)!;
    const after = current[visits].get(page)!;
    const pair = (of: (p: Paint) => number) => [median(before.map(of)).toFixed(0), median(after.map(of)).toFixed(0)];
    const [fcpBefore, fcpAfter] = pair((p) => p.fcp);
    const [lcpBefore, lcpAfter] = pair((p) => p.lcp);
    const [bytesBefore, bytesAfter] = pair((p) => p.documentBytes);
    return {
      page,
      "FCP baseline ms": fcpBefore,
      "FCP this ms": fcpAfter,
      "LCP baseline ms": lcpBefore,
      "LCP this ms": lcpAfter,
      "document B baseline": bytesBefore,
      "document B this": bytesAfter,
    };
  });
}
console.log(`First visit, empty cache, 150 ms latency, 1.47 Mbit/s; ${RUNS} runs alternated; baseline: ${BASELINE}`);
console.table(medians("paints"));
console.log("Return visit (same profile: the stylesheet and cookies kept; a new tab typing the address)");
console.table(medians("returns"));
