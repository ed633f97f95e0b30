import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "./open.js";

// The embedded database on disk flushes each commit to the disk (see DurableNodeFS in
// embedded.ts): fsync is on, the WAL is synced with fsync(), and that fsync reaches the kernel.
describe("embedded database durability", () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-durable-"));
    db = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("runs with fsync on and the WAL synced by fsync()", async () => {
    const [settings] = await db.sql<{ fsync: string; walSyncMethod: string; synchronousCommit: string }[]>`
      SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS wal_sync_method,
             current_setting('synchronous_commit') AS synchronous_commit`;
    expect(settings).toEqual({ fsync: "on", walSyncMethod: "fsync", synchronousCommit: "on" });
  });

  it("calls fsync(2) for every commit", async () => {
    const fsync = vi.spyOn(fs, "fsyncSync");
    for (let i = 0; i < 3; i++) await db.sql`INSERT INTO rate_limit_hits (bucket, key) VALUES ('durability-test', ${String(i)})`;
    expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});
