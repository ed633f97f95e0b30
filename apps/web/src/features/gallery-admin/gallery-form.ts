import { type AdminGalleryCategory, adminGalleryCategories, adminGalleryCategoryLabels } from "@crawlguard/content";
import {
  type GalleryImage,
  type GalleryImageCreate,
  galleryImageCreateSchema,
  type GalleryImageUpdate,
  type GalleryUploadResult,
  UPLOAD_FIRST_MESSAGE,
} from "@crawlguard/validators";
import { type FieldErrors, fieldErrors } from "../../lib/form-errors";

/** The Add / Edit Image form as typed (docs/product.md "Screens and routes", Gallery management). */
export type GalleryFormValues = {
  title: string;
  category: AdminGalleryCategory;
  altText: string;
  description: string;
  seoKeywords: string;
  /** As typed in the number field. */
  displayOrder: string;
  isPublished: boolean;
};

export type GalleryFormField = keyof GalleryFormValues | "image";

export const categoryOptions = adminGalleryCategories.map((value) => ({ value, label: adminGalleryCategoryLabels[value] }));

const isAdminCategory = (value: string): value is AdminGalleryCategory => (adminGalleryCategories as readonly string[]).includes(value);

/** A new image: category general, display order '0', a draft (docs/product.md "Validation rules" and "Business constants and limits"). */
export function newGalleryForm(): GalleryFormValues {
  return { title: "", category: "general", altText: "", description: "", seoKeywords: "", displayOrder: "0", isPublished: false };
}

export function galleryFormOf(image: GalleryImage): GalleryFormValues {
  return {
    title: image.title,
    category: isAdminCategory(image.category) ? image.category : "general",
    altText: image.altText,
    description: image.description ?? "",
    seoKeywords: image.seoKeywords ?? "",
    displayOrder: image.displayOrder,
    isPublished: image.isPublished,
  };
}

/**
 * A file's name without its extension, as alt text to start from (docs/product.md "Validation rules"): separators
 * become spaces, so "crawl-space_after.final.jpg" gives "crawl space after.final".
 */
export function altTextFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * A name a camera or phone gave the file, which says nothing about the photo:
 * IMG_2041, DSC01234, DSCN0042, PXL_20250301_101500123, MVIMG_…, GOPR0001, DJI_0042, Screenshot…,
 * WhatsApp Image…, a date-and-time stamp, digits only, or a long hex or UUID-like id.
 */
export function isCameraFileName(fileName: string): boolean {
  // "Screenshot 2025-03-01 at 10.15.00": the "at" of a time stamp says nothing either.
  const stem = altTextFromFileName(fileName)
    .replace(/ at (?=\d)/gi, " ")
    .trim();
  if (stem === "") return true;
  return (
    /^(img|image|dsc[nfr]?|pxl|mvimg|vid|gopr|gp|dji|sam|photo|pict?|p|dcim|screen ?shot|whatsapp image|signal)[ ._-]*[\d ._:x-]*( ?\(\d+\))?(\.[a-z]{1,5})*$/i.test(
      stem,
    ) ||
    /^[\d ._:()x-]+$/i.test(stem) ||
    /^[0-9a-f]{8,}([ -][0-9a-f]{4,})*$/i.test(stem)
  );
}

/**
 * Alt text after a file is chosen: the file's name when the field is still empty and the name
 * describes something (the default of docs/product.md "Validation rules"); blank for a camera-style name, so the
 * required rule asks for a description; what was typed otherwise.
 */
export function altTextAfterChoosing(current: string, fileName: string): string {
  if (current.trim() !== "") return current;
  return isCameraFileName(fileName) ? "" : altTextFromFileName(fileName);
}

/** Whether the alt text is still just the file's name (the dialog then asks for a description). */
export function altTextIsFileName(altText: string, fileName: string | null | undefined): boolean {
  if (!fileName || altText.trim() === "") return false;
  return altText.trim().toLowerCase() === altTextFromFileName(fileName).toLowerCase();
}

/** The image part of the form: a finished upload (new photo), the photo the image has (editing), or none yet. */
export type ImageChoice =
  | { kind: "none" }
  /** A file is chosen (or uploading) but its upload has not finished. */
  | { kind: "pending" }
  | { kind: "uploaded"; upload: GalleryUploadResult }
  | { kind: "existing" };

/**
 * The request body the form would send, or the messages to show under the fields (docs/product.md section
 * 5: 'Please upload an image first'; 'Title and alt text are required', trimmed). The shared
 * schema decides, so the browser says what the server would.
 */
export function validateGalleryForm(
  values: GalleryFormValues,
  image: ImageChoice,
  existingImageUrl = "",
): { ok: true; input: GalleryImageCreate } | { ok: false; errors: FieldErrors<GalleryFormField> } {
  const upload = image.kind === "uploaded" ? image.upload : null;
  const imageUrl = upload?.imageUrl ?? (image.kind === "existing" ? existingImageUrl : "");
  const input: GalleryImageCreate = {
    title: values.title,
    description: values.description,
    altText: values.altText,
    category: values.category,
    isPublished: values.isPublished,
    displayOrder: values.displayOrder,
    seoKeywords: values.seoKeywords,
    imageUrl,
    ...(upload ? { fileName: upload.name ?? undefined, fileSize: String(upload.size), mimeType: upload.type } : {}),
  };
  const parsed = galleryImageCreateSchema.safeParse(input);
  const errors = fieldErrors<keyof GalleryImageCreate>(parsed);
  const mapped: FieldErrors<GalleryFormField> = {};
  if (errors.imageUrl) mapped.image = UPLOAD_FIRST_MESSAGE;
  else if (errors.fileName) mapped.image = errors.fileName;
  for (const field of ["title", "altText", "displayOrder", "description", "seoKeywords", "category"] as const) {
    if (errors[field]) mapped[field] = errors[field];
  }
  if (Object.keys(mapped).length > 0 || !parsed.success) return { ok: false, errors: mapped };
  return { ok: true, input };
}

/**
 * What an edit sends: every field of the form, and the photo only when it was replaced (an
 * unchanged imageUrl would make the server check the upload again for nothing).
 */
export function updateInputOf(input: GalleryImageCreate, replaced: boolean): GalleryImageUpdate {
  const { imageUrl, fileName, fileSize: _size, mimeType: _type, ...fields } = input;
  return replaced ? { ...fields, imageUrl, fileName } : fields;
}
