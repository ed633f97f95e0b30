import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, mediaPath, ObjectTooLargeError, type ObjectStorage } from "./storage.js";

/** Counts bytes through a stream and fails once there are more than `maxBytes`. */
export function byteLimit(maxBytes: number): Transform & { bytes: number } {
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      limiter.bytes = bytes;
      if (bytes > maxBytes) done(new ObjectTooLargeError(maxBytes));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  limiter.bytes = 0;
  return limiter;
}

/**
 * Files under one directory (DATA_DIR/files by default). Writes go to a temporary name in the
 * same directory and are renamed into place, so a reader never sees half a file.
 */
export function filesystemStorage(root: string): ObjectStorage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
  const temporary = async (target: string) => {
    // Owner-only, as all of DATA_DIR (the server makes it so at start).
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    return `${target}.${randomUUID()}.part`;
  };

  return {
    kind: "filesystem",
    presignPut: () => Promise.resolve(null),
    async putStream(key, body, { maxBytes }) {
      const target = file(key);
      const part = await temporary(target);
      const limiter = byteLimit(maxBytes);
      try {
        await pipeline(body, limiter, createWriteStream(part, { mode: 0o600 }));
        await rename(part, target);
        return limiter.bytes;
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    async put(key, body) {
      const target = file(key);
      const part = await temporary(target);
      try {
        await pipeline(Readable.from([body]), createWriteStream(part, { mode: 0o600 }));
        await rename(part, target);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    async size(key) {
      try {
        const info = await stat(file(key));
        return info.isFile() ? info.size : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, maxBytes) {
      const size = await this.size(key);
      if (size === null) return null;
      if (size > maxBytes) throw new ObjectTooLargeError(maxBytes);
      return readFile(file(key));
    },
    async open(key) {
      const size = await this.size(key);
      if (size === null) return null;
      return { body: createReadStream(file(key)), size };
    },
    async removeStalePartials(olderThanMs) {
      // A write cut off by a crash (kill -9, power loss mid-PUT) leaves its `.part` file: no
      // request will finish it. Removed once older than any upload could still be writing.
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
        if (missing(err)) return [];
        throw err;
      });
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(".part")) continue;
        const full = path.join(entry.parentPath, entry.name);
        const info = await stat(full).catch(() => null);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(full, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async delete(keys) {
      for (const key of keys) {
        const target = file(key);
        await rm(target, { force: true });
        // A photo's folder goes with its last file; a folder that still holds files stays.
        await rmdir(path.dirname(target)).catch(() => undefined);
      }
    },
    publicUrl: mediaPath,
  };
}
