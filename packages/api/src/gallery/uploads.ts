import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { ObjectTooLargeError, type ObjectStorage } from "@crawlguard/storage";
import {
  blankToNull,
  GALLERY_MAX_UPLOAD_BYTES,
  type GalleryRendition,
  type GalleryUploadResult,
  type GalleryUploadTicket,
} from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { DomainError, rateLimited } from "../errors.js";
import { imageStreamCheck, processImage, RENDITION_WIDTHS } from "./processing.js";
import type { Queryable } from "../queryable.js";

/** How long an upload link works. */
export const UPLOAD_LINK_MINUTES = 15;
/** An upload no gallery image uses is removed after a day; it can be attached for 23 hours. */
export const UNATTACHED_UPLOAD_HOURS = 24;
export const ATTACHABLE_UPLOAD_HOURS = 23;
/**
 * Per-user caps on open (unfinished: not yet completed, refused or swept) uploads, and on their
 * declared sizes ("bytes in flight"), so one account cannot fill the disk or the bucket with raw
 * uploads it never finishes.
 */
export const MAX_OPEN_UPLOADS = 20;
/** Ten full-size photos: with at most 10 MB each, this binds before the count does for large files. */
export const MAX_UPLOAD_BYTES_IN_FLIGHT = 100 * 1024 * 1024;
/** An unfinished upload (and its raw bytes) is removed this long after its link expired. */
export const UNFINISHED_UPLOAD_GRACE_MINUTES = 2;
/** An upload left in processing this long (its server stopped mid-way) is removed too. */
export const STUCK_PROCESSING_MINUTES = 30;
/**
 * Processing holds a lease: a completion that has not finished within it (its server
 * died, or storage failed mid-way) can be claimed again by asking to complete the upload again;
 * the sweep removes it after STUCK_PROCESSING_MINUTES. Processing one image takes seconds.
 */
export const PROCESSING_LEASE_SECONDS = 120;
/** A `.part` file not written to for this long belongs to a write that died with its process. */
export const PARTIAL_FILE_MAX_AGE_MINUTES = 20;

export const TOO_LARGE_MESSAGE = "The file is larger than 10 MB (10,485,760 bytes). Please choose a smaller image.";
export const UPLOAD_NOT_FOUND = "No such upload";
export const LINK_EXPIRED_MESSAGE = "This upload link has expired. Please start the upload again.";
export const LINK_USED_MESSAGE = "This upload link has already been used. Please start the upload again.";
export const NOTHING_RECEIVED_MESSAGE = "No file has been received for this upload yet: send it with PUT to its uploadURL first.";
export const STILL_PROCESSING_MESSAGE = "This upload is still being processed. Please try again in a moment.";
export const TOO_MANY_OPEN_UPLOADS_MESSAGE = `You have ${MAX_OPEN_UPLOADS} unfinished uploads. Finish them, or wait a few minutes for their links to expire, before starting another.`;
export const TOO_MANY_BYTES_IN_FLIGHT_MESSAGE =
  "Your unfinished uploads would add up to more than 100 MB (104,857,600 bytes). Finish them, or wait a few minutes for their links to expire, before starting another.";
export const SIZE_MISMATCH_MESSAGE = "The file sent is not the size declared when its upload started. Please start the upload again.";

type UploadState = "pending" | "receiving" | "received" | "processing" | "ready" | "discarded";

