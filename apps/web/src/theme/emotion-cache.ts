import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The server extracts styles under this key and the client cache, with the
 * same key, takes over the rules the server sent (serverStyleTags), so no
 * style is inserted twice and no class name differs at hydration.
 */
export const EMOTION_CACHE_KEY = "cg";

/** The server's tags for the page's own styles: out of the client cache's hydration (see below). */
const SERVER_KEY = `${EMOTION_CACHE_KEY}-server`;

type StyleChunk = { key: string; ids: string[]; css: string };

/**
 * The server's `<style>` tags for the styles a page rendered, as emotion's
 * constructStyleTagsFromChunks writes them except for two marks that keep
 * emotion from moving them to the end of <head> in the browser (a moved
 * `<style>` is parsed again and restyles the whole page, ~25 ms on a phone,
 * right after the app loads): the page's styles are listed under
 * `cg-server`, which the client cache's hydration does not look for (it
 * adopts them in place instead, see createEmotionCache), and every tag is
 * marked `data-s`, which emotion's default cache, created when
 * @emotion/react loads, skips. `nonce`: the Content-Security-Policy nonce
 * (the server's placeholder), which the policy asks of every `<style>`.
 */
export function serverStyleTags(chunks: StyleChunk[], nonce?: string): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return chunks
    .filter((chunk) => chunk.css)
    .map((chunk) => {
      const key = chunk.key === EMOTION_CACHE_KEY ? SERVER_KEY : chunk.key;
      return `<style data-emotion="${key} ${chunk.ids.join(" ")}" data-s=""${nonceAttribute}>${chunk.css}</style>`;
    })
    .join("");
}

/**
 * Where the page names its Content-Security-Policy nonce for the code that inserts `<style>` tags
 * at run time (Vite's own convention: its development client reads the same element). The policy
 * takes `<style>` elements by nonce only, and emotion inserts one per cache.
 */
export const CSP_NONCE_META = 'meta[property="csp-nonce"]';

/** The meta tag the server's render writes into the head (a placeholder the server swaps per response). */
export const cspNonceMetaTag = (nonce: string) => `<meta property="csp-nonce" nonce="${nonce}">`;

/**
 * This page's nonce: the browser hides a nonce attribute's value from the DOM once the page has
 * loaded, but keeps it in the element's `nonce` property.
 */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>(CSP_NONCE_META)?.nonce || undefined;
}

/** The style names the server's tags hold, recorded as emotion's hydration would record them. */
function serverStyleNames(): string[] {
  return [...document.querySelectorAll(`style[data-emotion^="${SERVER_KEY} "]`)].flatMap((node) =>
    (node.getAttribute("data-emotion") ?? "").split(" ").slice(1),
  );
}

/** The site stylesheet's last rule (scripts/site-stylesheet.mjs writes it): the names of the styles it holds, as a string. */
export const SITE_STYLESHEET_NAMES = { selector: "#cg-site-stylesheet", property: "--cg-styles" } as const;

/**
 * The style names the site stylesheet holds (a production build links it: scripts/site-stylesheet.mjs),
 * listed as a string in a custom property of its last rule. One lookup, no walk over its rules. The
 * app starts after the first paint, which waited for the stylesheet; if it is still not there, the
 * app inserts those styles again (the same rules, nothing else changes). A first visit's page (ADR
 * 032) links no stylesheet (it only prefetches it): its styles are all in the server's tags.
 */
function siteStylesheetNames(): string[] {
  const sheet = document.querySelector<HTMLLinkElement>("link[data-cg-sheet]")?.sheet;
  try {
    const last = sheet?.cssRules[sheet.cssRules.length - 1];
    if (!(last instanceof CSSStyleRule) || last.selectorText !== SITE_STYLESHEET_NAMES.selector) return [];
    return last.style.getPropertyValue(SITE_STYLESHEET_NAMES.property).trim().replace(/^"|"$/g, "").split(" ").filter(Boolean);
  } catch {
    return []; // a sheet from another origin (never here) cannot be read
  }
}

export function createEmotionCache(): EmotionCache {
  const browser = typeof document !== "undefined";
  // In the browser, the <style> tags emotion inserts carry the page's nonce (the server's own tags
  // get theirs from serverStyleTags).
  const nonce = browser ? pageNonce() : undefined;
  const cache = createCache({ key: EMOTION_CACHE_KEY, ...(nonce ? { nonce } : {}) });
  if (browser) {
    for (const name of [...siteStylesheetNames(), ...serverStyleNames()]) cache.inserted[name] = true;
  }
  return cache;
}
