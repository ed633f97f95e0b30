import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { ObjectTooLargeError } from "@crawlguard/storage";
import { galleryImageTypes } from "@crawlguard/validators";
import { DomainError } from "../errors.js";

/** Widths of the WebP renditions a photo gets (never wider than the photo itself). */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
/**
 * Decompression-bomb guard: an image may decode to at most this many pixels. 100 megapixels is
 * twice a 48 MP phone photo; a 20,000 × 20,000 PNG of a few kilobytes is refused before decoding.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.";
export const HEIC_MESSAGE =
  "HEIC photos can't be used directly. On an iPhone, set Settings > Camera > Formats to Most Compatible, or share the photo as JPEG first (Photos > Share > Options > Most Compatible), then upload that file.";
export const TOO_MANY_PIXELS_MESSAGE =
  "This image has too many pixels to process (at most 100 megapixels). Please resize it and upload it again.";
export const DAMAGED_IMAGE_MESSAGE = "This image file is damaged or incomplete. Please export it again and upload the new file.";

export interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** The uploaded file's type, from its magic bytes. */
  type: string;
  width: number;
  height: number;
  /** Narrowest first. */
  renditions: Rendition[];
}

/** How many leading bytes decide a file's type (file-type's own sample size). */
export const TYPE_SNIFF_BYTES = 4100;

/**
 * The accepted image type of a file from its first bytes (at least TYPE_SNIFF_BYTES of them, or the
 * whole file when shorter), or a 415: HEIC with how to send it instead, anything else naming the
 * accepted types.
 */
export async function imageTypeOf(head: Uint8Array): Promise<string> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed && (sniffed.mime === "image/heic" || sniffed.mime === "image/heif" || sniffed.ext === "heic")) {
    throw new DomainError("unsupported-media-type", HEIC_MESSAGE);
  }
  if (!sniffed || !(galleryImageTypes as readonly string[]).includes(sniffed.mime)) {
    throw new DomainError("unsupported-media-type", UNSUPPORTED_TYPE_MESSAGE);
  }
  return sniffed.mime;
}

/**
 * The stream's bytes once its first TYPE_SNIFF_BYTES (or all of it, when shorter) are an accepted
 * image; fails with imageTypeOf's 415 otherwise, before reading the rest. The bytes held meanwhile
 * count against `maxBytes` (ObjectTooLargeError past it), so a body too large is told so first, as
 * the storage's own count would. Nothing is read before the result is.
 */
export function imageStreamCheck(body: AsyncIterable<Buffer>, maxBytes: number): Readable {
  async function* checked(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let length = 0;
    for await (const chunk of body) {
      if (!head.length && length >= TYPE_SNIFF_BYTES) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      length += chunk.length;
      if (length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      if (length < TYPE_SNIFF_BYTES) continue;
      await imageTypeOf(Buffer.concat(head));
      yield Buffer.concat(head);
      head = [];
    }
    if (length < TYPE_SNIFF_BYTES) {
      await imageTypeOf(Buffer.concat(head));
      yield Buffer.concat(head);
    }
  }
  return Readable.from(checked(), { objectMode: false });
}

/**
 * Decides what an uploaded file is from its bytes alone (never its name or declared type) and turns
 * an accepted image into WebP renditions: orientation applied, every bit of metadata (EXIF with the
 * GPS position of a customer's house, XMP, IPTC, comments) left behind, never upscaled, the first
 * frame of an animation.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = await imageTypeOf(bytes);
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true });
  let width: number;
  let height: number;
  try {
    // With autoOrient the reported size is the upright one (a portrait photo stored sideways).
    const meta = await open().metadata();
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
    if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new DomainError("bad-input", TOO_MANY_PIXELS_MESSAGE);
    const widths = [...new Set([...RENDITION_WIDTHS.filter((w) => w < width), Math.min(width, RENDITION_WIDTHS.at(-1)!)])];
    const renditions: Rendition[] = [];
    for (const target of widths) {
      const { data, info } = await open()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: info.width, height: info.height, data });
    }
    return { type, width, height, renditions };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const message = err instanceof Error ? err.message : "";
    if (/pixel limit/i.test(message)) throw new DomainError("bad-input", TOO_MANY_PIXELS_MESSAGE);
    throw new DomainError("bad-input", DAMAGED_IMAGE_MESSAGE);
  }
}
