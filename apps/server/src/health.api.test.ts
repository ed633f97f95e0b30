// Health that tells the truth: GET /api/health/live and /api/health/ready, each
// answering within 2 s even when the database hangs; readiness covers the app's own tables, the
// migrations, the object storage and draining; S3 unusable at start is a clear (JSON) error and a
// non-ready instance; refused settings are one JSON line naming the variable.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startLocalS3, type LocalS3 } from "@crawlguard/storage/testing";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { expectRefusedSetting, startEntryUntilExit } from "@crawlguard/testing/start-entry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { freePort, spawnServer } from "@crawlguard/testing/spawn-server";

const embedded = !process.env.TEST_DATABASE_URL;

async function timed(url: string): Promise<{ status: number; body: { status?: string; checks?: Record<string, string> }; ms: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { status?: string; checks?: Record<string, string> };
  return { status: res.status, body, ms: performance.now() - started };
}

describe(`health: live and ready (${embedded ? "embedded database" : "PostgreSQL"})`, () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  it("live answers 200 at once; ready lists its checks and answers 200 when all pass", async () => {
    const live = await fetch(`${srv.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    expect(live.headers.get("cache-control")).toBe("no-store");
    const ready = await timed(`${srv.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", storage: "ok", draining: "no", googleCalendar: "not configured" },
    });
    // The first endpoint (GET /api/health) stays, anonymous callers still see only the status.
    for (const door of doors) {
      const health = await new ApiClient(srv.url).call(door, "health.check");
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: "ok" });
    }
  });

  it("answers within 2 s when the database hangs (503 for ready and /api/health, 200 for live), and recovers", async () => {
    // Every connection of the server's pool held: each query waits, as with a database that hangs.
    const sql = srv.running.db.sql;
    const held = await Promise.all(Array.from({ length: srv.running.db.poolSize }, () => sql.reserve()));
    try {
      const [ready, again, legacy, live] = await Promise.all([
        timed(`${srv.url}/api/health/ready`),
        timed(`${srv.url}/api/health/ready`),
        timed(`${srv.url}/api/health`),
        timed(`${srv.url}/api/health/live`),
      ]);
      for (const answer of [ready, again, legacy]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(2000);
      }
      expect(ready.body).toMatchObject({ status: "not ready", checks: { database: "no answer", migrations: "unknown" } });
      expect(legacy.body).toMatchObject({ message: "Database unavailable" });
      expect(live.status).toBe(200);
      expect(live.ms).toBeLessThan(500);
    } finally {
      for (const connection of held) connection.release();
    }
    const recovered = await timed(`${srv.url}/api/health/ready`);
    expect(recovered.status).toBe(200);
    expect((await timed(`${srv.url}/api/health`)).status).toBe(200);
  });

  it("is not ready while a migration this build knows is not applied", async () => {
    const sql = srv.running.db.sql;
    const [last] = await sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`;
    await sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`;
    try {
      const ready = await timed(`${srv.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ database: "ok", migrations: "pending" });
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`;
    }
    expect((await timed(`${srv.url}/api/health/ready`)).status).toBe(200);
  });

  it("is not ready while draining", async () => {
    const other = await startTestServer();
    const stopped = other.running.stop();
    // The drain is under way: nothing in flight, so the server stops listening at once.
    expect(other.running.draining()).toBe(true);
    await stopped;
    await other.testDb.drop();
    await expect(fetch(`${other.url}/api/health/ready`)).rejects.toThrow();
  });
});

describe(`health: object storage (${embedded ? "embedded database" : "PostgreSQL"})`, () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.stop());

  it("is ready with a reachable, writable bucket, and leaves no probe object behind", async () => {
    const srv = await startTestServer(s3.env);
    try {
      const ready = await timed(`${srv.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.body.checks?.storage).toBe("ok");
      const res = await fetch(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}?prefix=health/`);
      const listing = await res.text();
      expect(listing).toMatch(/<ListBucketResult/);
      expect(listing).not.toMatch(/<Key>health\//);
    } finally {
      await srv.stop();
    }
  });

  it("starts without a bucket that does not exist, and is not ready", async () => {
    const srv = await startTestServer({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    try {
      const ready = await timed(`${srv.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: "not ready", checks: { storage: "unavailable", database: "ok" } });
      expect(ready.ms).toBeLessThan(2000);
    } finally {
      await srv.stop();
    }
  });

  it("S3 unreachable at start: one JSON error line naming S3_BUCKET, the site up, readiness 503", { timeout: 120_000 }, async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const port = await freePort();
    const server = await spawnServer({
      dataDir: testDb.dataDir,
      databaseUrl: testDb.databaseUrl,
      env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" },
    });
    try {
      const ready = await timed(`${server.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ storage: "unavailable", database: "ok" });
      const errors = server
        .problems()
        .map((line) => JSON.parse(line) as { level: number; msg: string; variable?: string; reason?: string })
        .filter((entry) => entry.level >= 50);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ variable: "S3_BUCKET", bucket: s3.env.S3_BUCKET });
      expect(errors[0]!.msg).toMatch(/S3 storage is not usable/);
      expect(errors[0]!.reason).toBeTruthy();
      // Every line of the log is JSON, the first included.
      for (const line of server.output().split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
      await testDb.drop();
    }
  });
});

describe("refused settings at start", () => {
  let dataDir = "";
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const start = (env: Record<string, string>) => startEntryUntilExit(dataDir, env);

  it("is one JSON log line naming the variable, without a stack or the secret, and exit code 78", { timeout: 120_000 }, async () => {
    const closed = await freePort();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-settings-"));
    const cases: [Record<string, string>, string][] = [
      [{ GOOGLE_TOKEN_KEY: "not-a-key" }, "GOOGLE_TOKEN_KEY"],
      [{ DATABASE_URL: "mysql://root:hunter2secret@db/crawlguard" }, "DATABASE_URL"],
      [{ DATABASE_URL: `postgres://crawlguard:hunter2secret@127.0.0.1:${closed}/crawlguard` }, "DATABASE_URL"],
      [{ PORT: "99999" }, "PORT"],
      [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
      [{ SHUTDOWN_GRACE_SECONDS: "soon" }, "SHUTDOWN_GRACE_SECONDS"],
    ];
    // Two at a time: each is a Node process with tsx, and the suite runs files in parallel.
    const results: Awaited<ReturnType<typeof start>>[] = [];
    for (let i = 0; i < cases.length; i += 2) results.push(...(await Promise.all(cases.slice(i, i + 2).map(([env]) => start(env)))));
    for (const [index, [env, variable]] of cases.entries()) {
      const exit = results[index]!;
      const what = `${JSON.stringify(env)}: ${exit.stdout}${exit.stderr}`;
      expectRefusedSetting(exit, variable, what);
      expect(exit.stdout, what).not.toContain("hunter2secret");
    }
  });
});
