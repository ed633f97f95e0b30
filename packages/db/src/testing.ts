import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { SOCKET_NAME } from "./embedded.js";
import { DUMP_POINTER, DUMP_SOCKET_NAME } from "./dump-channel.js";
import { openDatabase } from "./open.js";

/**
 * Where test runs keep a migrated embedded data directory (set by a test runner's global setup,
 * `prepareEmbeddedTemplate`): each embedded test database starts as a copy of it instead of an
 * initdb and every migration again, about 8 of a test server's 9 s start on a 2-core machine.
 */
export const EMBEDDED_TEMPLATE_ENV = "CRAWLGUARD_TEST_EMBEDDED_TEMPLATE";

/** Creates a migrated, closed embedded data directory for `createTestDatabase` to copy. */
export async function prepareEmbeddedTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-template-"));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A fresh, uniquely named database for one test run: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL when set, otherwise a new directory for the embedded PGlite. `drop()` removes it.
 */
export interface TestDatabase {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  testDatabaseUrl = process.env.TEST_DATABASE_URL,
  { fromTemplate = true }: { fromTemplate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-test-"));
  if (!testDatabaseUrl) {
    const template = process.env[EMBEDDED_TEMPLATE_ENV];
    if (fromTemplate && template) {
      // The database's files only: not the sockets or the pointer a running instance leaves.
      const skip = new Set([SOCKET_NAME, `${SOCKET_NAME}.lock`, DUMP_SOCKET_NAME, DUMP_POINTER]);
      await cp(template, dataDir, { recursive: true, filter: (source) => !skip.has(path.basename(source)) });
    }
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
