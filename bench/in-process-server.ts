// The real server in the bench's own process, on a fresh database: a new one on the server of
// DATABASE_URL, or a new embedded directory. `stop()` stops it and drops that database.
import { createTestDatabase } from "@crawlguard/db/testing";
import { loadEnv } from "../apps/server/src/env.ts";
import { startServer, type RunningServer } from "../apps/server/src/server.ts";

export type BenchServer = { running: RunningServer; stop(): Promise<void> };

/** Starts the API (no web app) in production mode, logging warnings only; `env` adds to that. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const testDb = await createTestDatabase(process.env.DATABASE_URL);
  try {
    const running = await startServer({
      withWeb: false,
      env: loadEnv({
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: testDb.dataDir,
        ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
        ...env,
      }),
    });
    return {
      running,
      async stop() {
        await running.stop().catch(() => {});
        await testDb.drop().catch(() => {});
      },
    };
  } catch (error) {
    await testDb.drop().catch(() => {});
    throw error;
  }
}
