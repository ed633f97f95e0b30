import { z } from "zod";
import { adminGalleryCategories } from "@crawlguard/content";
import { text } from "./text.js";

/** The largest file an upload may carry: 10 MB (docs/product.md §5). */
export const GALLERY_MAX_UPLOAD_BYTES = 10_485_760;
/** The image types an upload may carry, decided by the file's magic bytes. */
export const galleryImageTypes = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

export const TITLE_AND_ALT_REQUIRED_MESSAGE = "Title and alt text are required";
export const UPLOAD_FIRST_MESSAGE = "Please upload an image first";
export const DISPLAY_ORDER_MESSAGE = "Display order must be a whole number from 0 to 9999";

/** Title and alt text: trimmed, required, at most 255 characters. */
const requiredLine = () => text().trim().min(1, TITLE_AND_ALT_REQUIRED_MESSAGE).max(255, "Must be at most 255 characters");
const optionalText = (max?: number) => {
  const base = max ? text().max(max, `Must be at most ${max} characters`) : text().max(5000, "Must be at most 5000 characters");
  return base.nullish();
};

/**
 * Display order is stored as text (docs/product.md: '0'); the API takes a whole number as a number or a
 * string and always answers a string, so ordering by it is numeric, never "10" before "2".
 */
export const displayOrderSchema = z
  .union(
    [
      z.number().int(DISPLAY_ORDER_MESSAGE).min(0, DISPLAY_ORDER_MESSAGE).max(9999, DISPLAY_ORDER_MESSAGE),
      text()
        .trim()
        .regex(/^\d{1,4}$/, DISPLAY_ORDER_MESSAGE),
    ],
    { error: DISPLAY_ORDER_MESSAGE },
  )
  .transform((value) => String(Number(value)));

const galleryFields = {
  title: requiredLine(),
  description: optionalText(),
  altText: requiredLine(),
  category: z.enum(adminGalleryCategories, { message: `Category must be one of ${adminGalleryCategories.join(", ")}` }),
  isPublished: z.boolean(),
  displayOrder: displayOrderSchema,
  seoKeywords: optionalText(500),
  // An upload's uploadURL (SPEC's flow; a presigned S3 link is long) or a finished upload's imageUrl:
  // what is stored is the final image URL, at most 500 characters.
  imageUrl: text().trim().min(1, UPLOAD_FIRST_MESSAGE).max(2048, "Must be at most 2048 characters"),
  fileName: optionalText(255),
};

/**
 * `POST /api/admin/gallery`. `fileSize` and `mimeType` are accepted for docs/product.md's payload but the
 * server records what it measured on the upload; `uploadedBy` is always the session's user.
 */
export const galleryImageCreateSchema = z.object({
  ...galleryFields,
  category: galleryFields.category.default("general"),
  isPublished: z.boolean().default(false),
  displayOrder: displayOrderSchema.default("0"),
  imageUrl: z.string({ message: UPLOAD_FIRST_MESSAGE }).pipe(galleryFields.imageUrl),
  title: z.string({ message: TITLE_AND_ALT_REQUIRED_MESSAGE }).pipe(galleryFields.title),
  altText: z.string({ message: TITLE_AND_ALT_REQUIRED_MESSAGE }).pipe(galleryFields.altText),
  fileSize: z.union([z.string(), z.number()]).nullish(),
  mimeType: text().max(100).nullish(),
});
export type GalleryImageCreate = z.input<typeof galleryImageCreateSchema>;

/** `PATCH /api/admin/gallery/{id}`: any of the fields; a new imageUrl replaces the photo. */
export const galleryImageUpdateSchema = z.object({
  title: galleryFields.title.optional(),
  description: galleryFields.description,
  altText: galleryFields.altText.optional(),
  category: galleryFields.category.optional(),
  isPublished: galleryFields.isPublished.optional(),
  displayOrder: displayOrderSchema.optional(),
  seoKeywords: galleryFields.seoKeywords,
  imageUrl: galleryFields.imageUrl.optional(),
  fileName: galleryFields.fileName,
});
export type GalleryImageUpdate = z.input<typeof galleryImageUpdateSchema>;

/** One WebP rendition of an uploaded photo. */
export const galleryRenditionSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type GalleryRendition = z.infer<typeof galleryRenditionSchema>;

export const galleryImageSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  altText: z.string(),
  imageUrl: z.string(),
  fileName: z.string().nullable(),
  fileSize: z.string().nullable(),
  mimeType: z.string().nullable(),
  category: z.string(),
  isPublished: z.boolean(),
  displayOrder: z.string(),
  seoKeywords: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  renditions: z.array(galleryRenditionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** A published photo as the public gallery shows it: no file or staff details. */
export const publicGalleryImageSchema = galleryImageSchema.pick({
  id: true,
  title: true,
  description: true,
  altText: true,
  imageUrl: true,
  category: true,
  width: true,
  height: true,
  renditions: true,
});
export type PublicGalleryImage = z.infer<typeof publicGalleryImageSchema>;

/**
 * `POST /api/admin/gallery/upload`: what the browser knows of the file before sending it. `size`
 * (bytes) is required: the link takes a file of exactly that size (a presigned S3 PUT signs it).
 * A size over 10 MB is refused with 413 by the server, so it is not capped here.
 */
export const galleryUploadRequestSchema = z.object({
  fileName: text().max(255, "Must be at most 255 characters").optional(),
  size: z.number().int().min(1, "The file is empty"),
  contentType: text().max(100).optional(),
});

export const galleryUploadTicketSchema = z.object({
  uploadId: z.string(),
  uploadURL: z.string(),
  method: z.literal("PUT"),
  /** Headers the PUT must carry (S3 may sign Content-Type). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
  name: z.string().nullable(),
  size: z.number().int(),
  type: z.string().nullable(),
});
export type GalleryUploadTicket = z.infer<typeof galleryUploadTicketSchema>;

/** What a finished upload is: docs/product.md's upload result (name, size, type) and the imageUrl to save. */
export const galleryUploadResultSchema = z.object({
  uploadId: z.string(),
  imageUrl: z.string(),
  name: z.string().nullable(),
  size: z.number().int(),
  type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  renditions: z.array(galleryRenditionSchema),
});
export type GalleryUploadResult = z.infer<typeof galleryUploadResultSchema>;

/** `POST /api/admin/gallery/reorder`: every image id in the new order (displayOrder becomes the position). */
export const galleryReorderSchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(1000),
});
