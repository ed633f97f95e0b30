import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * A fresh, uniquely named database for one test run: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL when set, otherwise a new directory for the embedded PGlite. `drop()` removes it.
 */
export interface TestDatabase {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(testDatabaseUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-test-"));
  if (!testDatabaseUrl) {
    return { databaseUrl: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `crawlguard_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const conn = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
      await conn.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await conn.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
