import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AuthFormServerState, ContactFormServerState } from "@crawlguard/validators";
import { siteStylesheetCookieOf, siteStylesheetHashOf } from "@crawlguard/validators/site-stylesheet";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { contactFormStateFor } from "./contact-form.js";
import { cspNonce, NONCE_PLACEHOLDER, withNonce } from "./csp.js";
import { createFormTokens, type FormTokens } from "./form-tokens.js";
import { buildIdOf, createPageCache, FORM_TOKEN_PLACEHOLDER, gzipBytes, type PageCache, pageBytes, withFormToken } from "./page-cache.js";
import { redactUrl } from "./redact-url.js";

/** What a page with a contact form is rendered with (shared with the web app through @crawlguard/validators). */
export type ContactFormState = ContactFormServerState;

/** The contract of apps/web/src/entry-server.tsx. */
type Render = (input: {
  url: string;
  template: string;
  publicUrl: string;
  turnstileSiteKey?: string | undefined;
  contactForm?: ContactFormState | undefined;
  authForm?: AuthFormServerState | undefined;
  publicApi?: PublicApi | undefined;
  nonce?: string | undefined;
  sharedStyles?: readonly string[] | undefined;
}) => Promise<{ status: number; html: string; redirect?: string }>;

/**
 * What public pages read while they render (mirrors `PublicApi` of the web app): procedures called
 * in-process through a tRPC caller with the request's own context, never over HTTP.
 */
export interface PublicApi {
  gallery: { published(): Promise<unknown[]> };
  invitations?: { lookup(input: { token: string }): Promise<{ email: string | null; expiresAt: string }> };
  onlineBooking?: { status(): Promise<{ enabled: boolean }> };
}
export type PublicApiFor = (req: Request, res: Response) => PublicApi;

/** What every page render gets from the server's configuration. */
export interface WebOptions {
  publicUrl: string | undefined;
  turnstileSiteKey: string | undefined;
  /** CONTACT_FORM_SECRET: signs the time a contact form was shown (a random key per process when absent). */
  formSecret?: string | undefined;
}

export interface WebApp {
  handlers: RequestHandler[];
  /**
   * Answers with the page at the request's URL as a GET would render it, with this contact form
   * state (a script-less form post's outcome) and `status` unless the page itself is a 404/500.
   * `authForm`: /auth after a refused script-less sign-in or registration (auth-form.ts).
   */
  renderPage(
    req: Request,
    res: Response,
    status: number,
    contactForm: ContactFormState | undefined,
    authForm?: AuthFormServerState,
  ): Promise<void>;
  /** Signed times for contact forms (form-tokens.ts), shared by page renders and form posts. */
  formTokens: FormTokens;
  /** Gives page renders the API for their data (set by the app, which owns the request context). */
  setPublicApi(publicApiFor: PublicApiFor): void;
  /** Drops every cached page (what public pages read from the database changed; page-cache.ts). */
  invalidatePages?(): void;
  /** The render cache (production builds; none in development, where Vite serves pages from source). */
  pageCache?: PageCache | undefined;
  close(): Promise<void>;
}

export const webDir = path.dirname(createRequire(import.meta.url).resolve("@crawlguard/web/package.json"));

function publicUrlFor(req: Request, configured: string | undefined): string {
  return (configured ?? `${req.protocol}://${req.get("host")}`).replace(/\/$/, "");
}

/**
 * How a page carries its CSS (ADR 032). `linked`: the template links the site stylesheet and the
 * page leaves its styles out. `inline`: a first visit, which has not got the stylesheet yet, gets
 * Chakra's global CSS and the page's own emotion styles inline (nothing waits for another request
 * before the first paint) and fetches the stylesheet after the page has loaded, for its next pages.
 */
export type StyleVariant = "linked" | "inline";

/**
 * `linked` when the browser says it holds this build's stylesheet (SITE_STYLESHEET_COOKIE, written
 * by the page once the file is there), for a navigation from a page of this site, which fetched it,
 * and for clients that send no `Sec-Fetch-Site` (crawlers, tools, CDNs' checks), which take HTML
 * only. `inline` for a navigation from elsewhere (`Sec-Fetch-Site`: `none` for a typed address or
 * bookmark, `cross-site` from a search engine, `same-site`) without that cookie: a first visit.
 */
