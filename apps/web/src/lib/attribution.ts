import type { Attribution } from "@crawlguard/validators";
import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_PARAM_MAX as MAX_PARAM,
  ATTRIBUTION_URL_MAX as MAX_URL,
  UTM_PARAMS,
} from "@crawlguard/validators/attribution";

/*
 * First-touch attribution for the contact form: the UTM parameters, the external referrer and the
 * landing page of the visit's first page view, kept in sessionStorage and sent with every contact
 * submission. This module runs on every page: it takes only types from @crawlguard/validators,
 * and its constants from the zod-free @crawlguard/validators/attribution, so the schemas (and zod)
 * stay out of the first download.
 */

export const ATTRIBUTION_KEY = "crawlguard_attribution";

/** What a page view at `href`, reached from `referrer`, tells about the visit. */
export function attributionOf(href: string, referrer: string): Attribution {
  const url = new URL(href);
  const attribution: Attribution = { landingPage: `${url.pathname}${url.search}`.slice(0, MAX_URL) };
  for (const [param, field] of Object.entries(UTM_PARAMS)) {
    const value = url.searchParams.get(param)?.trim();
    if (value) attribution[field] = value.slice(0, MAX_PARAM);
  }
  if (referrer) {
    try {
      // Our own pages are not a source.
      if (new URL(referrer).origin !== url.origin) attribution.referrer = referrer.slice(0, MAX_URL);
    } catch {
      // Not a URL: nothing to record.
    }
  }
  return attribution;
}

type SessionStore = Pick<Storage, "getItem" | "setItem">;

/** The browser's sessionStorage, or undefined where reading it throws (storage disabled). */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Records the visit's first page view; later page views leave it alone (first touch wins). */
export function captureAttribution(storage: SessionStore | undefined, href: string, referrer: string): void {
  if (!storage) return;
  try {
    if (storage.getItem(ATTRIBUTION_KEY) !== null) return;
    storage.setItem(ATTRIBUTION_KEY, JSON.stringify(attributionOf(href, referrer)));
  } catch {
    // Storage can be disabled or full; attribution is optional.
  }
}

/** The stored attribution, keeping only known string fields. */
export function readAttribution(storage: Pick<Storage, "getItem"> | undefined): Attribution {
  if (!storage) return {};
  try {
    const stored: unknown = JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? "null");
    if (typeof stored !== "object" || stored === null) return {};
    const attribution: Attribution = {};
    for (const field of ATTRIBUTION_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === "string" && value) attribution[field] = value;
    }
    return attribution;
  } catch {
    return {};
  }
}
