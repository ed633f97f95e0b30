import { z } from "zod";
import { adminGalleryCategories } from "@crawlguard/content";
import { described } from "./describe.js";
import { text } from "./text.js";

/** What each gallery image field means (docs/product.md "Entities and their fields"). */
const GALLERY_FIELDS = {
  id: "The image's id.",
  title: "The photo's title, shown under it (required, trimmed, at most 255 characters).",
  description: "A longer description, shown in the public gallery's large view (optional).",
  altText: "The text read out for the photo where it cannot be seen (required, trimmed, at most 255 characters).",
  imageUrl:
    "Adding or replacing: the uploadURL of an upload of yours whose file was sent to it with PUT (with or without its query string; the upload is finished then), or the imageUrl of an upload finished with /complete. Answered: the final image URL (the widest WebP rendition).",
  fileName: "The uploaded file's name (default: the name given when the upload started).",
  fileSize: "The uploaded file's size in bytes, as a string (what the server measured; a value sent is ignored).",
  mimeType: "The uploaded file's type from its bytes, e.g. image/jpeg (what the server measured; a value sent is ignored).",
  category: "general (default), crawl-space, waterproofing, encapsulation, basement or before-after.",
  isPublished: "Published (shown in the public gallery) or Draft (default false).",
  displayOrder:
    "The position in the gallery, a whole number 0 to 9999 (sent as a number or a string, answered as a string; default '0'); lower first, then newest.",
  seoKeywords: "Keywords for search engines (optional, at most 500 characters).",
  uploadedBy: "The id of the staff member who uploaded the photo (always the signed-in user when added).",
  width: "The photo's width in pixels, upright.",
  height: "The photo's height in pixels, upright.",
  renditions:
    "WebP renditions of the photo, narrowest first (480, 960 and 1600 pixels wide, never wider than the photo), with metadata stripped.",
  createdAt: "When the image was added (ISO 8601).",
  updatedAt: "When the image last changed (ISO 8601).",
} as const;

/** The largest file an upload may carry: 10 MB (docs/product.md "Validation rules"). */
export const GALLERY_MAX_UPLOAD_BYTES = 10_485_760;
/** The image types an upload may carry, decided by the file's magic bytes. */
export const galleryImageTypes = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

export const TITLE_AND_ALT_REQUIRED_MESSAGE = "Title and alt text are required";
export const UPLOAD_FIRST_MESSAGE = "Please upload an image first";
const DISPLAY_ORDER_MESSAGE = "Display order must be a whole number from 0 to 9999";

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
const displayOrderSchema = z
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
  // An upload's uploadURL (the two-step flow of ADR 023; a presigned S3 link is long) or a finished upload's imageUrl:
  // what is stored is the final image URL, at most 500 characters.
  imageUrl: text().trim().min(1, UPLOAD_FIRST_MESSAGE).max(2048, "Must be at most 2048 characters"),
  fileName: optionalText(255),
};

/**
 * `POST /api/admin/gallery`. `fileSize` and `mimeType` are accepted for docs/product.md's payload but the
 * server records what it measured on the upload; `uploadedBy` is always the session's user.
 */
export const galleryImageCreateSchema = z.object(
  described(
    {
      ...galleryFields,
      category: galleryFields.category.default("general"),
      isPublished: z.boolean().default(false),
      displayOrder: displayOrderSchema.default("0"),
      imageUrl: z.string({ message: UPLOAD_FIRST_MESSAGE }).pipe(galleryFields.imageUrl),
      title: z.string({ message: TITLE_AND_ALT_REQUIRED_MESSAGE }).pipe(galleryFields.title),
      altText: z.string({ message: TITLE_AND_ALT_REQUIRED_MESSAGE }).pipe(galleryFields.altText),
      fileSize: z.union([z.string(), z.number()]).nullish(),
      mimeType: text().max(100).nullish(),
    },
    GALLERY_FIELDS,
  ),
);
export type GalleryImageCreate = z.input<typeof galleryImageCreateSchema>;

/** `PATCH /api/admin/gallery/{id}`: any of the fields; a new imageUrl replaces the photo. */
export const galleryImageUpdateSchema = z.object(
  described(
    {
      title: galleryFields.title.optional(),
      description: galleryFields.description,
      altText: galleryFields.altText.optional(),
      category: galleryFields.category.optional(),
      isPublished: galleryFields.isPublished.optional(),
      displayOrder: displayOrderSchema.optional(),
      seoKeywords: galleryFields.seoKeywords,
      imageUrl: galleryFields.imageUrl.optional(),
      fileName: galleryFields.fileName,
    },
    GALLERY_FIELDS,
  ),
);
export type GalleryImageUpdate = z.input<typeof galleryImageUpdateSchema>;

/** One WebP rendition of an uploaded photo. */
export const galleryRenditionSchema = z
  .object({
    url: z.string().meta({ description: "Where the WebP file is served (this server's /media/... or S3_PUBLIC_URL)." }),
    width: z.number().int().meta({ description: "Its width in pixels." }),
    height: z.number().int().meta({ description: "Its height in pixels." }),
  })
  .meta({ id: "GalleryRendition", description: "One WebP rendition of an uploaded photo." });
