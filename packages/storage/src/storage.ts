import type { Readable } from "node:stream";

/** How a browser sends the bytes of an upload when the storage takes them itself (S3: a presigned PUT). */
export interface UploadTarget {
  url: string;
  /** Headers the PUT must carry exactly (they are part of the signature). */
  headers: Record<string, string>;
}

/**
 * Where uploaded and generated files live (ADR 013): the filesystem under DATA_DIR for one server,
 * an S3-compatible bucket for several. Keys are slash-separated paths such as
 * `gallery/<id>/960w.webp`; nothing outside the storage builds a file path or a bucket URL.
 */
export interface ObjectStorage {
  readonly kind: "filesystem" | "s3";
  /**
   * A short-lived URL a browser can PUT the object to directly, or null when the storage has no
   * such thing (the filesystem: the server's own upload route receives the bytes). The URL takes
   * a body of exactly `contentLength` bytes (S3: the Content-Length is part of the signature).
   */
  presignPut(key: string, options: { expiresInSeconds: number; contentLength: number }): Promise<UploadTarget | null>;
  /**
   * Stores a stream of unknown length that this server receives (its own upload route), refusing
   * with ObjectTooLargeError, and keeping nothing, once it passes `maxBytes`. Answers the size.
   */
  putStream?(key: string, body: Readable, options: { maxBytes: number }): Promise<number>;
  /** Stores bytes that never change again (served with immutable caching). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The whole object, or null when there is none; ObjectTooLargeError beyond `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  /** A stream of the object for serving it, or null when there is none. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  /**
   * Present when the storage writes partial files of its own (the filesystem's `.part` files, S3's
   * spool of streamed uploads):
   * removes those not written to for `olderThanMs` (left by a process that died mid-write).
   * Answers how many went.
   */
  removeStalePartials?(olderThanMs: number): Promise<number>;
  /** Removes objects; keys that are already gone are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Where browsers fetch a stored object: the server's /media route, or S3_PUBLIC_URL. */
  publicUrl(key: string): string;
}

export class ObjectTooLargeError extends Error {
  override name = "ObjectTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
  }
}

/** Keys are plain relative paths: no empty, dot or dot-dot segments, no backslashes. */
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  if (!key || key.includes("\\") || segments.some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** The media path of a key on this server (the filesystem default, or S3 without a public URL). */
export function mediaPath(key: string): string {
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
}
