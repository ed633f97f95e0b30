import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { galleryUploadRequestSchema, leadPhotoSchema, leadPhotoUploadSchema } from "@crawlguard/validators";
import {
  MAX_OPEN_UPLOADS,
  NOTHING_RECEIVED_MESSAGE,
  SIZE_MISMATCH_MESSAGE,
  STILL_PROCESSING_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_BYTES_IN_FLIGHT_MESSAGE,
  TOO_MANY_OPEN_UPLOADS_MESSAGE,
  UPLOAD_LINK_MINUTES,
  UPLOAD_NOT_FOUND,
} from "../gallery/uploads.js";
import { HEIC_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "../gallery/processing.js";
import { staffProcedure } from "../trpc.js";
import { completeLeadPhoto, listLeadPhotos, startLeadPhoto } from "./photos.js";

const leadId = z.string().uuid().meta({ description: "The lead's id." });
const tags = ["leads"];
const NO_SUCH_LEAD = "No lead has this id (or it is not assigned to you, a crew member).";

export const leadPhotosRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads/{id}/photos",
        tags,
        summary: "A lead's job photos, newest first: private, each served only to signed-in staff who may see the lead",
      },
      errors: { "not-found": NO_SUCH_LEAD },
    })
    .input(z.object({ id: leadId }))
    .output(z.array(leadPhotoSchema))
    .query(({ ctx, input }) => listLeadPhotos({ sql: ctx.sql, viewer: ctx.user, origin: ctx.origin, leadId: input.id })),

  upload: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/leads/{id}/photos",
        tags,
        summary: "Start a job photo upload: answers the uploadURL to PUT the photo to, as the gallery's upload does",
        description:
          "The body is optional, as for POST /api/admin/gallery/upload: with `size`, the uploadURL takes exactly that many bytes " +
          "(at most 10,485,760); without it, this server's PUT /uploads/{token} takes up to 10,485,760 bytes. Then " +
          "POST /api/leads/{id}/photos/{uploadId}/complete checks the photo (JPEG, PNG, WebP, AVIF or GIF by its bytes), strips all its " +
          "metadata (GPS included) and adds it to the lead. Job photos are never public: GET /api/leads/{id}/photos lists their URLs, " +
          `served only to signed-in staff who may see the lead. The gallery's caps apply (${MAX_OPEN_UPLOADS} unfinished uploads, ` +
          `100 MB declared, per person; a link works ${UPLOAD_LINK_MINUTES} minutes).`,
      },
      errors: {
        "not-found": NO_SUCH_LEAD,
        "payload-too-large": TOO_LARGE_MESSAGE,
        "rate-limited": `${TOO_MANY_OPEN_UPLOADS_MESSAGE} Or: ${TOO_MANY_BYTES_IN_FLIGHT_MESSAGE}`,
      },
    })
    .input(galleryUploadRequestSchema.extend({ id: leadId }))
    .output(leadPhotoUploadSchema)
    .mutation(({ ctx, input: { id, ...file } }) =>
      startLeadPhoto({ sql: ctx.sql, storage: ctx.storage, viewer: ctx.user, origin: ctx.origin, leadId: id, file }),
    ),

  complete: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/leads/{id}/photos/{uploadId}/complete",
        tags,
        summary:
          "Finish a job photo upload of yours once its bytes are sent: checked by its bytes, stripped of all metadata (GPS included), " +
          "WebP renditions made; the photo joins the lead and its timeline. A refused file is deleted.",
      },
      errors: {
        "bad-input": `${NOTHING_RECEIVED_MESSAGE} Or: ${SIZE_MISMATCH_MESSAGE} Or the image is damaged, or has more than 100 megapixels.`,
        "not-found": `${NO_SUCH_LEAD} Or: ${UPLOAD_NOT_FOUND} (not a job photo upload of yours on this lead).`,
        conflict: STILL_PROCESSING_MESSAGE,
        "payload-too-large": TOO_LARGE_MESSAGE,
        "unsupported-media-type": `${UNSUPPORTED_TYPE_MESSAGE} (HEIC: ${HEIC_MESSAGE})`,
      },
    })
    .input(
      z.object({
        id: leadId,
        uploadId: z.string().uuid().meta({ description: "The upload's id (uploadId of POST /api/leads/{id}/photos)." }),
      }),
    )
    .output(leadPhotoSchema)
    .mutation(({ ctx, input }) =>
      completeLeadPhoto({
        sql: ctx.sql,
        storage: ctx.storage,
        viewer: ctx.user,
        origin: ctx.origin,
        leadId: input.id,
        uploadId: input.uploadId,
      }),
    ),
} satisfies TRPCRouterRecord;
