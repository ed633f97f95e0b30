/*
 * The site stylesheet's cookie (ADR 032), shared by the server, which reads it, and the browser,
 * which writes it. A public page comes in two forms: the stylesheet linked (a third of the HTML),
 * or, for a browser that may not hold the file yet, its own CSS inline (nothing to fetch before the
 * first paint). Once the browser has the file, the page it is on writes this cookie with the
 * file's content hash, so the next visit by a bookmark or a search result gets the linked form.
 * The value is the same for every browser that holds that file: it says nothing about the visitor.
 * Imported by the browser's first script: no dependencies.
 */

/** The cookie's name; its value is the hash in the stylesheet's name (`/assets/site-<hash>.css`). */
export const SITE_STYLESHEET_COOKIE = "cg_sheet";

/** As long as the browser may keep the file (`max-age=31536000, immutable`). */
export const SITE_STYLESHEET_COOKIE_MAX_AGE_S = 31_536_000;

/** The content hash in a site stylesheet's URL, or undefined for any other URL. */
export function siteStylesheetHashOf(href: string): string | undefined {
  return /^(?:https?:\/\/[^/]+)?\/assets\/site-([\w-]+)\.css$/.exec(href)?.[1];
}

/** The stylesheet hash a Cookie header names, if any. */
export function siteStylesheetCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return new RegExp(`(?:^|;)\\s*${SITE_STYLESHEET_COOKIE}=([\\w-]+)\\s*(?:;|$)`).exec(cookieHeader)?.[1];
}
