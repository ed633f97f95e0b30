/** One stored size of an uploaded photo (the server's WebP renditions, narrowest first). */
export type ImageRendition = { url: string; width: number; height: number };

/** The renditions narrowest first, without widths that repeat or make no sense. */
function byWidth(renditions: readonly ImageRendition[]): ImageRendition[] {
  const seen = new Set<number>();
  return [...renditions]
    .filter((r) => r.url !== "" && Number.isFinite(r.width) && r.width > 0)
    .sort((a, b) => a.width - b.width)
    .filter((r) => (seen.has(r.width) ? false : (seen.add(r.width), true)));
}

/**
 * An `<img srcset>` of width descriptors ("/a.webp 480w, /b.webp 960w"), so the browser picks the
 * smallest file that fills the slot `sizes` describes; undefined when there is nothing to choose from.
 */
export function srcSetOf(renditions: readonly ImageRendition[]): string | undefined {
  const usable = byWidth(renditions);
  if (usable.length === 0) return undefined;
  return usable.map((r) => `${srcSetUrl(r.url)} ${r.width}w`).join(", ");
}

/** The widest rendition (the modal's large image), or undefined when there is none. */
export function largestRendition(renditions: readonly ImageRendition[]): ImageRendition | undefined {
  return byWidth(renditions).at(-1);
}

/**
 * The intrinsic size to put in `width`/`height` (so the page does not move as the image loads):
 * the image's own when known, else the largest rendition's.
 */
export function intrinsicSize(image: {
  width: number | null;
  height: number | null;
  renditions: readonly ImageRendition[];
}): { width: number; height: number } | undefined {
  if (image.width && image.height) return { width: image.width, height: image.height };
  const largest = largestRendition(image.renditions);
  return largest ? { width: largest.width, height: largest.height } : undefined;
}

/** A space would end a srcset candidate's URL and a comma could end the candidate: escape both. */
function srcSetUrl(url: string): string {
  return url.replace(/ /g, "%20").replace(/,/g, "%2C");
}
