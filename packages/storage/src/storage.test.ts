import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesystemStorage } from "./filesystem.js";
import { s3Storage } from "./s3.js";
import { ObjectTooLargeError, type ObjectStorage } from "./storage.js";
import { startLocalS3, type LocalS3 } from "./testing.js";

let dir: string;
let s3: LocalS3;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-storage-"));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3.stop();
});

const implementations: [string, () => ObjectStorage][] = [
  ["filesystem", () => filesystemStorage(dir)],
  ["s3", () => s3Storage(s3.options)],
];

describe.each(implementations)("%s storage", (name, make) => {
  it("stores, measures, reads, lists and deletes objects", async () => {
    const storage = make();
    const bytes = Buffer.from("RIFF....WEBPVP8 fake but stored as given");
    await storage.put(`gallery/${name}/a/960w.webp`, bytes, "image/webp");
    await storage.put(`gallery/${name}/a/480w.webp`, bytes.subarray(0, 10), "image/webp");
    expect(await storage.size(`gallery/${name}/a/960w.webp`)).toBe(bytes.length);
    expect(await storage.read(`gallery/${name}/a/960w.webp`, 1000)).toEqual(bytes);
    expect(await storage.size(`gallery/${name}/a/480w.webp`)).toBe(10);

    await storage.delete([`gallery/${name}/a/960w.webp`, `gallery/${name}/a/480w.webp`, `gallery/${name}/never-was`]);
    expect(await storage.size(`gallery/${name}/a/960w.webp`)).toBeNull();
    expect(await storage.read(`gallery/${name}/a/960w.webp`, 1000)).toBeNull();
    expect(await storage.open(`gallery/${name}/a/960w.webp`)).toBeNull();
    expect(await storage.size(`gallery/${name}/a/480w.webp`)).toBeNull();
  });

  it("refuses to read an object past the limit", async () => {
    const storage = make();
    await storage.put(`big/${name}`, Buffer.alloc(2048, 1), "application/octet-stream");
    await expect(storage.read(`big/${name}`, 2047)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect((await storage.read(`big/${name}`, 2048))?.length).toBe(2048);
  });

  it("refuses keys that climb out of their place", async () => {
    const storage = make();
    for (const key of ["../etc/passwd", "a/../../b", "/abs", "a//b", "a\\b", ""]) {
      await expect(storage.size(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("filesystem uploads", () => {
  it("keeps a streamed body up to the limit and nothing of one past it", async () => {
    const storage = filesystemStorage(dir);
    expect(await storage.putStream!("incoming/ok", Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), { maxBytes: 1000 })).toBe(1000);
    expect(await storage.size("incoming/ok")).toBe(1000);
    await expect(
      storage.putStream!("incoming/big", Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.size("incoming/big")).toBeNull();
    const leftovers = await readdir(path.join(dir, "incoming"));
    expect(leftovers).toEqual(["ok"]);
  });

  it("serves through the server's media route", () => {
    expect(filesystemStorage(dir).publicUrl("gallery/x y/960w.webp")).toBe("/media/gallery/x%20y/960w.webp");
    expect(typeof filesystemStorage(dir).presignPut).toBe("function");
  });
});

describe("s3 presigned uploads", () => {
  it("lets a plain HTTP client PUT to the presigned URL until it expires", async () => {
    const storage = s3Storage(s3.options);
    const target = await storage.presignPut("incoming/presigned", { expiresInSeconds: 60, contentLength: 5 });
    expect(target?.url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(target!.url, { method: "PUT", body: Buffer.from("hello"), headers: target!.headers });
    expect(res.status).toBe(200);
    expect(await storage.size("incoming/presigned")).toBe(5);

    const forged = target!.url.replace("incoming/presigned", "incoming/other");
    expect((await fetch(forged, { method: "PUT", body: "x" })).status).toBe(403);
  });

  it("signs the exact Content-Length: a longer or shorter body is refused and nothing is stored", async () => {
    const storage = s3Storage(s3.options);
    const target = await storage.presignPut("incoming/exact", { expiresInSeconds: 60, contentLength: 1000 });
    expect(new URL(target!.url).searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-length");
    for (const length of [1001, 999, 20_000]) {
      const res = await fetch(target!.url, { method: "PUT", body: Buffer.alloc(length), headers: target!.headers });
      expect(res.status, String(length)).toBe(403);
      expect(await storage.size("incoming/exact")).toBeNull();
    }
    const exact = await fetch(target!.url, { method: "PUT", body: Buffer.alloc(1000), headers: target!.headers });
    expect(exact.status).toBe(200);
    expect(await storage.size("incoming/exact")).toBe(1000);
  });

  it("forwards a stream of unknown length up to the limit, counted, and nothing of one past it (spooled, then removed)", async () => {
    const spoolDir = path.join(dir, "spool");
    const storage = s3Storage({ ...s3.options, spoolDir });
    expect(await storage.putStream!("incoming/streamed", Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), { maxBytes: 1000 })).toBe(
      1000,
    );
    expect(await storage.size("incoming/streamed")).toBe(1000);
    await expect(
      storage.putStream!("incoming/streamed-big", Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.size("incoming/streamed-big")).toBeNull();
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it("serves from the public URL when one is set, else through the server", () => {
    expect(s3Storage({ ...s3.options, publicUrl: "https://cdn.example.com/photos/" }).publicUrl("gallery/a/960w.webp")).toBe(
      "https://cdn.example.com/photos/gallery/a/960w.webp",
    );
    expect(s3Storage(s3.options).publicUrl("gallery/a/960w.webp")).toBe("/media/gallery/a/960w.webp");
  });
});
