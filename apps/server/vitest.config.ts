import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server and database (a uniquely named one on PostgreSQL). Two files
    // at a time: `npm test` runs this package's tests last, after the web build, where one file at
    // a time left a core idle (in CI: embedded 329 → 308 s, PostgreSQL 161 → 134 s).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
