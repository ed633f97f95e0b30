// `npm run db:backup` / `npm run db:restore` (ADR 022): a backup of a running server
// under write load, restored into an empty embedded DATA_DIR and an empty PostgreSQL database
// (TEST_DATABASE_URL), with every row and file equal; non-empty targets refused.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Sql } from "@crawlguard/db";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { seededRandom, streamWrites, WriteLedger } from "@crawlguard/testing/write-stream";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const source = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded database";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the CLI as `npm run db:backup` / `db:restore` run it, with only the given settings. */
function cli(command: "backup" | "restore", file: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/backup-cli.ts", command, file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every row of every table as text, sorted: equal snapshots, equal data. */
async function snapshot(sql: Sql): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await sql.unsafe<{ r: string }[]>(`SELECT to_jsonb(t)::text AS r FROM public."${name}" t`);
    out[name] = rows.map((row) => row.r).sort();
  }
  return out;
}

async function snapshotOf(target: { dataDir: string; databaseUrl?: string | undefined }) {
  const db = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, poolSize: 1 });
  try {
    return await snapshot(db.sql);
  } finally {
    await db.close();
  }
}

/** The gallery files under DATA_DIR/files: relative path → sha256 (readiness probes left out). */
async function filesOf(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, "files");
  const out: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = path.relative(root, path.join(entry.parentPath, entry.name));
    if (rel.startsWith("health/") || rel.endsWith(".part")) continue;
    out[rel] = createHash("sha256")
      .update(await readFile(path.join(root, rel)))
      .digest("hex");
  }
  return out;
}

