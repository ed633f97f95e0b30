import { SITE_STYLESHEET_COOKIE, SITE_STYLESHEET_COOKIE_MAX_AGE_S, siteStylesheetHashOf } from "@crawlguard/validators/site-stylesheet";

/**
 * Tells the server, by a cookie, that this browser now holds the site stylesheet (ADR 032), so its
 * next visit by a bookmark or a search result gets the page that links the file instead of the one
 * with its CSS inline. A page that links the file has it once its sheet is there; a first visit's
 * page prefetches it after load and has it when the prefetch has loaded. Does nothing in
 * development (no stylesheet) or when the cookie already names this file.
 */
export function rememberSiteStylesheet(doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>("link[data-cg-sheet], link[data-cg-prefetch]");
  const hash = siteStylesheetHashOf(link?.getAttribute("href") ?? "");
  if (!link || !hash) return;
  const cookie = `${SITE_STYLESHEET_COOKIE}=${hash}`;
  if (doc.cookie.split(/;\s*/).includes(cookie)) return;
  const remember = () => {
    const secure = doc.location.protocol === "https:" ? "; Secure" : "";
    doc.cookie = `${cookie}; Path=/; Max-Age=${SITE_STYLESHEET_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  };
  const loaded =
    link.rel === "stylesheet"
      ? link.sheet !== null
      : performance.getEntriesByName(link.href).some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0);
  if (loaded) remember();
  else link.addEventListener("load", remember, { once: true });
}