export function styleVariantOf(req: Request, sheetHash: string | undefined): StyleVariant {
  if (sheetHash !== undefined && siteStylesheetCookieOf(req.get("cookie")) === sheetHash) return "linked";
  const site = req.get("sec-fetch-site");
  return site && site !== "same-origin" ? "inline" : "linked";
}

/** What the form of a page depends on (styleVariantOf): a shared cache keeps one answer per value of each. */
const STYLE_VARIANT_VARY = "Sec-Fetch-Site, Cookie";

/** The renderer, its template and the emotion styles the template's site stylesheet holds (production builds). */
type Load = (url: string, variant: StyleVariant) => Promise<{ render: Render; template: string; sharedStyles?: readonly string[] }>;
/** The loader of a build's pages and, in a production build, its site stylesheet's content hash. */
type Pages = { load: Load; sheetHash?: string | undefined };

/**
 * What the build's site stylesheet holds (apps/web/scripts/site-stylesheet.mjs): its URL, the
 * names of the emotion styles in it, which linked pages leave out of their inline styles, and
 * Chakra's global CSS it starts with, which a first visit's page carries inline (ADR 032).
 */
export async function siteStylesheet(): Promise<{ href: string; styles: string[]; globalCss: string }> {
  const manifest = JSON.parse(await readFile(path.join(webDir, "dist", "server", "site-stylesheet.json"), "utf8")) as unknown;
  const { href, styles, globalCssLength } = (manifest ?? {}) as { href?: unknown; styles?: unknown; globalCssLength?: unknown };
  if (
    typeof href !== "string" ||
    !href.startsWith("/") ||
    siteStylesheetHashOf(href) === undefined ||
    !Array.isArray(styles) ||
    !styles.every((name) => typeof name === "string") ||
    typeof globalCssLength !== "number"
  ) {
    throw new Error("apps/web/dist/server/site-stylesheet.json is not what the web build writes: build the web app again");
  }
  // The file starts with Chakra's global CSS (scripts/site-stylesheet.mjs).
  const globalCss = (await readFile(path.join(webDir, "dist", "client", href), "utf8")).slice(0, globalCssLength);
  return { href, styles, globalCss };
}

/** The template's link to the site stylesheet (scripts/site-stylesheet.mjs writes it in place of the inline global CSS). */
const stylesheetLink = (href: string) => `<link rel="stylesheet" href="${href}" data-cg-sheet>`;

/**
 * The template of a first visit (`inline`): Chakra's global CSS inline where the link was, as before
 * the stylesheet, and the stylesheet prefetched (fetched at low priority once the page has loaded,
 * kept for a year) for the visit's next pages, which link it. The `<style>` carries the nonce
 * placeholder: the policy takes inline styles by nonce only (csp.ts).
 */
export function inlineStylesTemplate(template: string, sheet: { href: string; globalCss: string }): string {
  const link = stylesheetLink(sheet.href);
  if (!template.includes(link))
    throw new Error("apps/web/dist/client/index.html does not link the site stylesheet: build the web app again");
  return template.replace(
    link,
    () =>
      `<style data-chakra-global nonce="${NONCE_PLACEHOLDER}">${sheet.globalCss}</style><link rel="prefetch" href="${sheet.href}" data-cg-prefetch>`,
  );
}

/** Public pages: served from the render cache, with Cache-Control a CDN may follow (ADR 024). Not the dashboard or sign-in. */
export function isPublicPage(pathname: string): boolean {
  return !/^\/(admin|auth)(\/|$)/.test(pathname);
}

/** What migration 0013's triggers NOTIFY when the published gallery changes. */
export const PUBLIC_PAGES_CHANNEL = "crawlguard_public_pages";

/** A shared cache (CDN) may keep a public page this long before it asks again (with If-None-Match). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, must-revalidate";
/** Pages with a contact form carry a signed time of showing: the browser may keep one and revalidate, no shared cache. */
export const FORM_PAGE_CACHE_CONTROL = "private, no-cache";
/** A kept page's form time is renewed by a fresh answer (not a 304) after this long (the form stays valid 24 h). */
const FORM_PAGE_ETAG_PERIOD_MS = 60 * 60 * 1000;

