import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { byteLimit } from "./filesystem.js";
import { assertSafeKey, mediaPath, ObjectTooLargeError, type ObjectStorage } from "./storage.js";

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local test server); unset for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Where browsers fetch objects (a CDN or a public bucket); unset: through this server's /media route. */
  publicUrl?: string | undefined;
  /**
   * Where a stream sent through this server waits, counted, before it goes to the bucket in one PUT
   * of known length (default: the system's temporary directory).
   */
  spoolDir?: string | undefined;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** An S3-compatible bucket, through the AWS SDK v3. */
export function s3Storage(options: S3Options): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Third-party S3 servers may refuse the checksum headers newer SDKs add by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/+$/, "");
  const notFound = (err: unknown) =>
    err instanceof S3ServiceException && (err.name === "NotFound" || err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404);

  const spoolDir = options.spoolDir ?? path.join(os.tmpdir(), "crawlguard-s3-spool");

  const storage: ObjectStorage = {
    kind: "s3",
    /**
     * A body of unknown length (an upload started without a size comes through this server): it is
     * counted into a spool file, refused past `maxBytes` before anything reaches the bucket, then
     * sent with its measured Content-Length (a plain PUT needs one; multipart would need 5 MB parts
     * held in memory). Memory stays flat whatever the number of uploads.
     */
    async putStream(key, body, { maxBytes }) {
      assertSafeKey(key);
      await mkdir(spoolDir, { recursive: true, mode: 0o700 });
      const spool = path.join(spoolDir, `${randomUUID()}.part`);
      const limiter = byteLimit(maxBytes);
      try {
        await pipeline(body, limiter, createWriteStream(spool, { mode: 0o600 }));
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(spool), ContentLength: limiter.bytes }));
        return limiter.bytes;
      } finally {
        await rm(spool, { force: true });
      }
    },
    async removeStalePartials(olderThanMs) {
      // Spool files of a process that died mid-upload: no request will finish them.
      const names = await readdir(spoolDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(".part")) continue;
        const full = path.join(spoolDir, name);
        const info = await stat(full).catch(() => null);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(full, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async presignPut(key, { expiresInSeconds, contentLength }) {
      assertSafeKey(key);
      const command = new PutObjectCommand({ Bucket, Key: key, ContentLength: contentLength });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      return { url, headers: {} };
    },
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE }));
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async read(key, maxBytes) {
      const opened = await storage.open(key);
      if (!opened) return null;
      if (opened.size > maxBytes) {
        opened.body.destroy();
        throw new ObjectTooLargeError(maxBytes);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body.pipe(byteLimit(maxBytes))) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async open(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(keys) {
      // One object at a time: DeleteObjects is a bucket-level call that some S3-compatible servers
      // sign differently, and the product never deletes more than a photo's few renditions at once.
      for (const key of keys) {
        assertSafeKey(key);
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key.split("/").map(encodeURIComponent).join("/")}` : mediaPath(key)),
  };
  return storage;
}
