import type { ObjectStorage } from "@crawlguard/storage";
import type { Queryable } from "../queryable.js";
import {
  incomingKey,
  PARTIAL_FILE_MAX_AGE_MINUTES,
  removeDiscarded,
  STUCK_PROCESSING_MINUTES,
  UNATTACHED_UPLOAD_HOURS,
  UNFINISHED_UPLOAD_GRACE_MINUTES,
} from "./uploads.js";

/**
 * The periodic clean-up, safe to run on every server at once (each step is idempotent), in batches
 * of `batch` until nothing is left, so it keeps up with any backlog:
 * 1. an unfinished upload whose link expired UNFINISHED_UPLOAD_GRACE_MINUTES ago (or stuck in
 *    processing) is discarded, in one statement that a completion racing it cannot interleave with;
 * 2. discarded uploads, and uploads no image uses after a day, go with their files (a lead's job photo
 *    is kept while its lead exists);
 * 3. a finished upload's raw bytes are deleted once more after its link expired (a presigned S3
 *    link can be used again until then).
 */
export async function sweepGalleryUploads(
  sql: Queryable,
  storage: ObjectStorage,
  batch = 200,
): Promise<{ expired: number; removed: number; cleared: number; partials: number }> {
  const expired = await inBatches(batch, async () => {
    // The condition is repeated outside the batch: a row a completion claimed meanwhile (now
    // processing, updated just now) is re-checked on its new version and left alone.
    const abandoned = sql`
      (state IN ('pending', 'receiving', 'received') AND link_expires_at < now() - make_interval(mins => ${UNFINISHED_UPLOAD_GRACE_MINUTES}))
      OR (state = 'processing' AND updated_at < now() - make_interval(mins => ${STUCK_PROCESSING_MINUTES}))`;
    const rows = await sql<{ id: string }[]>`
      UPDATE gallery_uploads SET state = 'discarded', updated_at = now()
      WHERE id IN (SELECT id FROM gallery_uploads WHERE ${abandoned} ORDER BY link_expires_at LIMIT ${batch}) AND (${abandoned})
      RETURNING id`;
    return rows.length;
  });
  const removed = await inBatches(batch, async () => {
    const stale = await sql<{ id: string }[]>`
      SELECT u.id FROM gallery_uploads u
      WHERE (u.state = 'discarded'
             OR (u.created_at < now() - make_interval(hours => ${UNATTACHED_UPLOAD_HOURS}) AND u.lead_id IS NULL))
        AND NOT EXISTS (SELECT 1 FROM gallery_images g WHERE g.upload_id = u.id)
      ORDER BY u.created_at LIMIT ${batch}`;
    await removeDiscarded(
      sql,
      storage,
      stale.map((r) => r.id),
    );
    return stale.length;
  });
  const cleared = await inBatches(batch, async () => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM gallery_uploads
      WHERE NOT incoming_cleared AND state IN ('ready', 'discarded') AND link_expires_at < now()
      ORDER BY created_at LIMIT ${batch}`;
    for (const { id } of rows) {
      await storage.delete([incomingKey(id)]);
      await sql`UPDATE gallery_uploads SET incoming_cleared = true WHERE id = ${id}`;
    }
    return rows.length;
  });
  // Partial files of writes a crash cut off: a PUT still streaming rewrites its file
  // at least every few seconds, and none outlives its link (15 minutes).
  const partials = (await storage.removeStalePartials?.(PARTIAL_FILE_MAX_AGE_MINUTES * 60_000)) ?? 0;
  return { expired, removed, cleared, partials };
}

/** The most batches one sweep step runs (a row a race keeps in place cannot loop it forever). */
const MAX_SWEEP_BATCHES = 1000;

/** Runs `step` (answering how many rows it handled) until a batch comes back short. */
async function inBatches(batch: number, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_SWEEP_BATCHES; i++) {
    const done = await step();
    total += done;
    if (done < batch) break;
  }
  return total;
}
