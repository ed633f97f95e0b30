import { configDefaults, defineConfig } from "vitest/config";

/**
 * The drills: real processes killed, restored, drained or fuzzed, a minute or more each. They are
 * `npm run test:drills` (CI runs it after `npm test`, and `npm run test:db` runs both on
 * PostgreSQL), which keeps `npm test` under its 20 minutes on a 2-core machine.
 */
const DRILLS = [
  "src/backup.api.test.ts",
  "src/fault.api.test.ts",
  "src/fuzz.api.test.ts",
  "src/push-recovery.api.test.ts",
  "src/shutdown.api.test.ts",
  "src/mail-crash.api.test.ts",
  "src/webhooks-crash.api.test.ts",
  "src/half-open-drill.api.test.ts",
  "src/rolling-restart.api.test.ts",
];
const drills = process.env.CRAWLGUARD_TEST_SET === "drills";

export default defineConfig({
  test: {
    include: drills ? DRILLS : configDefaults.include,
    exclude: drills ? configDefaults.exclude : [...configDefaults.exclude, ...DRILLS],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server and database (a uniquely named one on PostgreSQL). Two files
    // at a time: `npm test` runs this package's tests last, after the web build, where one file at
    // a time left a core idle (in CI: embedded 329 → 308 s, PostgreSQL 161 → 134 s).
    fileParallelism: true,
    // A migrated embedded database every test database copies (packages/testing/src/global-setup.ts).
    globalSetup: ["../../packages/testing/src/global-setup.ts"],
    maxWorkers: 2,
    // Test files share their worker's modules (loaded once per worker, not once per file); the
    // drills, which kill and restart processes, keep a fresh module set each.
    isolate: drills,
  },
});
