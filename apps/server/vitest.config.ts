import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server and database (a uniquely named one on PostgreSQL). Two files
    // at a time: `npm test` runs this package's tests last, alone, so one file at a time left a
    // core idle for minutes (5.5 min → about 4 on this 2-core machine).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
