import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AuthFormServerState, ContactFormServerState } from "@crawlguard/validators";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import { contactFormStateFor } from "./contact-form.js";
import { NONCE_PLACEHOLDER, withNonce } from "./csp.js";
import { createFormTokens, type FormTokens } from "./form-tokens.js";
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
}) => Promise<{ status: number; html: string; redirect?: string }>;

/**
 * What public pages read while they render (mirrors `PublicApi` of the web app): procedures called
 * in-process through a tRPC caller with the request's own context, never over HTTP.
 */
export interface PublicApi {
  gallery: { published(): Promise<unknown[]> };
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
  close(): Promise<void>;
}

export const webDir = path.dirname(createRequire(import.meta.url).resolve("@crawlguard/web/package.json"));

function publicUrlFor(req: Request, configured: string | undefined): string {
  return (configured ?? `${req.protocol}://${req.get("host")}`).replace(/\/$/, "");
}

type Load = (url: string) => Promise<{ render: Render; template: string }>;

/** Renders the page at the request's URL; `answer` overrides a 200 (a form post's outcome). */
function pageRenderer(
  load: Load,
  { publicUrl, turnstileSiteKey }: WebOptions,
  log: Logger,
  publicApiFor: () => PublicApiFor | undefined,
  onError?: (err: Error) => void,
) {
  return async (
    req: Request,
    res: Response,
    contactForm: ContactFormState | undefined,
    answer?: number,
    authForm?: AuthFormServerState,
  ): Promise<void> => {
    try {
      const { render, template } = await load(req.originalUrl);
      const { status, html, redirect } = await render({
        url: req.originalUrl,
        template,
        publicUrl: publicUrlFor(req, publicUrl),
        turnstileSiteKey,
        contactForm,
        authForm,
        publicApi: publicApiFor()?.(req, res),
        nonce: NONCE_PLACEHOLDER,
      });
      if (redirect && status >= 300 && status < 400) return res.redirect(status, redirect);
      if (!res.get("Cache-Control")) res.set("Cache-Control", "no-cache");
      res
        .status(answer !== undefined && status === 200 ? answer : status)
        .type("html")
        .send(withNonce(html, res));
    } catch (err) {
      onError?.(err as Error);
      log.error({ err, url: redactUrl(req.originalUrl) }, "page render failed");
      res.status(500).type("text").send("Something went wrong on our side. Please try again.");
    }
  };
}

function webApp(
  handlers: RequestHandler[],
  load: Load,
  options: WebOptions,
  log: Logger,
  close: () => Promise<void>,
  onError?: (err: Error) => void,
): WebApp {
  const formTokens = createFormTokens(options.formSecret);
  let publicApiFor: PublicApiFor | undefined;
  const renderPage = pageRenderer(load, options, log, () => publicApiFor, onError);
  const pages: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    return renderPage(req, res, contactFormStateFor(req, formTokens));
  };
  return {
    handlers: [...handlers, pages],
    renderPage: (req, res, status, contactForm, authForm) => renderPage(req, res, contactForm, status, authForm),
    formTokens,
    setPublicApi: (given) => {
      publicApiFor = given;
    },
    close,
  };
}

/** Serves the built web app: static assets, then every page rendered on the server. */
export async function productionWeb(options: WebOptions, log: Logger): Promise<WebApp> {
  const clientDir = path.join(webDir, "dist", "client");
  const template = await readFile(path.join(clientDir, "index.html"), "utf8");
  const { render } = (await import(pathToFileURL(path.join(webDir, "dist", "server", "entry-server.js")).href)) as { render: Render };
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
    () => Promise.resolve({ render, template }),
    options,
    log,
    async () => {},
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
    load,
    options,
    log,
    () => vite.close(),
    (err) => vite.ssrFixStacktrace(err),
  );
}
