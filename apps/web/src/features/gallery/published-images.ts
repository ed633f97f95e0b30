import type { PublicGalleryImage } from "@crawlguard/validators";
import type { PublicApi } from "../../lib/public-api";

/** The REST door of `gallery.published` (no tRPC client on public pages). */
const PUBLISHED_URL = "/api/gallery";

function isPublishedList(value: unknown): value is PublicGalleryImage[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === "object" && item !== null && typeof (item as { id?: unknown }).id === "string")
  );
}

/** The published photos from the browser; null when they could not be had (the page then shows the built-in projects). */
export async function fetchPublishedImages(signal?: AbortSignal): Promise<PublicGalleryImage[] | null> {
  try {
    const response = await fetch(PUBLISHED_URL, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isPublishedList(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * The /gallery route's data. On the server, through the in-process API the server renders with,
 * so the page's HTML holds the photos; a server that provides none (or a failing database)
 * renders the built-in projects and leaves `null` for the browser to fill in. In the browser (a
 * navigation to /gallery), from the API: never cached for long, so a photo published or
 * unpublished a moment ago shows or goes at once.
 */
export async function loadPublishedImages(api: PublicApi | undefined, signal?: AbortSignal): Promise<PublicGalleryImage[] | null> {
  if (typeof document === "undefined") {
    if (!api) return null;
    return api.gallery.published().catch(() => null);
  }
  return fetchPublishedImages(signal);
}
