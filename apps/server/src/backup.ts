import { createHash, randomBytes } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  createSql,
  dumpPostgres,
  findDumpSocket,
  migrate,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  requestDump,
  restoreDump,
  secureDataDir,
  startEmbeddedDatabase,
  userRelations,
  type Sql,
} from "@crawlguard/db";
import { createStorage } from "@crawlguard/storage";
import * as tar from "tar";
import { storageConfig, type Env } from "./env.js";

/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>` (ADR 022).
 *
 * A backup is ONE archive (tar, gzip): `manifest.json`, `database.sql` (plain SQL from pg_dump:
 * PGlite's own for the embedded database, asked of the running server over its local channel; the
 * machine's `pg_dump` for PostgreSQL) and, when gallery files live in `DATA_DIR/files`, those files
 * under `files/`. The Google token key is never in it: it travels separately.
 */
export const BACKUP_FORMAT = "crawlguard-backup/1";

interface FileEntry {
  /** The storage key, e.g. gallery/<id>/960w.webp. */
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: "embedded" | "postgres";
  /** "included": under files/; "s3": in the bucket, back it up with the bucket's own tools. */
  files: "included" | "s3";
  fileList: FileEntry[];
  googleTokenKey: "not included";
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** How the database was reached: the running server's channel, the directory itself (no server), pg_dump. */
  source: "running server" | "data directory" | "pg_dump";
}

const FILES_DIR = "files";
const TOKEN_KEY_FILE = "google-token.key";

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Every finished file under `dir` (relative, slash-separated): not `.part` files (uploads still
 * arriving) nor `health/` (readiness probes' objects, there for a moment).
 */
async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [];
      throw err;
    });
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !entry.name.endsWith(".part") && !child.startsWith("health/")) found.push(child);
    }
  };
  await walk("");
  return found.sort();
}

async function dumpDatabase(env: Env): Promise<{ sql: string; source: BackupResult["source"] }> {
  if (env.DATABASE_URL) return { sql: await dumpPostgres(env.DATABASE_URL), source: "pg_dump" };
  const dataDir = path.resolve(env.DATA_DIR);
  const socket = await findDumpSocket(dataDir);
  if (socket) return { sql: await requestDump(socket), source: "running server" };
  // No server on it: open the directory ourselves (a server starting meanwhile finds our socket and stops).
  const hasDatabase = await stat(path.join(dataDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
  if (!hasDatabase) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) and no server running on it`);
  const embedded = await startEmbeddedDatabase(dataDir);
  try {
    return { sql: await embedded.dump(), source: "data directory" };
  } finally {
    await embedded.stop();
  }
}

/** The answer when the backup's path is taken: nothing is ever written through what is there. */
export const backupExistsMessage = (out: string) =>
  `${out} already exists: a backup never replaces or writes through an existing file or link. Choose a new file name.`;

/** Refuses `out` when anything is there: a file, a directory, a symlink (a dangling one too). */
async function refuseExisting(out: string): Promise<void> {
  const there = await lstat(out).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return false;
      throw err;
    },
  );
  if (there) throw new Error(backupExistsMessage(out));
}

/**
 * Writes the archive of `files` (under `cwd`) to `out`, which must not exist. The bytes go to a
 * temporary file of our own in the same directory (created exclusively, never through a link,
 * owner-only), and it takes the name `out` only when complete, by a hard link, which fails when
 * anything appeared at `out` meanwhile (a rename would replace it). On a file system without hard
 * links: a rename after checking again.
 */
export async function writeArchiveExclusively(out: string, cwd: string, files: string[]): Promise<void> {
  await mkdir(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE });
  await refuseExisting(out);
  const temporary = path.join(path.dirname(out), `.${path.basename(out)}.${randomBytes(6).toString("hex")}.partial`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(temporary, flags, PRIVATE_FILE_MODE);
  try {
    // Owner-only like DATA_DIR (whatever the umask): the archive holds everything the database holds.
    await handle.chmod(PRIVATE_FILE_MODE);
    // The stream closes the handle when done, after flushing it to disk (flush: fsync before close).
    await pipeline(tar.create({ cwd, gzip: true, follow: true, portable: true }, files), handle.createWriteStream({ flush: true }));
    try {
      await link(temporary, out);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new Error(backupExistsMessage(out), { cause: err });
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw err;
      await refuseExisting(out);
      await rename(temporary, out);
    }
  } finally {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
  }
}

/**
 * Makes the backup archive `file` of whatever database and file storage `env` configures. `file`
 * must not exist: it is refused before anything is read (and again when the archive is complete).
 */
export async function backup(env: Env, file: string): Promise<BackupResult> {
  const out = path.resolve(file);
  await refuseExisting(out);
  const staging = await mkdtemp(path.join(os.tmpdir(), "crawlguard-backup-"));
  try {
    // The database first, then the files: every file a row of the dump names was there before it.
    const { sql, source } = await dumpDatabase(env);
    const config = storageConfig(env);
    const filesDir = path.join(config.dataDir, FILES_DIR);
    const keys = config.s3 ? [] : await listFiles(filesDir);
    const fileList: FileEntry[] = [];
    if (!config.s3) {
      await symlink(filesDir, path.join(staging, FILES_DIR));
      for (const key of keys) {
        const full = path.join(filesDir, key);
        const info = await stat(full).catch(() => null);
        if (!info) continue; // deleted since it was listed (an unused upload swept)
        fileList.push({ key, size: info.size, sha256: await sha256(full) });
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: env.DATABASE_URL ? "postgres" : "embedded",
      files: config.s3 ? "s3" : "included",
      fileList,
      googleTokenKey: "not included",
    };
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });
    await writeFile(path.join(staging, "database.sql"), sql, { mode: PRIVATE_FILE_MODE });
    await writeArchiveExclusively(out, staging, ["manifest.json", "database.sql", ...fileList.map((f) => `${FILES_DIR}/${f.key}`)]);
    return { file: out, manifest, source };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  target: "embedded" | "postgres";
  files: number;
  filesTo: "DATA_DIR/files" | "s3" | "none";
  /** Whether webhook deliveries wait for an administrator (--hold-deliveries). */
  deliveriesHeld: boolean;
}

