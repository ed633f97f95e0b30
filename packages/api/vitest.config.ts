import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Unit tests (`*.test.ts`) and each domain's API tests (`*.api.test.ts`, which start the real
    // server from @crawlguard/testing on the embedded database, or on PostgreSQL with
    // TEST_DATABASE_URL). Each API test file starts its own server and database.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // A migrated embedded database every test database copies.
    globalSetup: ["../testing/src/global-setup.ts"],
  },
});
