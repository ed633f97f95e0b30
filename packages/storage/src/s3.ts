import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Readable } from "node:stream";
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

  const storage: ObjectStorage = {
    kind: "s3",
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
