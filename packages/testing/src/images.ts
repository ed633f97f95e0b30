import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A small real photo-like image of the given type (sharp encodes it). */
export async function imageOf(format: "jpeg" | "png" | "webp" | "avif" | "gif", width = 640, height = 480): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return base[format]().toBuffer();
}

/** A PNG carrying EXIF with a GPS position (a customer's house) and a camera name. */
export async function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 180, b: 90 } } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 35/1 4236/100", GPSLongitudeRef: "W", GPSLongitude: "82/1 33/1 540/100" },
    })
    .png()
    .toBuffer();
}

/** A JPEG stored sideways (EXIF orientation 6: rotate 90° to show it upright), 400 wide by 200 high as stored. */
export async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid PNG of exactly `size` bytes: a real image plus a text chunk that pads it (readers skip
 * text chunks), for testing the size limit with a file that is otherwise fine.
 */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await imageOf("png", 64, 64);
  const iend = chunk("IEND", Buffer.alloc(0));
  const body = png.subarray(0, png.length - iend.length);
  const padding = size - body.length - iend.length - 12; // a chunk is 12 bytes plus its data
  const text = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(padding - 8, 0x61)]);
  const out = Buffer.concat([body, chunk("tEXt", text), iend]);
  if (out.length !== size) throw new Error(`padded PNG is ${out.length} bytes, wanted ${size}`);
  return out;
}

/**
 * A decompression bomb: a valid 1-bit PNG of 30,000 × 30,000 pixels (900 megapixels) that is only
 * a few hundred kilobytes on disk.
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1; // filter byte + packed pixels
  const raw = Buffer.alloc(row * height); // all zero: filter none, black pixels
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/** Files that are not images we take, whatever their names say. */
export const NOT_IMAGES: Record<string, Buffer> = {
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
  html: Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  text: Buffer.from("just some text pretending to be a photo.jpg"),
  zip: Buffer.from("504b0304140000000800000000000000000000000000000000000000", "hex"),
};

/** The start of an iPhone HEIC file (its ftyp box): enough for the type to be recognised. */
export const HEIC_HEAD = Buffer.concat([
  Buffer.from("00000018667479706865696300000000", "hex"),
  Buffer.from("mif1heic", "latin1"),
  Buffer.alloc(64),
]);
