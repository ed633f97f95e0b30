import type { ObjectStorage } from "@crawlguard/storage";
import { blankToNull } from "@crawlguard/validators";
import type { galleryImageCreateSchema, galleryImageUpdateSchema, GalleryImage, PublicGalleryImage } from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import {
  completeUpload,
  discardUpload,
  lockAttachableUpload,
  removeDiscarded,
  renditionUrls,
  uploadOfLink,
  type UploadRow,
} from "./uploads.js";
import type { Logger } from "../logger.js";
import type { Queryable } from "../queryable.js";
import { NO_EVENTS, type EventSink } from "../domain-events.js";

type GalleryCreate = z.output<typeof galleryImageCreateSchema>;
type GalleryUpdate = z.output<typeof galleryImageUpdateSchema>;

export const GALLERY_IMAGE_NOT_FOUND = "Gallery image not found";
export const NOT_OUR_UPLOAD_MESSAGE =
  "imageUrl must be the uploadURL of an upload (POST /api/admin/gallery/upload) whose file was sent to it with PUT, or the imageUrl of a finished upload, " +
  "made in the last 23 hours and not used by another image";
export const NOT_YOUR_UPLOAD_MESSAGE = "imageUrl is another user's upload: attach only a photo you uploaded yourself";

/**
 * The finished upload `imageUrl` names, locked for attaching: unknown, unfinished, stale or used
 * is a 400; another user's (or one whose uploader was deleted) is a 403, so no account can put a
 * photo someone else uploaded (and has not published) into the gallery under its own name.
 */
async function attachableUploadOf(tx: Queryable, userId: string, imageUrl: string, exceptImageId?: string): Promise<UploadRow> {
  const upload = await lockAttachableUpload(tx, imageUrl, exceptImageId);
  if (!upload) throw notOurUpload();
  if (upload.userId !== userId) throw new DomainError("forbidden", NOT_YOUR_UPLOAD_MESSAGE);
  return upload;
}

/**
 * The imageUrl to attach for what the caller sent: the documented flow (ADR 023) sends the upload's uploadURL itself
 * (with or without its query string), and the upload is finished here with the same checks and
 * renditions as POST /api/admin/gallery/upload/{uploadId}/complete; any other value is taken as the
 * imageUrl of a finished upload. Another user's upload is a 403, like attaching it by its imageUrl.
 */
async function finishedImageUrl(sql: Sql, storage: ObjectStorage, origin: string, userId: string, imageUrl: string): Promise<string> {
  const upload = await uploadOfLink(sql, storage, origin, imageUrl);
  if (!upload) return imageUrl;
  if (upload.userId !== userId) throw new DomainError("forbidden", NOT_YOUR_UPLOAD_MESSAGE);
  try {
    return (await completeUpload(sql, storage, userId, upload.id)).imageUrl;
  } catch (err) {
    // Refused or swept meanwhile: for this call that is an imageUrl naming no usable upload.
    if (err instanceof DomainError && err.kind === "not-found") throw notOurUpload();
    throw err;
  }
}

function notOurUpload(): DomainError {
  return new DomainError("bad-input", NOT_OUR_UPLOAD_MESSAGE, [{ path: "imageUrl", message: NOT_OUR_UPLOAD_MESSAGE }]);
}

interface ImageRow {
  id: string;
  title: string | null;
  description: string | null;
  altText: string;
  imageUrl: string | null;
  fileName: string | null;
  fileSize: string | null;
  mimeType: string | null;
  category: string;
  isPublished: boolean;
  displayOrder: string;
  seoKeywords: string | null;
  uploadedBy: string | null;
  uploadId: string | null;
  width: number | null;
  height: number | null;
  renditions: UploadRow["renditions"] | null;
  createdAt: Date;
  updatedAt: Date;
}

function selectImages(sql: Queryable) {
  return sql`
    SELECT g.id, g.title, g.description, g.alt_text, g.image_url, g.file_name, g.file_size, g.mime_type, g.category, g.is_published,
           g.display_order, g.seo_keywords, g.uploaded_by, g.upload_id, u.width, u.height, u.renditions, g.created_at, g.updated_at
    FROM gallery_images g LEFT JOIN gallery_uploads u ON u.id = g.upload_id`;
}
/** The gallery's order: display order as a number, then newest first. */
const ORDER = (sql: Queryable) => sql`ORDER BY g.display_order::integer, g.created_at DESC, g.id`;