export interface UploadRow {
  id: string;
  userId: string | null;
  state: UploadState;
  linkExpiresAt: Date;
  fileName: string | null;
  originalSize: string | null;
  originalType: string | null;
  width: number | null;
  height: number | null;
  renditions: { key: string; width: number; height: number }[];
  imageUrl: string | null;
  declaredSize: string | null;
  createdAt: Date;
  purpose: UploadPurpose;
  /** A job photo's lead (null once the lead is deleted); null for a gallery upload. */
  leadId: string | null;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const incomingKey = (id: string) => `incoming/${id}`;
/**
 * What an upload is for: a gallery photo (public once an image uses it) or a lead's job photo (private:
 * its renditions live under lead-photos/, which the public /media route never serves).
 */
export type UploadPurpose = "gallery" | "lead-photo";
const RENDITION_FOLDERS = { gallery: "gallery", "lead-photo": "lead-photos" } as const satisfies Record<UploadPurpose, string>;
/** Every key an upload can own: its raw bytes and one file per possible rendition, whatever its purpose. */
export const uploadKeys = (id: string) => [
  incomingKey(id),
  ...(Object.keys(RENDITION_FOLDERS) as UploadPurpose[]).flatMap((purpose) => RENDITION_WIDTHS.map((_, i) => renditionKey(id, i, purpose))),
];
export const renditionKey = (id: string, index: number, purpose: UploadPurpose = "gallery") =>
  `${RENDITION_FOLDERS[purpose]}/${id}/${index}.webp`;

export function renditionUrls(storage: ObjectStorage, renditions: UploadRow["renditions"]): GalleryRendition[] {
  return renditions.map((r) => ({ url: storage.publicUrl(r.key), width: r.width, height: r.height }));
}

function tooLarge(): DomainError {
  return new DomainError("payload-too-large", TOO_LARGE_MESSAGE);
}

const OPEN_STATES = ["pending", "receiving", "received", "processing"] as const;

/** When the earliest of the user's open uploads stops counting: its link's expiry plus the sweep's grace. */
function retryAfterSeconds(earliestExpiry: Date | null): number {
  if (!earliestExpiry) return 60;
  const ms = earliestExpiry.getTime() + (UNFINISHED_UPLOAD_GRACE_MINUTES + 1) * 60_000 - Date.now();
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A 429 that says when the user's earliest open upload stops counting (Retry-After). */
function capReached(message: string, earliestExpiry: Date | null, policy: "upload-open" | "upload-bytes"): DomainError {
  return rateLimited(message, {
    retryAfterSeconds: retryAfterSeconds(earliestExpiry),
    policy,
    quota: policy === "upload-open" ? MAX_OPEN_UPLOADS : MAX_UPLOAD_BYTES_IN_FLIGHT,
    windowSeconds: (UPLOAD_LINK_MINUTES + UNFINISHED_UPLOAD_GRACE_MINUTES + 1) * 60,
  });
}

/**
 * Hands out an upload link: unguessable (256 random bits, only its hash is kept), short-lived
 * and good for one file. With a declared `size` it takes exactly that many bytes: with S3 the link
 * is a presigned PUT to the bucket that signs that Content-Length; on the filesystem it is this
 * server's `/uploads/{token}` route, which refuses any other length. Without a size (the product's
 * upload flow starts with no body) the link is always this server's route, which takes up to
 * GALLERY_MAX_UPLOAD_BYTES as it counts them and hands them to whichever storage is configured.
 * A user with MAX_OPEN_UPLOADS unfinished uploads, or whose unfinished uploads would declare more
 * than MAX_UPLOAD_BYTES_IN_FLIGHT (an upload without a size counts as the largest file), is refused
 * (429) until some are finished or swept; the check and the new row are one step per user
 * (advisory lock).
 */
export async function createUpload(
  sql: Sql,
  storage: ObjectStorage,
  {
    userId,
    origin,
    fileName,
    size,
    contentType,
    leadId = null,
  }: {
    userId: string;
    origin: string;
    fileName?: string | undefined;
    size?: number | undefined;
    contentType?: string | undefined;
    /** A lead's job photo (private); a gallery upload without one. */
    leadId?: string | null;
  },
): Promise<GalleryUploadTicket> {
  if (size !== undefined && size > GALLERY_MAX_UPLOAD_BYTES) throw tooLarge();
  const id = randomUUID();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + UPLOAD_LINK_MINUTES * 60_000);
  // A presigned PUT must sign a length: without one, the bytes come through this server.
  const presigned =
    size === undefined
      ? null
      : await storage.presignPut(incomingKey(id), { expiresInSeconds: UPLOAD_LINK_MINUTES * 60, contentLength: size });
  await transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`gallery-upload:${userId}`}))`;
    const [open] = await tx<{ count: number; bytes: string; earliestExpiry: Date | null }[]>`
      SELECT count(*)::int AS count, coalesce(sum(coalesce(declared_size, ${GALLERY_MAX_UPLOAD_BYTES})), 0)::text AS bytes,
             min(link_expires_at) AS earliest_expiry
      FROM gallery_uploads WHERE user_id = ${userId} AND state IN ${tx(OPEN_STATES)}`;
    if (open!.count >= MAX_OPEN_UPLOADS) throw capReached(TOO_MANY_OPEN_UPLOADS_MESSAGE, open!.earliestExpiry, "upload-open");
    if (Number(open!.bytes) + (size ?? GALLERY_MAX_UPLOAD_BYTES) > MAX_UPLOAD_BYTES_IN_FLIGHT)
      throw capReached(TOO_MANY_BYTES_IN_FLIGHT_MESSAGE, open!.earliestExpiry, "upload-bytes");
    await tx`
      INSERT INTO gallery_uploads (id, token_hash, user_id, link_expires_at, file_name, declared_size, purpose, lead_id)
      VALUES (${id}, ${hashToken(token)}, ${userId}, ${expiresAt}, ${blankToNull(fileName)}, ${size ?? null},
              ${leadId ? "lead-photo" : "gallery"}, ${leadId})`;
  });
  return {
    uploadId: id,
    uploadURL: presigned?.url ?? `${origin}/uploads/${token}`,
    method: "PUT",
    headers: presigned?.headers ?? {},
    expiresAt: expiresAt.toISOString(),
    maxBytes: GALLERY_MAX_UPLOAD_BYTES,
    name: blankToNull(fileName),
    size: size ?? null,
    type: blankToNull(contentType),
  };
}

/** A filesystem upload link's path: this server's upload route and the link's token. */
const UPLOAD_ROUTE_PATH = /^\/uploads\/([A-Za-z0-9_-]{43})$/;
/** A presigned S3 link's path ends with the upload's raw key. */
const INCOMING_KEY_PATH = /\/incoming\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The upload whose uploadURL `url` is, with or without its query string (the documented flow: the uploadURL
 * is sent as the gallery image's imageUrl), or null when it is no upload link of ours. This
 * server's `/uploads/{token}` (any storage: an upload started without a size uses it with S3 too)
 * is proved by its token; an S3 link is the presigned URL of an upload's raw key, compared without
 * its signature with the URL the storage presigns for it.
 */
export async function uploadOfLink(
  sql: Queryable,
  storage: ObjectStorage,
  origin: string,
  url: string,
): Promise<{ id: string; userId: string | null } | null> {
  let parsed: URL;
  let ours: URL;
  try {
    ours = new URL(origin);
    parsed = new URL(url, ours);
  } catch {
    return null;
  }
  const token = UPLOAD_ROUTE_PATH.exec(parsed.pathname)?.[1];
  if (token && parsed.origin === ours.origin) {
    const [row] = await sql<{ id: string; userId: string | null }[]>`
      SELECT id, user_id FROM gallery_uploads WHERE token_hash = ${hashToken(token)}`;
    return row ?? null;
  }
  if (storage.kind !== "s3") return null;
  const id = INCOMING_KEY_PATH.exec(parsed.pathname)?.[1];
  if (!id) return null;
  const presigned = await storage.presignPut(incomingKey(id), { expiresInSeconds: 60, contentLength: 1 });
  const expected = presigned ? new URL(presigned.url) : null;
  if (!expected || expected.origin !== parsed.origin || expected.pathname !== parsed.pathname) return null;
  const [row] = await sql<{ id: string; userId: string | null }[]>`SELECT id, user_id FROM gallery_uploads WHERE id = ${id}`;
  return row ?? null;
}

/**
 * This server's upload route: takes the link (once), stores the body under incoming/ while
 * counting it (on the filesystem, or forwarded to S3), and refuses a body that is not exactly the
 * declared size, or past 10 MB when none was declared (while it streams, whatever Content-Length
 * says), or whose first bytes are not an accepted image (415 at once). A refused
 * or broken upload leaves nothing behind, link included; so does one the sweeper discarded while it
 * streamed (its link expired long before: that is what it answers).
 */
export async function receiveUpload(
  sql: Queryable,
  storage: ObjectStorage,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ uploadId: string; size: number }> {
  if (!storage.putStream) throw new DomainError("not-found", UPLOAD_NOT_FOUND);
  const [claimed] = await sql<{ id: string; declaredSize: string | null }[]>`
    UPDATE gallery_uploads SET state = 'receiving', updated_at = now()
    WHERE token_hash = ${hashToken(token)} AND state = 'pending' AND link_expires_at > now()
    RETURNING id, declared_size::text AS declared_size`;
  if (!claimed) {
    const [known] = await sql<{ state: UploadState; expired: boolean }[]>`
      SELECT state, link_expires_at <= now() AS expired FROM gallery_uploads WHERE token_hash = ${hashToken(token)}`;
    if (!known) throw new DomainError("not-found", UPLOAD_NOT_FOUND);
    throw new DomainError(
      known.state === "pending" && known.expired ? "forbidden" : "conflict",
      known.state === "pending" ? LINK_EXPIRED_MESSAGE : LINK_USED_MESSAGE,
    );
  }
  const { id } = claimed;
  const expected = claimed.declaredSize === null ? null : Number(claimed.declaredSize);
  try {
    if (declaredLength !== undefined && declaredLength > GALLERY_MAX_UPLOAD_BYTES) throw new ObjectTooLargeError(GALLERY_MAX_UPLOAD_BYTES);
    if (declaredLength !== undefined && expected !== null && declaredLength !== expected) throw sizeMismatch();
    // The first bytes decide: a file that is not an image we take is refused (415) before the rest is read.
    const maxBytes = expected ?? GALLERY_MAX_UPLOAD_BYTES;
    const size = await storage.putStream(incomingKey(id), imageStreamCheck(body, maxBytes), { maxBytes });
    if (expected !== null && size !== expected) throw sizeMismatch();
    const [received] = await sql`
      UPDATE gallery_uploads SET state = 'received', updated_at = now() WHERE id = ${id} AND state = 'receiving' RETURNING id`;
    if (!received) throw new DomainError("forbidden", LINK_EXPIRED_MESSAGE);
    return { uploadId: id, size };
  } catch (err) {
    // Swept while it streamed (its link expired): that is the answer, whatever else went wrong.
    const [current] = await sql<{ state: UploadState }[]>`SELECT state FROM gallery_uploads WHERE id = ${id}`;
    await forgetUpload(sql, storage, id);
    if (current?.state !== "receiving") throw new DomainError("forbidden", LINK_EXPIRED_MESSAGE);
    if (err instanceof ObjectTooLargeError)
      throw expected === null || expected >= GALLERY_MAX_UPLOAD_BYTES ? tooLarge() : sizeMismatch(413);
    throw err;
  }
}

/** The body is not the size declared for the upload: more is a 413, less (or another Content-Length) a 400. */
function sizeMismatch(status: 400 | 413 = 400): DomainError {
  return new DomainError(status === 413 ? "payload-too-large" : "bad-input", SIZE_MISMATCH_MESSAGE);
}

/** Removes an upload that will never be used: its files, then its row. */
export async function forgetUpload(sql: Queryable, storage: ObjectStorage, id: string): Promise<void> {
  await storage.delete(uploadKeys(id));
  await sql`DELETE FROM gallery_uploads WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM gallery_images WHERE upload_id = ${id})`;
}

function uploadColumns(sql: Queryable) {
  return sql`id, user_id, state, link_expires_at, file_name, original_size::text AS original_size, original_type, width, height,
             renditions, image_url, declared_size::text AS declared_size, created_at, purpose, lead_id`;
}

function toResult(storage: ObjectStorage, row: UploadRow): GalleryUploadResult {
  return {
    uploadId: row.id,
    imageUrl: row.imageUrl ?? "",
    name: row.fileName,
    size: Number(row.originalSize ?? 0),
    type: row.originalType ?? "",
    width: row.width ?? 0,
    height: row.height ?? 0,
    // A job photo's renditions have no public URL (see completeUpload): none is made for them here.
    renditions: row.purpose === "gallery" ? renditionUrls(storage, row.renditions) : [],
  };
}

/**
 * Finishes an upload of the caller's: checks the size and the bytes (magic numbers), makes the
 * renditions and answers the imageUrl to save with the gallery record. Asking again for a finished
 * upload answers the same. A refused file is deleted with its upload. Only an upload of `purpose` is
 * found: a job photo never becomes a gallery image, and its renditions get no public URL (imageUrl "").
 */
export async function completeUpload(
  sql: Sql,
  storage: ObjectStorage,
  userId: string,
  id: string,
  purpose: UploadPurpose = "gallery",
): Promise<GalleryUploadResult> {
  // The claim is a lease: its time (to the millisecond, as a JS Date holds it) names this attempt,
  // and a later attempt after the lease expired takes the upload over.
  const [claimed] = await sql<(UploadRow & { lease: Date })[]>`
    UPDATE gallery_uploads SET state = 'processing', updated_at = date_trunc('milliseconds', clock_timestamp())
    WHERE id = ${id} AND user_id = ${userId} AND purpose = ${purpose}
      AND (state IN ('pending', 'received')
           OR (state = 'processing' AND updated_at < now() - make_interval(secs => ${PROCESSING_LEASE_SECONDS})))
    RETURNING ${uploadColumns(sql)}, updated_at AS lease`;
  if (!claimed) {
    const [row] = await sql<UploadRow[]>`
      SELECT ${uploadColumns(sql)} FROM gallery_uploads WHERE id = ${id} AND user_id = ${userId} AND purpose = ${purpose}`;
    if (row?.state === "ready") return toResult(storage, row);
    if (row?.state === "processing" || row?.state === "receiving") throw new DomainError("conflict", STILL_PROCESSING_MESSAGE);
    throw new DomainError("not-found", UPLOAD_NOT_FOUND);
  }

  const lease = claimed.lease;
  const size = await storage.size(incomingKey(id));
  if (size === null) {
    await sql`UPDATE gallery_uploads SET state = 'pending', updated_at = now() WHERE id = ${id} AND state = 'processing' AND updated_at = ${lease}`;
    throw new DomainError("bad-input", NOTHING_RECEIVED_MESSAGE);
  }
  /** Another attempt took the upload over after this one's lease expired: its outcome stands. */
  const leaseLost = async (): Promise<GalleryUploadResult | null> => {
    const [row] = await sql<(UploadRow & { lease: Date })[]>`
      SELECT ${uploadColumns(sql)}, updated_at AS lease FROM gallery_uploads WHERE id = ${id}`;
    if (!row || row.state === "discarded") return null;
    if (row.state === "ready") return toResult(storage, row);
    if (row.state === "processing" && row.lease.getTime() === lease.getTime()) return null;
    throw new DomainError("conflict", STILL_PROCESSING_MESSAGE);
  };
  try {
    if (size > GALLERY_MAX_UPLOAD_BYTES) throw tooLarge();
    // With S3 the signed Content-Length already holds the bucket to it; checked again here for any
    // S3-compatible server that does not.
    if (claimed.declaredSize !== null && size !== Number(claimed.declaredSize)) throw sizeMismatch();
    const bytes = await storage.read(incomingKey(id), GALLERY_MAX_UPLOAD_BYTES);
    if (!bytes) throw new DomainError("bad-input", NOTHING_RECEIVED_MESSAGE);
    const image = await processImage(bytes);
    const renditions = image.renditions.map((r, i) => ({ key: renditionKey(id, i, purpose), width: r.width, height: r.height }));
    for (const [i, r] of image.renditions.entries()) await storage.put(renditions[i]!.key, r.data, "image/webp");
    const imageUrl = purpose === "gallery" ? storage.publicUrl(renditions.at(-1)!.key) : null;
    const [ready] = await sql<UploadRow[]>`
      UPDATE gallery_uploads SET
        state = 'ready', original_size = ${bytes.length}, original_type = ${image.type}, width = ${image.width}, height = ${image.height},
        renditions = ${sql.json(renditions)}, image_url = ${imageUrl}, updated_at = now()
      WHERE id = ${id} AND state = 'processing' AND updated_at = ${lease}
      RETURNING ${uploadColumns(sql)}`;
    if (!ready) {
      // Taken over by a later attempt (its result, or 409 while it runs), or swept meanwhile (stuck
      // in processing for half an hour): then its files go with it.
      const other = await leaseLost();
      if (other) return other;
      throw new DomainError("not-found", UPLOAD_NOT_FOUND);
    }
    await storage.delete([incomingKey(id)]);
    return toResult(storage, ready);
  } catch (err) {
    // Only the attempt holding the lease removes the upload (a later attempt may be running it).
    const [held] =
      await sql`SELECT 1 FROM gallery_uploads WHERE id = ${id} AND state IN ('processing', 'discarded') AND updated_at = ${lease}`;
    const [gone] = held
      ? []
      : await sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM gallery_uploads WHERE id = ${id} AND state <> 'discarded')`;
    if (held || gone) await forgetUpload(sql, storage, id);
    if (err instanceof ObjectTooLargeError) throw tooLarge();
    throw err;
  }
}

