import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own server and database; two cores: run files one after another.
    fileParallelism: false,
  },
});
