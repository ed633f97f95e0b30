import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { makeScratchDir } from "@crawlguard/testing/scratch";

// The run's ports: the server's (E2E_PORT), the Google emulator's, the SMTP sink's and the bare
// server's (e2e/bare-server.spec.ts). npm run e2e starts the desktop and the phone project side by
// side, each with servers of its own, on free ports its launcher (scripts/e2e.mjs) chose; started
// alone, this run chooses its own free ones (keeping any given). Once: the runner evaluates this
// file again in each worker, and the environment variables make them all agree.
const PORT_NAMES = ["E2E_PORT", "E2E_GOOGLE_PORT", "E2E_SMTP_PORT", "E2E_BARE_PORT"] as const;
if (PORT_NAMES.some((name) => !process.env[name])) {
  const script = fileURLToPath(new URL("scripts/e2e-ports.mjs", import.meta.url));
  const chosen = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8" })) as Record<string, string>;
  for (const name of PORT_NAMES) process.env[name] = chosen[name];
}
const PORT = Number(process.env["E2E_PORT"]);
// E2E_RUN names a run's own folders for failure artifacts and the HTML report, so that two runs side
// by side neither mix nor wipe each other's (the runner empties its output folder when it starts).
const RUN = process.env["E2E_RUN"];
const baseURL = `http://127.0.0.1:${PORT}`;

// The Google API emulator (tooling/google-emulator) the server talks to instead of Google. Specs
// read its address from E2E_GOOGLE_URL (e2e/google-fixtures.ts).
const GOOGLE_PORT = Number(process.env["E2E_GOOGLE_PORT"]);
const googleURL = `http://127.0.0.1:${GOOGLE_PORT}`;
process.env["E2E_GOOGLE_URL"] = googleURL;
// An SMTP server that accepts every message (packages/testing/src/smtp-sink-cli.ts), so the server's
// mail goes somewhere real and a lead's History lists real deliveries.
const SMTP_PORT = Number(process.env["E2E_SMTP_PORT"]);
/** The emulator's one OAuth client (its defaults). */
const GOOGLE_CLIENT = { id: "emulator-client-id", secret: "emulator-client-secret" };

// A fresh data directory (the embedded database lives there) per run, so every
// run starts with no users; in memory where the system has it, as the API tests' databases
// (@crawlguard/testing/scratch). The runner evaluates this file again in each
// worker: the environment variable makes them all agree on one directory.
if (!process.env["CRAWLGUARD_E2E_DATA_DIR"]) {
  const dataDir = makeScratchDir("crawlguard-e2e-");
  process.env["CRAWLGUARD_E2E_DATA_DIR"] = dataDir;
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env["CRAWLGUARD_E2E_DATA_DIR"];

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    // CHROME_PATH (default Debian's /usr/bin/chromium) behind scripts/chromium.sh, as the benches
    // start it: no sandbox, GPU or background networking, and the --disable-features switches
    // merged (Chromium would keep only the last) with its own, which turns off the address-bar popup
    // headless Chromium 15x preloads in a WebUI renderer that kept a core about half busy through
    // every test (a quarter of the suite's time here).
    executablePath: fileURLToPath(new URL("../../scripts/chromium.sh", import.meta.url)),
  },
};

const desktop = { ...chromium, viewport: { width: 1280, height: 800 } };

// Tests tagged @first-admin run once, before everything else: the first account
// registered on an empty database becomes the admin, so nothing may register
// before them. Both device projects depend on that project.
const FIRST_ADMIN = /@first-admin/;
// Tests tagged @phone-only need a touch screen or the narrow layout: the desktop project leaves them out.
const PHONE_ONLY = /@phone-only/;
// Tests tagged @desktop-only need a mouse (dragging in the calendar): the phone project leaves them out.
const DESKTOP_ONLY = /@desktop-only/;
// Tests tagged @any-device check what no screen changes (headers, server forms, settings flows whose
// screens the phone project's layout and axe tests already cover): they run once, in the desktop
// project, which keeps `npm test` within its 20 minutes on 2 cores.
const ANY_DEVICE = /@any-device/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env["CI"],
  outputDir: RUN ? `test-results/${RUN}` : "test-results",
  reporter: process.env["CI"]
    ? [["list"], ["html", { open: "never", outputFolder: RUN ? `playwright-report/${RUN}` : "playwright-report" }]]
    : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace of every test doubles its time on a 2-core machine: off unless asked for
    // (`npx playwright test --trace retain-on-failure`). A failure still leaves a screenshot and the
    // page's accessibility snapshot (error-context.md).
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "first-admin", grep: FIRST_ADMIN, use: desktop },
    { name: "desktop", grepInvert: [FIRST_ADMIN, PHONE_ONLY], dependencies: ["first-admin"], use: desktop },
    {
      name: "phone",
      grepInvert: [FIRST_ADMIN, DESKTOP_ONLY, ANY_DEVICE],
      dependencies: ["first-admin"],
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      // Google's OAuth and Calendar API, emulated (started first: the server below uses it).
      command: "node --import tsx ../../tooling/google-emulator/src/cli.ts",
      url: `${googleURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        GOOGLE_EMULATOR_PORT: String(GOOGLE_PORT),
        GOOGLE_EMULATOR_HOST: "127.0.0.1",
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_EMULATOR_AUTO_APPROVE: "true",
      },
    },
    {
      command: "node --import tsx ../../packages/testing/src/smtp-sink-cli.ts",
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: { SMTP_SINK_PORT: String(SMTP_PORT) },
    },
    {
      // The built server (npm run e2e builds it first) serving the built web app.
      command: "node ../server/dist/index.js",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir ?? "",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        // Every test submits from 127.0.0.1: keep the per-IP contact limit out of the way.
        CONTACT_RATE_LIMIT: "1000",
        // The "sent faster than a person could" check (3 s by default) would slow the browser tests.
        CONTACT_MIN_SUBMIT_MS: "0",
        // Google Calendar against the emulator, with a failed push retried after 1 s
        // (then 3 s, 6 s, …) and the queue checked 4 times a second, so recovery shows in seconds.
        GOOGLE_API_BASE_URL: googleURL,
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_PUSH_RETRY_SECONDS: "1",
        GOOGLE_PUSH_POLL_MS: "250",
        // Webhooks to the spec's own receiver on 127.0.0.1 (plain http, development only), looked for 4 times a second.
        WEBHOOKS_ALLOW_HTTP: "true",
        WEBHOOKS_POLL_MS: "250",
        // Mail through the sink above, looked for 4 times a second.
        SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: "CrawlGuard <office@crawlguard.example>",
        MAIL_POLL_MS: "250",
      },
    },
  ],
});