export interface RestoreOptions {
  /**
   * Webhook deliveries start held: none is sent (the ones pending in the backup, which the original
   * installation may have sent since, nor new ones) until an administrator resumes them.
   */
  holdDeliveries?: boolean;
}

/**
 * Holds the restored installation's webhook deliveries. The table comes with this build's
 * migrations, which a backup of an older build lacks: they are applied first (the server would
 * apply them at its start anyway).
 */
async function holdDeliveries(sql: Sql, manifest: Manifest): Promise<void> {
  await migrate(sql);
  const reason = `Restored from the backup made at ${manifest.createdAt}: deliveries that were waiting then may have reached their receivers since.`;
  await sql`
    INSERT INTO webhook_deliveries_hold (reason) VALUES (${reason})
    ON CONFLICT (singleton) DO UPDATE SET reason = EXCLUDED.reason, held_since = now()`;
}

async function isEmptyDir(dir: string, allowed: string[] = []): Promise<boolean> {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return entries.every((e) => allowed.includes(e));
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/**
 * Restores the archive `file` into the database `env` configures, which must be empty: with
 * DATABASE_URL an empty PostgreSQL database, without it an empty (or absent) DATA_DIR (a
 * google-token.key put there beforehand may stay). Files go to DATA_DIR/files (one already there
 * with the same bytes is kept, one with other bytes refused), or to the S3 bucket.
 */
export async function restore(env: Env, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const held = options.holdDeliveries === true;
  const staging = await mkdtemp(path.join(os.tmpdir(), "crawlguard-restore-"));
  try {
    await tar.extract({ file: path.resolve(file), cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(path.join(staging, "manifest.json"), "utf8")) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a CrawlGuard backup (format ${String(manifest.format)})`);
    const script = await readFile(path.join(staging, "database.sql"), "utf8");
    for (const entry of manifest.fileList) {
      const got = path.join(staging, FILES_DIR, entry.key);
      if ((await sha256(got).catch(() => null)) !== entry.sha256)
        throw new Error(`${file} is damaged: ${entry.key} does not match its checksum`);
    }
    const config = storageConfig(env);
    const filesDir = path.join(config.dataDir, FILES_DIR);

    // Refuse before changing anything.
    if (!env.DATABASE_URL && !(await isEmptyDir(config.dataDir, [TOKEN_KEY_FILE]))) {
      throw new Error(`DATA_DIR ${config.dataDir} is not empty: restore only into an empty (or new) directory`);
    }
    // Files: a file already there with the same bytes is kept (PostgreSQL restored on the machine
    // whose DATA_DIR/files the backup came from); one with other bytes is refused.
    const present = new Set<string>();
    if (!config.s3) {
      for (const entry of manifest.fileList) {
        const target = path.join(filesDir, ...entry.key.split("/"));
        const existing = await sha256(target).catch(() => null);
        if (existing === null) continue;
        if (existing !== entry.sha256) throw new Error(`${target} exists with other content: restore only into an empty file storage`);
        present.add(entry.key);
      }
    }

    if (env.DATABASE_URL) {
      const sql = createSql({ url: env.DATABASE_URL }, { max: 1 });
      try {
        await restoreDump(sql, script);
        if (held) await holdDeliveries(sql, manifest);
      } finally {
        await sql.end({ timeout: 5 });
      }
    } else {
      const embedded = await startEmbeddedDatabase(config.dataDir);
      const sql = createSql(embedded);
      try {
        const existing = await userRelations(sql);
        if (existing.length > 0) throw new Error(`DATA_DIR ${config.dataDir} already holds a database`);
        await restoreDump(sql, script);
        if (held) await holdDeliveries(sql, manifest);
      } finally {
        await sql.end({ timeout: 5 });
        await embedded.stop();
      }
    }

    if (manifest.fileList.length === 0)
      return { target: env.DATABASE_URL ? "postgres" : "embedded", files: 0, filesTo: "none", deliveriesHeld: held };
    if (config.s3) {
      const storage = createStorage(config);
      for (const entry of manifest.fileList) {
        const bytes = await readFile(path.join(staging, FILES_DIR, entry.key));
        await storage.put(entry.key, bytes, CONTENT_TYPES[path.extname(entry.key).toLowerCase()] ?? "application/octet-stream");
      }
    } else {
      for (const entry of manifest.fileList) {
        if (present.has(entry.key)) continue;
        const target = path.join(filesDir, ...entry.key.split("/"));
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        await copyFile(path.join(staging, FILES_DIR, entry.key), target);
        await chmod(target, PRIVATE_FILE_MODE);
      }
      await secureDataDir(config.dataDir);
    }
    return {
      target: env.DATABASE_URL ? "postgres" : "embedded",
      files: manifest.fileList.length,
      filesTo: config.s3 ? "s3" : "DATA_DIR/files",
      deliveriesHeld: held,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
