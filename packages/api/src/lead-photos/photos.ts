import type { Readable } from "node:stream";
import { transaction, type Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import type { LeadPhoto, LeadPhotoUpload } from "@crawlguard/validators";
import { displayNameOf } from "../crew-day/display-name.js";
import { DomainError } from "../errors.js";
import { completeUpload, createUpload, UPLOAD_NOT_FOUND } from "../gallery/uploads.js";
import { recordLeadEvents } from "../leads/lead-events.js";
import type { Queryable } from "../queryable.js";
import { assertLeadVisible, type Viewer } from "../users/access.js";

/*
 * Job photos (docs/product.md "The crew's day", ADR 037): private photos of a lead, uploaded as the
 * gallery's are (one upload link, then completion: size caps, magic bytes, every bit of metadata, GPS
 * included, stripped by sharp), but kept under lead-photos/ and served by the staff-only route
 * /lead-photos/{id}/{n}.webp to whoever may see the lead, never by /media, never in the gallery.
 */

/** This server's path of a job photo's rendition (index 0 is the narrowest). */
export const leadPhotoPath = (id: string, index: number) => `/lead-photos/${id}/${index}.webp`;
/** What the staff-only photo route serves: an upload id and a rendition index. */
export const LEAD_PHOTO_PATH = /^\/lead-photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d)\.webp$/;
export const PHOTO_NOT_FOUND = "Photo not found";

type Who = Viewer & { username: string };

/** Starts a job photo upload for a lead the viewer may see (404 otherwise): the gallery's upload link. */
export async function startLeadPhoto({
  sql,
  storage,
  viewer,
  origin,
  leadId,
  file,
}: {
  sql: Sql;
  storage: ObjectStorage;
  viewer: Who;
  origin: string;
  leadId: string;
  file?: { fileName?: string | undefined; size?: number | undefined; contentType?: string | undefined } | undefined;
}): Promise<LeadPhotoUpload> {
  await assertLeadVisible(sql, viewer, leadId);
  return createUpload(sql, storage, { userId: viewer.id, origin, ...file, leadId });
}

interface PhotoRow {
  id: string;
  leadId: string;
  fileName: string | null;
  width: number | null;
  height: number | null;
  renditions: { key: string; width: number; height: number }[];
  author: string | null;
  createdAt: Date;
}

const photoColumns = (sql: Queryable) => sql`
  u.id, u.lead_id, u.file_name, u.width, u.height, u.renditions, u.created_at,
  (SELECT coalesce(display_name, username) FROM users WHERE users.id = u.user_id) AS author`;

function toPhoto(row: PhotoRow, origin: string): LeadPhoto {
  const renditions = row.renditions.map((r, i) => ({ url: origin + leadPhotoPath(row.id, i), width: r.width, height: r.height }));
  return {
    id: row.id,
    leadId: row.leadId,
    url: renditions.at(-1)?.url ?? "",
    thumbnailUrl: renditions[0]?.url ?? "",
    width: row.width ?? 0,
    height: row.height ?? 0,
    renditions,
    name: row.fileName,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Finishes a job photo upload of the viewer's on that lead: the gallery's checks and renditions, then
 * a "photo" entry in the lead's timeline (once, however often it is asked). 404 for an upload that is
 * not the viewer's job photo of that lead.
 */
export async function completeLeadPhoto({
  sql,
  storage,
  viewer,
  origin,
  leadId,
  uploadId,
}: {
  sql: Sql;
  storage: ObjectStorage;
  viewer: Who;
  origin: string;
  leadId: string;
  uploadId: string;
}): Promise<LeadPhoto> {
  await assertLeadVisible(sql, viewer, leadId);
  const [upload] = await sql`
    SELECT 1 FROM gallery_uploads WHERE id = ${uploadId} AND lead_id = ${leadId} AND purpose = 'lead-photo' AND user_id = ${viewer.id}`;
  if (!upload) throw new DomainError("not-found", UPLOAD_NOT_FOUND);
  await completeUpload(sql, storage, viewer.id, uploadId, "lead-photo");
  const author = (await displayNameOf(sql, viewer.id)) ?? viewer.username;
  await transaction(sql, async (tx) => {
    // One entry per photo, whoever asks twice: the lead row's lock orders two completions.
    await tx`SELECT 1 FROM leads WHERE id = ${leadId} FOR UPDATE`;
    const [seen] = await tx`SELECT 1 FROM lead_events WHERE lead_id = ${leadId} AND kind = 'photo' AND to_value = ${uploadId}`;
    if (!seen) await recordLeadEvents(tx, leadId, { id: viewer.id, username: author }, [{ kind: "photo", to: uploadId }]);
  });
  const [row] = await sql<PhotoRow[]>`SELECT ${photoColumns(sql)} FROM gallery_uploads u WHERE u.id = ${uploadId}`;
  return toPhoto(row!, origin);
}

/** A lead's job photos, newest first (404 for a lead the viewer may not see). */
export async function listLeadPhotos({
  sql,
  viewer,
  origin,
  leadId,
}: {
  sql: Queryable;
  viewer: Viewer;
  origin: string;
  leadId: string;
}): Promise<LeadPhoto[]> {
  await assertLeadVisible(sql, viewer, leadId);
  const rows = await sql<PhotoRow[]>`
    SELECT ${photoColumns(sql)} FROM gallery_uploads u
    WHERE u.lead_id = ${leadId} AND u.purpose = 'lead-photo' AND u.state = 'ready'
    ORDER BY u.created_at DESC, u.id DESC`;
  return rows.map((row) => toPhoto(row, origin));
}

/**
 * The bytes of one rendition of a job photo, for the staff-only photo route: 404 alike for an
 * unknown photo, a rendition it does not have, and a lead the viewer may not see (or one deleted).
 */
export async function openLeadPhoto({
  sql,
  storage,
  viewer,
  photoId,
  index,
}: {
  sql: Queryable;
  storage: ObjectStorage;
  viewer: Viewer;
  photoId: string;
  index: number;
}): Promise<{ body: Readable; size: number }> {
  const [row] = await sql<{ leadId: string | null; renditions: PhotoRow["renditions"] }[]>`
    SELECT lead_id, renditions FROM gallery_uploads WHERE id = ${photoId} AND purpose = 'lead-photo' AND state = 'ready'`;
  const key = row?.renditions[index]?.key;
  if (!row?.leadId || !key) throw new DomainError("not-found", PHOTO_NOT_FOUND);
  try {
    await assertLeadVisible(sql, viewer, row.leadId);
  } catch (err) {
    if (err instanceof DomainError && err.kind === "not-found") throw new DomainError("not-found", PHOTO_NOT_FOUND);
    throw err;
  }
  const opened = await storage.open(key);
  if (!opened) throw new DomainError("not-found", PHOTO_NOT_FOUND);
  return opened;
}