/**
 * The finished upload an imageUrl names, locked for attaching to a gallery image: ready, recent
 * enough not to be swept, and not used by another image.
 */
export async function lockAttachableUpload(tx: Queryable, imageUrl: string, exceptImageId?: string): Promise<UploadRow | null> {
  const [row] = await tx<UploadRow[]>`
    SELECT ${uploadColumns(tx)} FROM gallery_uploads u
    WHERE u.image_url = ${imageUrl} AND u.state = 'ready' AND u.purpose = 'gallery'
      AND u.created_at > now() - make_interval(hours => ${ATTACHABLE_UPLOAD_HOURS})
      AND NOT EXISTS (SELECT 1 FROM gallery_images g WHERE g.upload_id = u.id AND g.id IS DISTINCT FROM ${exceptImageId ?? null}::uuid)
    FOR UPDATE`;
  return row ?? null;
}

/** Marks an upload whose image is gone; its files are removed now or by the next sweep. */
export async function discardUpload(tx: Queryable, id: string): Promise<void> {
  await tx`UPDATE gallery_uploads SET state = 'discarded', updated_at = now() WHERE id = ${id}`;
}

/** Removes the files and rows of discarded uploads (after the transaction that discarded them). */
export async function removeDiscarded(sql: Queryable, storage: ObjectStorage, ids: readonly string[]): Promise<void> {
  for (const id of ids) await forgetUpload(sql, storage, id);
}
