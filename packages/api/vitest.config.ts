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
    // Test files share their worker's modules: the server's modules load once per worker, not once
    // per file (alone here: 241 → 162 s, 384 → 224 s of CPU). Each file still starts its own server
    // and database; nothing a test relies on lives in a module's state.
    isolate: false,
    // A migrated embedded database every test database copies.
    globalSetup: ["../testing/src/global-setup.ts"],
  },
});
