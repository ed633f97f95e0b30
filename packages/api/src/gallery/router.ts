import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  galleryImageCreateSchema,
  galleryImageSchema,
  galleryImageUpdateSchema,
  galleryReorderSchema,
  galleryUploadRequestSchema,
  galleryUploadResultSchema,
  galleryUploadTicketSchema,
  publicGalleryImageSchema,
} from "@crawlguard/validators";
import * as gallery from "./gallery.js";
import {
  completeUpload,
  createUpload,
  MAX_OPEN_UPLOADS,
  NOTHING_RECEIVED_MESSAGE,
  SIZE_MISMATCH_MESSAGE,
  STILL_PROCESSING_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_BYTES_IN_FLIGHT_MESSAGE,
  TOO_MANY_OPEN_UPLOADS_MESSAGE,
  UPLOAD_LINK_MINUTES,
  UPLOAD_NOT_FOUND,
} from "./uploads.js";
import { HEIC_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "./processing.js";
import { officeProcedure, publicProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The gallery image's id." }) });
const tags = ["gallery"];

export const galleryRouter = {
  list: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/admin/gallery",
        tags,
        summary: "Every gallery image, drafts included, by display order then newest",
      },
    })
    .input(z.void())
    .output(z.array(galleryImageSchema))
    .query(({ ctx }) => gallery.listGalleryImages(ctx.sql, ctx.storage)),

  published: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/gallery",
        tags,
        summary: "The published gallery images (what /gallery shows after its built-in projects), with their WebP renditions",
        protect: false,
      },
    })
    .input(z.void())
    .output(z.array(publicGalleryImageSchema))
    .query(({ ctx }) => gallery.listPublishedImages(ctx.sql, ctx.storage)),

  upload: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/admin/gallery/upload",
        tags,
        summary: "Start an upload of a photo: answers the uploadURL to PUT the file to",
        description:
          "Starts an upload and answers a short-lived, single-use uploadURL to PUT the file to. The body is optional. With `size`, the " +
          "uploadURL takes exactly that many bytes (at most 10,485,760; with S3 a presigned URL of the bucket that signs the " +
          "Content-Length; otherwise this server's PUT /uploads/{token}). Without a body or a `size`, the uploadURL is this server's " +
          "PUT /uploads/{token}, which takes up to 10,485,760 bytes, counted as they arrive (413 beyond), and keeps them in the " +
          "configured storage (S3 included). " +
          "Then send the uploadURL as `imageUrl` to POST /api/admin/gallery (or PATCH /api/admin/gallery/{id}): the upload is finished there. " +
          "POST /api/admin/gallery/upload/{uploadId}/complete finishes it beforehand instead, to show the photo before saving. " +
          `Each user may have at most ${MAX_OPEN_UPLOADS} unfinished uploads, declaring at most 104,857,600 bytes (100 MB) together; ` +
          `an unfinished upload is removed within minutes after its link expires (${UPLOAD_LINK_MINUTES} minutes).`,
      },
      errors: {
        "payload-too-large": TOO_LARGE_MESSAGE,
        "rate-limited": `${TOO_MANY_OPEN_UPLOADS_MESSAGE} Or: ${TOO_MANY_BYTES_IN_FLIGHT_MESSAGE}`,
      },
    })
    .input(galleryUploadRequestSchema.optional())
    .output(galleryUploadTicketSchema)
    .mutation(({ ctx, input }) =>
      createUpload(ctx.sql, ctx.storage, {
        userId: ctx.user.id,
        origin: ctx.origin,
        fileName: input?.fileName,
        size: input?.size,
        contentType: input?.contentType,
      }),
    ),

  completeUpload: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/admin/gallery/upload/{uploadId}/complete",
        tags,
        summary:
          "Finish an upload of yours once its bytes are sent: checks them (JPEG, PNG, WebP, AVIF or GIF by their magic bytes), strips all metadata and makes WebP renditions; answers the imageUrl to save. A refused file is deleted.",
      },
      errors: {
        "bad-input": `${NOTHING_RECEIVED_MESSAGE} Or: ${SIZE_MISMATCH_MESSAGE} Or the image is damaged, or has more than 100 megapixels.`,
        "not-found": UPLOAD_NOT_FOUND,
        conflict: STILL_PROCESSING_MESSAGE,
        "payload-too-large": TOO_LARGE_MESSAGE,
        "unsupported-media-type": `${UNSUPPORTED_TYPE_MESSAGE} (HEIC: ${HEIC_MESSAGE})`,
      },
    })
    .input(z.object({ uploadId: z.string().uuid().meta({ description: "The upload's id (uploadId of POST /api/admin/gallery/upload)." }) }))
    .output(galleryUploadResultSchema)
    .mutation(({ ctx, input }) => completeUpload(ctx.sql, ctx.storage, ctx.user.id, input.uploadId)),

  create: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/admin/gallery",
        tags,
        summary: "Add a gallery image from an upload of yours (its uploadURL or, once finished, its imageUrl)",
        description:
          "`imageUrl` is the uploadURL that POST /api/admin/gallery/upload answered (with or without its query string), once the file was sent " +
          "to it with PUT: the upload is finished here (checked by its bytes, stripped of metadata, WebP renditions made) and the image keeps the " +
          "final image URL. The imageUrl of an upload finished with POST /api/admin/gallery/upload/{uploadId}/complete is taken too. " +
          "The uploader is the signed-in user; the file's name, size and type are what the server measured.",
      },
      errors: {
        "bad-input": `Title and alt text are required; or ${gallery.NOT_OUR_UPLOAD_MESSAGE}; or, finishing the upload: ${NOTHING_RECEIVED_MESSAGE} / ${SIZE_MISMATCH_MESSAGE} / the image is damaged, or has more than 100 megapixels.`,
        forbidden: gallery.NOT_YOUR_UPLOAD_MESSAGE,
        conflict: STILL_PROCESSING_MESSAGE,
        "payload-too-large": TOO_LARGE_MESSAGE,
        "unsupported-media-type": `Finishing the upload: ${UNSUPPORTED_TYPE_MESSAGE} (HEIC: ${HEIC_MESSAGE})`,
      },
    })
    .input(galleryImageCreateSchema)
    .output(galleryImageSchema)
    .mutation(({ ctx, input }) =>
      gallery.createGalleryImage({
        sql: ctx.sql,
        storage: ctx.storage,
        userId: ctx.user.id,
        origin: ctx.origin,
        input,
        events: ctx.events,
      }),
    ),

  update: officeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/admin/gallery/{id}",
        tags,
        summary: "Change the given fields of a gallery image (publish or unpublish with isPublished; a new imageUrl replaces the photo)",
        description:
          "A new `imageUrl` is taken as in POST /api/admin/gallery: an upload's uploadURL (finished here) or a finished upload's imageUrl; the old photo's files are removed.",
      },
      errors: {
        "bad-input": `${gallery.NOT_OUR_UPLOAD_MESSAGE}; or, finishing the upload: ${NOTHING_RECEIVED_MESSAGE} / ${SIZE_MISMATCH_MESSAGE} / the image is damaged, or has more than 100 megapixels.`,
        forbidden: gallery.NOT_YOUR_UPLOAD_MESSAGE,
        "not-found": gallery.GALLERY_IMAGE_NOT_FOUND,
        conflict: STILL_PROCESSING_MESSAGE,
        "payload-too-large": TOO_LARGE_MESSAGE,
        "unsupported-media-type": `Finishing the upload: ${UNSUPPORTED_TYPE_MESSAGE} (HEIC: ${HEIC_MESSAGE})`,
      },
    })
    .input(galleryImageUpdateSchema.extend(idInput.shape))
    .output(galleryImageSchema)
    .mutation(({ ctx, input: { id, ...patch } }) =>
      gallery.updateGalleryImage({
        sql: ctx.sql,
        storage: ctx.storage,
        log: ctx.log,
        userId: ctx.user.id,
        origin: ctx.origin,
        id,
        patch,
        events: ctx.events,
      }),
    ),

  delete: officeProcedure
    .meta({
      openapi: { method: "DELETE", path: "/api/admin/gallery/{id}", tags, summary: "Delete a gallery image and its files" },
      errors: { "not-found": gallery.GALLERY_IMAGE_NOT_FOUND },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await gallery.deleteGalleryImage(ctx.sql, ctx.storage, ctx.log, input.id);
      return { success: true as const };
    }),

  reorder: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/admin/gallery/reorder",
        tags,
        summary: "Set the order of images: each listed image's display order becomes its position (0, 1, 2…); answers the whole list",
      },
      errors: { "not-found": gallery.GALLERY_IMAGE_NOT_FOUND },
    })
    .input(galleryReorderSchema)
    .output(z.array(galleryImageSchema))
    .mutation(({ ctx, input }) => gallery.reorderGalleryImages(ctx.sql, ctx.storage, input.ids)),
} satisfies TRPCRouterRecord;
