import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { NONCE_PLACEHOLDER } from "./csp.js";

/**
 * Rendered pages kept in memory (ADR 024): a GET of a page is the same HTML for every
 * visitor except two per-request parts, which the render writes as fixed placeholders and the
 * server swaps in for each answer: the CSP nonce (csp.ts, NONCE_PLACEHOLDER) and the contact
 * form's signed time (FORM_TOKEN_PLACEHOLDER). Only what the render really depends on is in the
 * key (the build, the public origin, the URL and, on contact-form pages, the visit's external
 * referrer); what pages read from the database (the published gallery) is dropped from every
 * instance's cache when it changes (migration 0013's NOTIFY; `invalidate`).
 */

/** Where the contact form's signed time goes in a cached page. Letters and digits only: unchanged by HTML and JSON escaping. */
export const FORM_TOKEN_PLACEHOLDER = "cgFormTokenH10PlaceholderQ8z";

export interface CachedPage {
  /** The rendered document with the placeholders in it. */
  html: string;
  /** Strong validator of the cached document (placeholders included): the same build and data give the same tag on every instance. */
  etag: string;
  /** The page carries a contact form (its signed time is spliced in per answer). */
  hasFormToken: boolean;
  /**
   * The document as UTF-8 bytes between its placeholders (what an answer writes without touching
   * the text again): `parts[0]`, then for each i ≥ 1 the value of `slots[i - 1]` and `parts[i]`.
   */
  parts: Buffer[];
  slots: Array<"nonce" | "formToken">;
  /** Each part as raw deflate blocks ending byte-aligned and not final (gzipBytes joins them). */
  deflatedParts: Buffer[];
}

const PLACEHOLDERS = new RegExp(`${NONCE_PLACEHOLDER}|${FORM_TOKEN_PLACEHOLDER}`, "g");

/** Deflate blocks of `data` alone, ending on a byte boundary without the final bit: they can be followed by more blocks. */
const deflateOpen = (data: Buffer, level: number) => deflateRawSync(data, { level, finishFlush: constants.Z_SYNC_FLUSH });
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The cached page gzip-compressed with this answer's values, without compressing the page again:
 * the parts were deflated once each (independent block runs are valid one after another, as none
 * refers back before its own start), the values go in between as tiny stored runs, and the gzip
 * trailer's CRC-32 and length are of the whole answer.
 */
export function gzipBytes(
  page: CachedPage,
  values: { nonce: string; formToken: string | undefined },
): { chunks: Buffer[]; length: number } {
  const plain = pageBytes(page, values).chunks;
  const nonce = deflateOpen(Buffer.from(values.nonce, "utf8"), 0);
  const token = deflateOpen(Buffer.from(values.formToken ?? FORM_TOKEN_PLACEHOLDER, "utf8"), 0);
  const chunks: Buffer[] = [GZIP_HEADER, page.deflatedParts[0]!];
  for (let i = 0; i < page.slots.length; i++) chunks.push(page.slots[i] === "nonce" ? nonce : token, page.deflatedParts[i + 1]!);
  let crc = 0;
  let size = 0;
  for (const chunk of plain) {
    crc = crc32(chunk, crc);
    size += chunk.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return { chunks, length: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

function split(html: string): Pick<CachedPage, "parts" | "slots" | "deflatedParts"> {
  const parts: Buffer[] = [];
  const slots: CachedPage["slots"] = [];
  let from = 0;
  for (const match of html.matchAll(PLACEHOLDERS)) {
    parts.push(Buffer.from(html.slice(from, match.index), "utf8"));
    slots.push(match[0] === NONCE_PLACEHOLDER ? "nonce" : "formToken");
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(html.slice(from), "utf8"));
  return { parts, slots, deflatedParts: parts.map((part) => deflateOpen(part, 9)) };
}

/** The bytes of a cached page with this answer's nonce and form time in place (one Buffer per part, in order). */
export function pageBytes(
  page: CachedPage,
  values: { nonce: string; formToken: string | undefined },
): { chunks: Buffer[]; length: number } {
  const nonce = Buffer.from(values.nonce, "utf8");
  const token = Buffer.from(values.formToken ?? FORM_TOKEN_PLACEHOLDER, "utf8");
  const chunks: Buffer[] = [page.parts[0]!];
  let length = page.parts[0]!.length;
  for (let i = 0; i < page.slots.length; i++) {
    const value = page.slots[i] === "nonce" ? nonce : token;
    const part = page.parts[i + 1]!;
    chunks.push(value, part);
    length += value.length + part.length;
  }
  return { chunks, length };
}

export interface PageCache {
  /** Bumped by every invalidation; a render that started before one is not stored. */
  readonly generation: number;
  get(key: string): CachedPage | undefined;
  /** Stores a render made while the cache was at `generation` (dropped if it changed since). */
  set(key: string, html: string, generation: number): CachedPage | undefined;
  invalidate(): void;
  readonly size: number;
  /** Renders answered from the cache and renders made, since the start (tests, bench). */
  readonly stats: { hits: number; misses: number; invalidations: number };
}

export interface PageCacheOptions {
  /** Identifies the build whose pages are served (a deploy is another build, so other keys and tags). */
  buildId: string;
  /** At most this many pages (least recently used go first). */
  maxEntries?: number;
}

export function buildIdOf(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("base64url").slice(0, 16);
}

export function createPageCache({ buildId, maxEntries = 200 }: PageCacheOptions): PageCache {
  const entries = new Map<string, CachedPage>();
  let generation = 0;
  const stats = { hits: 0, misses: 0, invalidations: 0 };
  return {
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    stats,
    get(key) {
      const entry = entries.get(key);
      if (!entry) {
        stats.misses += 1;
        return undefined;
      }
      stats.hits += 1;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, html, renderedAt) {
      const etag = `"${createHash("sha256").update(buildId).update("\0").update(html).digest("base64url").slice(0, 27)}"`;
      const entry: CachedPage = { html, etag, hasFormToken: html.includes(FORM_TOKEN_PLACEHOLDER), ...split(html) };
      if (renderedAt !== generation) return entry;
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry;
    },
    invalidate() {
      generation += 1;
      stats.invalidations += 1;
      entries.clear();
    },
  };
}

/** The cached page with this answer's signed time in place of the placeholder. */
export function withFormToken(html: string, token: string | undefined): string {
  return token === undefined ? html : html.replaceAll(FORM_TOKEN_PLACEHOLDER, token);
}