describe(`db:backup of a running server (${source}) and db:restore into both targets`, () => {
  let testDb: TestDatabase;
  let server: ServerProcess | undefined;
  let work: string;
  const dropLater: TestDatabase[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    work = await mkdtemp(path.join(os.tmpdir(), "crawlguard-backups-"));
  });
  afterAll(async () => {
    await server?.stop();
    for (const db of dropLater) await db.drop();
    await testDb?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it(
    "backs up under write load, and restores every row and file into an empty embedded DATA_DIR and PostgreSQL",
    { timeout: 240_000 },
    async () => {
      const sourceEnv = { DATA_DIR: testDb.dataDir, DATABASE_URL: testDb.databaseUrl };
      server = await spawnServer({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl });
      const staff = new ApiClient(server.url);
      const account = newAccount("backup");
      expect((await staff.call("rest", "auth.register", account)).status).toBe(200);
      const ledger = new WriteLedger(seededRandom(22), "backup.example");
      await ledger.createLeads(staff, 6);
      // Two photos: files under DATA_DIR/files that rows point at.
      for (const [i, color] of ["#336699", "#996633"].entries()) {
        const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
          .jpeg()
          .toBuffer();
        const { done } = await uploadThrough(staff, "rest", photo, `p${i}.jpg`);
        expect(done?.status).toBe(200);
      }

      // Under load: a stream of contact posts, lead updates and bookings while the backup runs.
      let stopped = false;
      const stream = streamWrites(ledger, staff, { workers: 4, stopped: () => stopped, tagPrefix: "load" });
      await sleep(500);
      const underLoad = path.join(work, "under-load.tar.gz");
      const made = await cli("backup", underLoad, sourceEnv);
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(JSON.parse(made.stdout)).toMatchObject({
        msg: "backup written",
        from: testDb.databaseUrl ? "pg_dump" : "running server",
        files: expect.any(Number),
      });
      await sleep(300);
      stopped = true;
      await stream;
      expect(ledger.refused, `writes refused while the backup ran; the server said:\n${server.problems().join("\n")}`).toEqual([]);
      expect(await ledger.verify(staff)).toEqual([]);
      expect((await stat(underLoad)).mode & 0o777).toBe(0o600);

      // Quiet now: a second backup, then the server stops and its data is the reference.
      const quiet = path.join(work, "quiet.tar.gz");
      expect((await cli("backup", quiet, sourceEnv)).code).toBe(0);
      expect(await server.stop()).toBe(0);
      server = undefined;
      const reference = await snapshotOf(testDb);
      const referenceFiles = await filesOf(testDb.dataDir);
      expect(Object.keys(referenceFiles).filter((f) => f.startsWith("gallery/")).length).toBeGreaterThan(2);
      expect(reference.contact_submissions!.length).toBeGreaterThan(0);

      // Into an empty embedded DATA_DIR.
      const embeddedDir = path.join(work, "restored-embedded");
      const restored = await cli("restore", quiet, { DATA_DIR: embeddedDir });
      expect(restored.stderr).toBe("");
      expect(JSON.parse(restored.stdout)).toMatchObject({ into: "embedded", filesTo: "DATA_DIR/files" });
      expect(await snapshotOf({ dataDir: embeddedDir })).toEqual(reference);
      expect(await filesOf(embeddedDir)).toEqual(referenceFiles);
      // A non-empty target is refused, and left as it was.
      const again = await cli("restore", quiet, { DATA_DIR: embeddedDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty/);
      expect(await snapshotOf({ dataDir: embeddedDir })).toEqual(reference);

      // The backup taken under load is one consistent moment: every contact post it holds is one the
      // source holds, byte for byte, and its board reads like the source's at some moment.
      const loadDir = path.join(work, "restored-under-load");
      expect((await cli("restore", underLoad, { DATA_DIR: loadDir })).code).toBe(0);
      const atBackup = await snapshotOf({ dataDir: loadDir });
      expect(atBackup.contact_submissions!.length).toBeGreaterThan(0);
      for (const row of atBackup.contact_submissions!) expect(reference.contact_submissions).toContain(row);
      expect(atBackup.users).toEqual(reference.users);

      // The restored embedded database serves: the same account signs in, the photos are there.
      server = await spawnServer({ dataDir: embeddedDir });
      const back = new ApiClient(server.url);
      expect((await back.call("rest", "auth.login", { email: account.email, password: account.password })).status).toBe(200);
      const images = await back.call("rest", "gallery.list");
      expect(images.status).toBe(200);
      expect(await server.stop()).toBe(0);
      server = undefined;

      // Into an empty PostgreSQL database: the way from one machine to several.
      if (!process.env.TEST_DATABASE_URL) return;
      const pg = await createTestDatabase();
      dropLater.push(pg);
      const pgFilesDir = path.join(work, "pg-files");
      const intoPg = await cli("restore", quiet, { DATABASE_URL: pg.databaseUrl, DATA_DIR: pgFilesDir });
      expect(intoPg.stderr).toBe("");
      expect(JSON.parse(intoPg.stdout)).toMatchObject({ into: "postgres" });
      expect(await snapshotOf({ dataDir: pgFilesDir, databaseUrl: pg.databaseUrl })).toEqual(reference);
      expect(await filesOf(pgFilesDir)).toEqual(referenceFiles);
      const refused = await cli("restore", quiet, { DATABASE_URL: pg.databaseUrl, DATA_DIR: path.join(work, "other") });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not empty/);

      // PostgreSQL on the same machine, keeping the files where they are: identical ones stay, a
      // file with other bytes under the same name is refused before anything is written.
      const tampered = path.join(work, "tampered");
      expect((await cli("restore", quiet, { DATA_DIR: tampered })).code).toBe(0);
      const someFile = Object.keys(referenceFiles).find((f) => f.startsWith("gallery/"))!;
      await writeFile(path.join(tampered, "files", someFile), "other bytes");
      const pg3 = await createTestDatabase();
      dropLater.push(pg3);
      const clash = await cli("restore", quiet, { DATABASE_URL: pg3.databaseUrl, DATA_DIR: tampered });
      expect(clash.code).toBe(1);
      expect(clash.stderr).toMatch(/exists with other content/);
      const inPlace = await cli("restore", quiet, { DATABASE_URL: pg3.databaseUrl, DATA_DIR: embeddedDir });
      expect(inPlace.stderr).toBe("");
      expect(await snapshotOf({ dataDir: pgFilesDir, databaseUrl: pg3.databaseUrl })).toEqual(reference);
      expect(await filesOf(embeddedDir)).toEqual(referenceFiles);

      // From the embedded database (here the one restored above, backed up with no server running:
      // the CLI opens DATA_DIR itself) into PostgreSQL, whatever the source of this run was.
      const embeddedNow = await snapshotOf({ dataDir: embeddedDir });
      const fromEmbedded = path.join(work, "from-embedded.tar.gz");
      const offline = await cli("backup", fromEmbedded, { DATA_DIR: embeddedDir });
      expect(JSON.parse(offline.stdout)).toMatchObject({ database: "embedded", from: "data directory" });
      const pg2 = await createTestDatabase();
      dropLater.push(pg2);
      const pg2Files = path.join(work, "pg2-files");
      expect((await cli("restore", fromEmbedded, { DATABASE_URL: pg2.databaseUrl, DATA_DIR: pg2Files })).code).toBe(0);
      expect(await snapshotOf({ dataDir: pg2Files, databaseUrl: pg2.databaseUrl })).toEqual(embeddedNow);
      expect(await filesOf(pg2Files)).toEqual(referenceFiles);
    },
  );

  it("refuses what is not a backup, and a DATA_DIR with anything in it but the token key", { timeout: 120_000 }, async () => {
    const junk = path.join(work, "junk.tar.gz");
    await writeFile(junk, "not a tar file");
    const bad = await cli("restore", junk, { DATA_DIR: path.join(work, "never") });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/db:restore failed/);
    const busy = path.join(work, "busy");
    await openDatabase({ dataDir: busy }).then((db) => db.close());
    // A backup of its own: an embedded DATA_DIR with no server running.
    const quiet = path.join(work, "small.tar.gz");
    expect((await cli("backup", quiet, { DATA_DIR: busy })).code).toBe(0);
    const refused = await cli("restore", quiet, { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/DATA_DIR .* is not empty/);
    const usage = await cli("backup", "", {});
    expect(usage.code).toBe(2);
  });
});