type Rendered = Awaited<ReturnType<Render>>;

/** Renders the page at the request's URL; `answer` overrides a 200 (a form post's outcome). */
function pageRenderer(
  { load, sheetHash }: Pages,
  { publicUrl, turnstileSiteKey }: WebOptions,
  log: Logger,
  publicApiFor: () => PublicApiFor | undefined,
  cache: PageCache | undefined,
  onError?: (err: Error) => void,
) {
  /** The form of the page this request gets (ADR 032); the answer says what it depends on. */
  const styleVariantFor = (req: Request, res: Response): StyleVariant => {
    if (sheetHash) res.vary(STYLE_VARIANT_VARY);
    return styleVariantOf(req, sheetHash);
  };

  const renderHtml = async (
    req: Request,
    res: Response,
    contactForm: ContactFormState | undefined,
    authForm?: AuthFormServerState,
    variant: StyleVariant = styleVariantFor(req, res),
  ): Promise<Rendered> => {
    const { render, template, sharedStyles } = await load(req.originalUrl, variant);
    return render({
      url: req.originalUrl,
      template,
      publicUrl: publicUrlFor(req, publicUrl),
      turnstileSiteKey,
      contactForm,
      authForm,
      publicApi: publicApiFor()?.(req, res),
      nonce: NONCE_PLACEHOLDER,
      sharedStyles,
    });
  };

  const failed = (req: Request, res: Response, err: unknown) => {
    onError?.(err as Error);
    log.error({ err, url: redactUrl(req.originalUrl) }, "page render failed");
    res.status(500).type("text").send("Something went wrong on our side. Please try again.");
  };

  const renderPage = async (
    req: Request,
    res: Response,
    contactForm: ContactFormState | undefined,
    answer?: number,
    authForm?: AuthFormServerState,
  ): Promise<void> => {
    try {
      const { status, html, redirect } = await renderHtml(req, res, contactForm, authForm);
      if (redirect && status >= 300 && status < 400) return res.redirect(status, redirect);
      if (!res.get("Cache-Control")) res.set("Cache-Control", "no-cache");
      res
        .status(answer !== undefined && status === 200 ? answer : status)
        .type("html")
        .send(withNonce(html, res));
    } catch (err) {
      failed(req, res, err);
    }
  };

  /**
   * A GET of a page: from the cache when it holds the page (no render), else rendered with the
   * placeholders and kept when it is a 200. A 404, an error, a redirect, the "sent" notice and the
   * dashboard are rendered for this request only. Strong ETag: If-None-Match answers 304 without
   * a body (and without a new CSP header, so the browser's kept page and its nonce stay a pair).
   */
  const servePage = async (req: Request, res: Response, contactForm: ContactFormState | undefined): Promise<void> => {
    if (!cache || contactForm?.outcome || !isPublicPage(req.path)) return renderPage(req, res, contactForm);
    try {
      // The page depends on how it carries its CSS (ADR 032).
      const variant = styleVariantFor(req, res);
      const key = JSON.stringify([publicUrlFor(req, publicUrl), req.originalUrl, contactForm?.attribution ?? null, variant]);
      let page = cache.get(key);
      if (!page) {
        const generation = cache.generation;
        const rendered = await renderHtml(req, res, contactForm && { ...contactForm, token: FORM_TOKEN_PLACEHOLDER }, undefined, variant);
        if (rendered.status !== 200 || rendered.redirect) {
          if (rendered.redirect && rendered.status >= 300 && rendered.status < 400) return res.redirect(rendered.status, rendered.redirect);
          res.set("Cache-Control", "no-cache");
          res
            .status(rendered.status)
            .type("html")
            .send(withNonce(withFormToken(rendered.html, contactForm?.token), res));
          return;
        }
        page = cache.set(key, rendered.html, generation)!;
      }
      const withToken = page.hasFormToken && contactForm !== undefined;
      const etag = withToken ? `${page.etag.slice(0, -1)}-${Math.floor(Date.now() / FORM_PAGE_ETAG_PERIOD_MS).toString(36)}"` : page.etag;
      res.set("Cache-Control", withToken ? FORM_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL);
      const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
      // A strong validator names one representation: the gzip answer's is another.
      res.set("ETag", gzip ? `${etag.slice(0, -1)}-gz"` : etag);
      res.vary("Accept-Encoding");
      if (req.fresh) {
        // The browser (or CDN) keeps the page with the nonce its CSP header named: no new header for it.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
      // The kept bytes and this answer's values, written as they are (no copy of the page per answer),
      // gzip-compressed from the kept compressed parts when the client takes gzip (compression()
      // leaves an answer with a Content-Encoding alone; compressing 120–170 KB per answer would
      // cost more than the rest of it).
      const values = { nonce: cspNonce(res), formToken: withToken ? contactForm.token : undefined };
      const { chunks, length } = gzip ? gzipBytes(page, values) : pageBytes(page, values);
      if (gzip) res.set("Content-Encoding", "gzip");
      res.status(200).type("html").set("Content-Length", String(length));
      if (req.method === "HEAD") return void res.end();
      res.cork();
      for (const chunk of chunks) res.write(chunk);
      res.end();
    } catch (err) {
      failed(req, res, err);
    }
  };

  return { renderPage, servePage };
}

function webApp(
  handlers: RequestHandler[],
  pages: Pages,
  options: WebOptions,
  log: Logger,
  close: () => Promise<void>,
  cache: PageCache | undefined,
  onError?: (err: Error) => void,
): WebApp {
  const formTokens = createFormTokens(options.formSecret);
  let publicApiFor: PublicApiFor | undefined;
  const { renderPage, servePage } = pageRenderer(pages, options, log, () => publicApiFor, cache, onError);
  const pageHandler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    return servePage(req, res, contactFormStateFor(req, formTokens));
  };
  return {
    handlers: [...handlers, pageHandler],
    renderPage: (req, res, status, contactForm, authForm) => renderPage(req, res, contactForm, status, authForm),
    formTokens,
    setPublicApi: (given) => {
      publicApiFor = given;
    },
    invalidatePages: () => cache?.invalidate(),
    pageCache: cache,
    close,
  };
}

