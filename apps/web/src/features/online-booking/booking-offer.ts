import type { PublicApi } from "../../lib/public-api";

/** The REST door of `onlineBooking.status` (no tRPC client on public pages). */
const STATUS_URL = "/api/public/booking";

/**
 * Whether the home and contact pages offer "Pick a time online". On the server, through the
 * in-process API the page renders with (the render cache is dropped when the setting changes:
 * migration 0027's NOTIFY); in the browser (a navigation to the page), from the API. Any failure
 * reads as off: the contact form is always there.
 */
export async function loadBookingOffer(api: PublicApi | undefined, signal?: AbortSignal): Promise<boolean> {
  if (typeof document === "undefined") {
    if (!api?.onlineBooking) return false;
    return api.onlineBooking.status().then(
      (s) => s.enabled,
      () => false,
    );
  }
  try {
    const response = await fetch(STATUS_URL, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && (body as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}
