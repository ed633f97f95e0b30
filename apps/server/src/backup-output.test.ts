// Where `npm run db:backup -- FILE` writes: a new file of its own, owner-only, complete or absent.
// Anything already at FILE (a file another local user made, a symlink, a dangling one, a directory)
// is refused with a clear message and a non-zero exit, and left exactly as it was.
import { spawn } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backup, backupExistsMessage, writeArchiveExclusively } from "./backup.js";
import { loadEnv } from "./env.js";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the backup archive's path", () => {
  let dir: string;
  let staging: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-backup-out-"));
    staging = path.join(dir, "staging");
    await mkdir(staging);
    await writeFile(path.join(staging, "manifest.json"), '{"format":"test"}');
    await writeFile(path.join(staging, "database.sql"), "SELECT 1;\n".repeat(10_000));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Files in `dir` whose names start with a dot: a temporary archive left behind would be one. */
  const leftovers = async (inDir: string) => (await readdir(inDir)).filter((name) => name.startsWith("."));

  it("is a new owner-only file, written whole under a temporary name and then given its own", async () => {
    const out = path.join(dir, "new", "backup.tar.gz");
    await writeArchiveExclusively(out, staging, ["manifest.json", "database.sql"]);
    const info = await lstat(out);
    expect(info.isFile()).toBe(true);
    expect(info.mode & 0o777).toBe(0o600);
    const names: string[] = [];
    await tar.list({ file: out, onReadEntry: (entry) => names.push(entry.path) });
    expect(names).toEqual(["manifest.json", "database.sql"]);
    expect(await leftovers(path.dirname(out))).toEqual([]);
  });

  it("refuses a file, a symlink, a dangling symlink and a directory already there, and leaves each as it was", async () => {
    const victim = path.join(dir, "victim.txt");
    await writeFile(victim, "someone else's");
    const cases: [string, () => Promise<void>][] = [
      ["pre-made.tar.gz", () => writeFile(path.join(dir, "pre-made.tar.gz"), "planted", { mode: 0o666 })],
      ["link.tar.gz", () => symlink(victim, path.join(dir, "link.tar.gz"))],
      ["dangling.tar.gz", () => symlink(path.join(dir, "not-there-yet"), path.join(dir, "dangling.tar.gz"))],
      ["a-directory", () => mkdir(path.join(dir, "a-directory"))],
    ];
    for (const [name, make] of cases) {
      await make();
      const out = path.join(dir, name);
      const before = await lstat(out);
      await expect(writeArchiveExclusively(out, staging, ["manifest.json"]), name).rejects.toThrow(backupExistsMessage(out));
      const after = await lstat(out);
      expect({ mode: after.mode, size: after.size, ino: after.ino }, name).toEqual({
        mode: before.mode,
        size: before.size,
        ino: before.ino,
      });
    }
    expect(await readFile(victim, "utf8")).toBe("someone else's");
    expect(await readFile(path.join(dir, "pre-made.tar.gz"), "utf8")).toBe("planted");
    expect(await readlink(path.join(dir, "dangling.tar.gz"))).toBe(path.join(dir, "not-there-yet"));
    await expect(lstat(path.join(dir, "not-there-yet"))).rejects.toThrow(/ENOENT/);
    expect(await leftovers(dir)).toEqual([]);
  });

  it("is refused before the database is read", async () => {
    const out = path.join(dir, "taken.tar.gz");
    await writeFile(out, "");
    // No database at DATA_DIR: the taken path is what is reported, not the missing database.
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: path.join(dir, "no-data-here") });
    await expect(backup(env, out)).rejects.toThrow(backupExistsMessage(out));
    await expect(lstat(path.join(dir, "no-data-here"))).rejects.toThrow(/ENOENT/);
  });

  it("makes `npm run db:backup` say so and exit non-zero", { timeout: 30_000 }, async () => {
    const out = path.join(dir, "cli.tar.gz");
    await symlink(path.join(dir, "victim.txt"), out);
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "src/backup-cli.ts", "backup", out], {
        cwd: SERVER_DIR,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, DATA_DIR: path.join(dir, "no-data-here") },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.once("close", (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({ level: "error", msg: "db:backup failed", reason: backupExistsMessage(out) });
    expect(await readFile(path.join(dir, "victim.txt"), "utf8")).toBe("someone else's");
  });
});