/** Serves the built web app: static assets, then every page rendered on the server. */
export async function productionWeb(options: WebOptions, log: Logger): Promise<WebApp> {
  const clientDir = path.join(webDir, "dist", "client");
  const template = await readFile(path.join(clientDir, "index.html"), "utf8");
  const entryServer = path.join(webDir, "dist", "server", "entry-server.js");
  const { render } = (await import(pathToFileURL(entryServer).href)) as { render: Render };
  // The template links it; a render leaves its styles out of the page, but for a first visit (ADR 032).
  const sheet = await siteStylesheet();
  const firstVisit = { render, template: inlineStylesTemplate(template, sheet) };
  const linked = { render, template, sharedStyles: sheet.styles };
  // The build: the page template (its hashed asset names) and the server bundle that renders into it.
  const buildId = buildIdOf(template, await readFile(entryServer, "utf8"));
  const assets = express.static(clientDir, {
    index: false,
    setHeaders(res, file) {
      // Hashed file names never change content: cache them for a year.
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "public, max-age=3600");
    },
  });
  return webApp(
    [assets],
    { load: (_url, variant) => Promise.resolve(variant === "inline" ? firstVisit : linked), sheetHash: siteStylesheetHashOf(sheet.href) },
    options,
    log,
    async () => {},
    createPageCache({ buildId }),
  );
}

/** Development: Vite in middleware mode (hot module reload), pages rendered from source. */
export async function developmentWeb(httpServer: Server, options: WebOptions, log: Logger): Promise<WebApp> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    // The scripts Vite writes into the page (its client, React's refresh preamble) get the nonce too.
    html: { cspNonce: NONCE_PLACEHOLDER },
    appType: "custom",
  });
  const load = async (url: string) => {
    const raw = await readFile(path.join(webDir, "index.html"), "utf8");
    const template = await vite.transformIndexHtml(url, raw);
    const { render } = (await vite.ssrLoadModule("/src/entry-server.tsx")) as { render: Render };
    return { render, template };
  };
  return webApp(
    [vite.middlewares],
    { load },
    options,
    log,
    () => vite.close(),
    undefined,
    (err) => vite.ssrFixStacktrace(err),
  );
}
