import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { createMemoryHistory } from "@tanstack/react-router";
import { attachRouterServerSsrUtils, getSsrStatus, RouterServer, transformHtmlStringWithRouter } from "@tanstack/react-router/ssr/server";
import { renderToString } from "react-dom/server";
import type { AuthFormServerState } from "@crawlguard/validators";
import type { ContactFormServerState } from "./features/contact/contact-fields";
import { preloadDeferred } from "./lib/deferred";
import { collectHeadTags, renderHeadTags } from "./lib/head";
import type { PublicApi } from "./lib/public-api";
import { createAppRouter } from "./router";
import { services } from "@crawlguard/content";
import { createEmotionCache, cspNonceMetaTag, EMOTION_CACHE_KEY, serverStyleTags } from "./theme/emotion-cache";

export type RenderInput = {
  /** Path and query of the request, e.g. "/services?x=1". */
  url: string;
  /** index.html with the `<!--app-head-->` and `<!--app-html-->` placeholders. */
  template: string;
  /** Public origin of the site, used for canonical and share URLs. */
  publicUrl: string;
  /** Cloudflare Turnstile site key: when set, the contact form loads and shows the widget. */
  turnstileSiteKey?: string | undefined;
  /**
   * On pages with a contact form: the signed time of showing, the visit's attribution and, when
   * answering a script-less form post, its outcome (values kept, errors, or the success notice).
   */
  contactForm?: ContactFormServerState | undefined;
  /** On /auth: a refused sign-in or registration posted without JavaScript (message and values, never the password). */
  authForm?: AuthFormServerState | undefined;
  /**
   * The API, called in-process, for the data public pages render (today: /gallery's published
   * photos). A tRPC caller of the app router fits: `createCallerFactory(appRouter)(context)`. It
   * is only called by the pages that need it. Without it, those pages render without that data
   * and the browser fetches it after hydration.
   */
  publicApi?: PublicApi | undefined;
  /**
   * The Content-Security-Policy nonce for the inline scripts and styles this render emits (TanStack
   * Router's hydration data, the page's emotion styles), and named in the head for the styles the
   * app inserts in the browser. The server passes a placeholder and puts each response's nonce in
   * its place.
   */
  nonce?: string | undefined;
  /**
   * The emotion style names the site's stylesheet already holds (the template links it; see
   * scripts/site-stylesheet.mjs): the page's inline styles leave them out. Without it, every
   * style the page uses is inline (development, where there is no stylesheet).
   */
  sharedStyles?: Iterable<string> | undefined;
};

export type { PublicApi } from "./lib/public-api";
export { SITE_STYLESHEET_NAMES } from "./theme/emotion-cache";
export type { ContactFormOutcome, ContactFormServerState } from "./features/contact/contact-fields";

/** One emotion style the page uses: its name (the class is `cg-<name>`) and its CSS. */
export type PageStyle = { name: string; css: string };

export type RenderResult = {
  /** 404 when no route matched (or a route reported not found), 500 on a route error, else 200 (3xx with `redirect`). */
  status: number;
  /** The complete HTML document. */
  html: string;
  /** Set when the router redirects (e.g. "/auth/" to "/auth"): send `status` with this Location. */
  redirect?: string;
  /** The page's styles that are not in `sharedStyles`, in the order they are written. */
  styles?: PageStyle[];
};

/** The public pages whose styles the site stylesheet holds (scripts/site-stylesheet.mjs renders each at build time). */
export const STYLESHEET_PAGES: readonly string[] = [
  "/",
  "/services",
  ...services.map((service) => `/services/${service.id}`),
  "/about",
  "/contact",
  "/gallery",
];

const DOCTYPE = /^<!DOCTYPE html>/i;

function fillTemplate(template: string, head: string, appHtml: string): string {
  // Replacer functions: the HTML contains "$" sequences that a replacement
  // string would interpret ($&, $', …).
  return template.replace("<!--app-head-->", () => head).replace("<!--app-html-->", () => appHtml);
}

function redirectDocument(location: string): string {
  const href = location.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Redirecting</title></head><body><a href="${href}">Continue</a></body></html>`;
}

/** Renders one request to a full HTML document (the contract with apps/server). */
export async function render({
  url,
  template,
  publicUrl,
  turnstileSiteKey,
  contactForm,
  authForm,
  publicApi,
  nonce,
  sharedStyles,
}: RenderInput): Promise<RenderResult> {
  const router = createAppRouter({
    publicUrl,
    turnstileSiteKey,
    contactForm,
    authForm,
    publicApi,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  // Read once by attachRouterServerSsrUtils for every inline script it writes.
  if (nonce) router.options.ssr = { ...router.options.ssr, nonce };
  attachRouterServerSsrUtils({ router, manifest: undefined });

  try {
    // Parts whose browser code loads late (lib/deferred.tsx) render in full here.
    await preloadDeferred();
    await router.load();

    const result = router._serverResult;
    if (result?.type === "redirect") {
      const location = result.redirect.headers.get("Location") ?? "/";
      return { status: result.redirect.status, html: redirectDocument(location), redirect: location };
    }

    const status = getSsrStatus(router);
    const headTags = renderHeadTags(collectHeadTags(router.stores.matches.get()));

    await router.serverSsr?.dehydrate();
    const emotionCache = createEmotionCache();
    // Emotion neither writes nor extracts a style it takes as inserted (as in the browser's hydration).
    for (const name of sharedStyles ?? []) emotionCache.inserted[name] = true;
    // Created before rendering: it switches the cache to compat mode, which
    // keeps emotion from writing <style> tags into the markup.
    const emotionServer = createEmotionServer(emotionCache);
    const rendered = renderToString(
      <CacheProvider value={emotionCache}>
        <RouterServer router={router} />
      </CacheProvider>,
    );
    // Adds any router hydration script not already emitted by <Scripts/>.
    // It prefixes a doctype meant for whole-document rendering; the template has its own.
    const appHtml = (await transformHtmlStringWithRouter(router, rendered)).replace(DOCTYPE, "");

    const chunks = emotionServer.extractCriticalToChunks(appHtml).styles;
    const styles = chunks
      .filter((chunk) => chunk.key === EMOTION_CACHE_KEY)
      .flatMap((chunk) => chunk.ids.map((name) => ({ name, css: String(emotionCache.inserted[name]) })));

    // Vite's development template names the nonce itself (html.cspNonce).
    const nonceTag = nonce && !template.includes('property="csp-nonce"') ? cspNonceMetaTag(nonce) : "";
    return { status, html: fillTemplate(template, nonceTag + headTags + serverStyleTags(chunks, nonce), appHtml), styles };
  } finally {
    router.serverSsr?.cleanup();
  }
}