export type GalleryRendition = z.infer<typeof galleryRenditionSchema>;

export const galleryImageSchema = z
  .object(
    described(
      {
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
      },
      GALLERY_FIELDS,
    ),
  )
  .meta({ id: "GalleryImage", description: "A photo of the project gallery, published or draft, with its staff details." });
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** A published photo as the public gallery shows it: no file or staff details. */
export const publicGalleryImageSchema = galleryImageSchema
  .pick({
    id: true,
    title: true,
    description: true,
    altText: true,
    imageUrl: true,
    category: true,
    width: true,
    height: true,
    renditions: true,
  })
  .meta({ id: "PublicGalleryImage", description: "A published photo as the public gallery shows it: no file or staff details." });
export type PublicGalleryImage = z.infer<typeof publicGalleryImageSchema>;

/**
 * `POST /api/admin/gallery/upload`: what the browser knows of the file before sending it; the
 * body itself is optional (the product's upload flow starts with no body at all). With `size`
 * (bytes) the link takes a file of exactly that size (a presigned S3 PUT signs it); without it the
 * link is this server's upload route, which takes up to 10 MB as counted while the bytes arrive.
 * A size over 10 MB is refused with 413 by the server, so it is not capped here.
 */
export const galleryUploadRequestSchema = z.object({
  fileName: text()
    .max(255, "Must be at most 255 characters")
    .optional()
    .meta({ description: "The file's name (kept as the image's fileName; optional)." }),
  size: z
    .number()
    .int()
    .min(1, "The file is empty")
    .optional()
    .meta({
      description:
        "The file's size in bytes, at most 10,485,760 (10 MB): the uploadURL takes exactly this many (with S3, a presigned URL of the " +
        "bucket). Optional: without it the uploadURL is this server's /uploads/{token}, which takes up to 10,485,760 bytes.",
    }),
  contentType: text()
    .max(100)
    .optional()
    .meta({ description: "The file's type as the browser knows it (optional, answered as `type`); the server decides by the bytes." }),
});

export const galleryUploadTicketSchema = z
  .object({
    uploadId: z.string().meta({ description: "The upload's id (for POST /api/admin/gallery/upload/{uploadId}/complete)." }),
    uploadURL: z.string().meta({
      description:
        "Where to PUT the file, once, within 15 minutes: this server's /uploads/{token} (always so when no size was given) or a presigned S3 URL. Then send it as imageUrl to POST /api/admin/gallery.",
    }),
    method: z.literal("PUT").meta({ description: "The method to send the file with." }),
    headers: z
      .record(z.string(), z.string())
      .meta({ description: "Header fields the PUT must carry exactly (part of a presigned URL's signature); often none." }),
    expiresAt: z.string().meta({ description: "When the uploadURL stops working (ISO 8601)." }),
    maxBytes: z.number().int().meta({ description: "The largest file an upload takes: 10,485,760 bytes." }),
    name: z.string().nullable().meta({ description: "The file's name as given (null when none was)." }),
    size: z
      .number()
      .int()
      .nullable()
      .meta({
        description:
          "The file's size in bytes, as declared (the PUT must send exactly this many); null when none was " +
          "(the PUT may send up to maxBytes).",
      }),
    type: z.string().nullable().meta({ description: "The file's type as declared (contentType; null when none was)." }),
  })
  .meta({
    id: "GalleryUpload",
    description: "A started upload: where to send the photo (uploadURL), and the file's name, size and type as declared.",
  });
export type GalleryUploadTicket = z.infer<typeof galleryUploadTicketSchema>;

/** What a finished upload is: docs/product.md's upload result (name, size, type) and the imageUrl to save. */
export const galleryUploadResultSchema = z
  .object({
    uploadId: z.string().meta({ description: "The upload's id." }),
    imageUrl: z.string().meta({ description: "The final image URL (the widest rendition): what a gallery image keeps." }),
    name: z.string().nullable().meta({ description: "The file's name as given when the upload started." }),
    size: z.number().int().meta({ description: "The file's size in bytes, as received." }),
    type: z.string().meta({ description: "The file's type from its bytes: image/jpeg, image/png, image/webp, image/avif or image/gif." }),
    width: z.number().int().meta({ description: "The photo's width in pixels, upright." }),
    height: z.number().int().meta({ description: "The photo's height in pixels, upright." }),
    renditions: z.array(galleryRenditionSchema).meta({ description: "The WebP renditions made, narrowest first." }),
  })
  .meta({ id: "FinishedGalleryUpload", description: "An upload checked and turned into WebP renditions, ready to be a gallery image." });
export type GalleryUploadResult = z.infer<typeof galleryUploadResultSchema>;

/** `POST /api/admin/gallery/reorder`: every image id in the new order (displayOrder becomes the position). */
export const galleryReorderSchema = z.object({
  ids: z
    .array(z.string().uuid())
    .min(1)
    .max(1000)
    .meta({ description: "Gallery image ids in their new order, each once: each one's displayOrder becomes its position (0, 1, 2…)." }),
});