function toImage(storage: ObjectStorage, row: ImageRow): GalleryImage {
  return {
    id: row.id,
    title: row.title ?? "",
    description: row.description,
    altText: row.altText,
    imageUrl: row.imageUrl ?? "",
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    category: row.category,
    isPublished: row.isPublished,
    displayOrder: row.displayOrder,
    seoKeywords: row.seoKeywords,
    uploadedBy: row.uploadedBy,
    width: row.width,
    height: row.height,
    renditions: renditionUrls(storage, row.renditions ?? []),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Removes the files of uploads an image no longer uses. The image change is already committed, so a
 * storage failure here is only logged: the upload stays discarded and the next sweep removes it.
 */
async function cleanUp(sql: Queryable, storage: ObjectStorage, log: Logger, uploadIds: string[]): Promise<void> {
  await removeDiscarded(sql, storage, uploadIds).catch((err: unknown) => log.warn({ err, uploadIds }, "gallery files left for the sweep"));
}

/** Every image, drafts included, in the gallery's order (staff). */
export async function listGalleryImages(sql: Queryable, storage: ObjectStorage): Promise<GalleryImage[]> {
  const rows = await sql<ImageRow[]>`${selectImages(sql)} ${ORDER(sql)}`;
  return rows.map((row) => toImage(storage, row));
}

/** The published images in the gallery's order, without staff details (the public gallery). */
export async function listPublishedImages(sql: Queryable, storage: ObjectStorage): Promise<PublicGalleryImage[]> {
  const rows = await sql<ImageRow[]>`${selectImages(sql)} WHERE g.is_published AND g.upload_id IS NOT NULL ${ORDER(sql)}`;
  return rows.map((row) => {
    const { id, title, description, altText, imageUrl, category, width, height, renditions } = toImage(storage, row);
    return { id, title, description, altText, imageUrl, category, width, height, renditions };
  });
}

async function getImage(sql: Queryable, storage: ObjectStorage, id: string): Promise<GalleryImage> {
  const [row] = await sql<ImageRow[]>`${selectImages(sql)} WHERE g.id = ${id}`;
  if (!row) throw new DomainError("not-found", GALLERY_IMAGE_NOT_FOUND);
  return toImage(storage, row);
}

/** A change to the gallery: by whom (only their own uploads can be attached), and where its events go. */
interface GalleryChange {
  sql: Sql;
  storage: ObjectStorage;
  /** The signed-in user. */
  userId: string;
  /** This server's origin, to recognise an uploadURL it gave out. */
  origin: string;
  /** Hears gallery.published, in the change's transaction (default: none). */
  events?: EventSink;
}

/**
 * Adds an image made from one of the caller's uploads (its uploadURL, finished now, or the imageUrl
 * of a finished one); the uploader is the session's user and
 * the file's name, size and type are what the server measured, whatever the body says.
 */
export async function createGalleryImage({
  sql,
  storage,
  userId,
  origin,
  input,
  events = NO_EVENTS,
}: GalleryChange & { input: GalleryCreate }): Promise<GalleryImage> {
  const imageUrl = await finishedImageUrl(sql, storage, origin, userId, input.imageUrl);
  const id = await transaction(sql, async (tx) => {
    const upload = await attachableUploadOf(tx, userId, imageUrl);
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO gallery_images (title, description, alt_text, image_url, file_name, file_size, mime_type, category, is_published,
                                  display_order, seo_keywords, uploaded_by, upload_id)
      VALUES (${input.title}, ${blankToNull(input.description)}, ${input.altText}, ${upload.imageUrl}, ${blankToNull(input.fileName) ?? upload.fileName},
              ${upload.originalSize}, ${upload.originalType}, ${input.category}, ${input.isPublished}, ${input.displayOrder},
              ${blankToNull(input.seoKeywords)}, ${userId}, ${upload.id})
      RETURNING id`;
    if (input.isPublished) await events.emit(tx, { type: "gallery.published", imageId: row!.id, origin });
    return row!.id;
  });
  return getImage(sql, storage, id);
}

/** Changes the given fields; a new imageUrl swaps the photo, and the old one's files are removed. */
export async function updateGalleryImage({
  sql,
  storage,
  log,
  userId,
  origin,
  id,
  patch,
  events = NO_EVENTS,
}: GalleryChange & { log: Logger; id: string; patch: GalleryUpdate }): Promise<GalleryImage> {
  const imageUrl = patch.imageUrl === undefined ? undefined : await finishedImageUrl(sql, storage, origin, userId, patch.imageUrl);
  const discarded = await transaction(sql, async (tx) => {
    const [before] = await tx<{ uploadId: string | null; imageUrl: string | null; isPublished: boolean }[]>`
      SELECT upload_id, image_url, is_published FROM gallery_images WHERE id = ${id} FOR UPDATE`;
    if (!before) throw new DomainError("not-found", GALLERY_IMAGE_NOT_FOUND);
    let upload: UploadRow | null = null;
    if (imageUrl !== undefined && imageUrl !== before.imageUrl) {
      upload = await attachableUploadOf(tx, userId, imageUrl, id);
    }
    const set = <T>(value: T | undefined, column: string) => (value === undefined ? tx`` : tx`, ${tx(column)} = ${value as never}`);
    await tx`
      UPDATE gallery_images SET updated_at = now()
        ${set(patch.title, "title")} ${set(patch.altText, "alt_text")} ${set(patch.category, "category")}
        ${set(patch.isPublished, "is_published")} ${set(patch.displayOrder, "display_order")}
        ${set(patch.description === undefined ? undefined : blankToNull(patch.description), "description")}
        ${set(patch.seoKeywords === undefined ? undefined : blankToNull(patch.seoKeywords), "seo_keywords")}
        ${set(patch.fileName === undefined ? undefined : blankToNull(patch.fileName), "file_name")}
        ${upload ? tx`, image_url = ${upload.imageUrl}, upload_id = ${upload.id}, file_size = ${upload.originalSize}, mime_type = ${upload.originalType}` : tx``}
        ${upload && patch.fileName === undefined ? tx`, file_name = ${upload.fileName}` : tx``}
      WHERE id = ${id}`;
    if (patch.isPublished && !before.isPublished) await events.emit(tx, { type: "gallery.published", imageId: id, origin });
    if (upload && before.uploadId) {
      await discardUpload(tx, before.uploadId);
      return [before.uploadId];
    }
    return [];
  });
  await cleanUp(sql, storage, log, discarded);
  return getImage(sql, storage, id);
}

/** Deletes an image and its files. */
export async function deleteGalleryImage(sql: Sql, storage: ObjectStorage, log: Logger, id: string): Promise<void> {
  const discarded = await transaction(sql, async (tx) => {
    const [row] = await tx<{ uploadId: string | null }[]>`DELETE FROM gallery_images WHERE id = ${id} RETURNING upload_id`;
    if (!row) throw new DomainError("not-found", GALLERY_IMAGE_NOT_FOUND);
    if (row.uploadId) await discardUpload(tx, row.uploadId);
    return row.uploadId ? [row.uploadId] : [];
  });
  await cleanUp(sql, storage, log, discarded);
}

/** Puts the given images first, in the given order: each one's display order becomes its position. */
export async function reorderGalleryImages(sql: Sql, storage: ObjectStorage, ids: readonly string[]): Promise<GalleryImage[]> {
  if (new Set(ids).size !== ids.length)
    throw new DomainError("bad-input", "ids: Each image may appear only once", [
      { path: "ids", message: "Each image may appear only once" },
    ]);
  await transaction(sql, async (tx) => {
    const found = await tx<{ id: string }[]>`SELECT id FROM gallery_images WHERE id = ANY(${ids as string[]}::uuid[]) FOR UPDATE`;
    if (found.length !== ids.length) throw new DomainError("not-found", GALLERY_IMAGE_NOT_FOUND);
    await tx`
      UPDATE gallery_images g SET display_order = (o.position - 1)::text, updated_at = now()
      FROM unnest(${ids as string[]}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE g.id = o.id`;
  });
  return listGalleryImages(sql, storage);
}
