import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express, { type Request, type RequestHandler } from "express";
import type { Logger } from "pino";

/** The contract of apps/web/src/entry-server.tsx. */
type Render = (input: {
  url: string;
  template: string;
  publicUrl: string;
  turnstileSiteKey?: string | undefined;
}) => Promise<{ status: number; html: string; redirect?: string }>;

/** What every page render gets from the server's configuration. */
export interface WebOptions {
  publicUrl: string | undefined;
  turnstileSiteKey: string | undefined;
}

export interface WebApp {
  handlers: RequestHandler[];
  close(): Promise<void>;
}

export const webDir = path.dirname(createRequire(import.meta.url).resolve("@crawlguard/web/package.json"));

function publicUrlFor(req: Request, configured: string | undefined): string {
  return (configured ?? `${req.protocol}://${req.get("host")}`).replace(/\/$/, "");
}

function renderHandler(
  load: (url: string) => Promise<{ render: Render; template: string }>,
  { publicUrl, turnstileSiteKey }: WebOptions,
  log: Logger,
  onError?: (err: Error) => void,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const { render, template } = await load(req.originalUrl);
      const { status, html, redirect } = await render({
        url: req.originalUrl,
        template,
        publicUrl: publicUrlFor(req, publicUrl),
        turnstileSiteKey,
      });
      if (redirect && status >= 300 && status < 400) return res.redirect(status, redirect);
      res.status(status).type("html").set("Cache-Control", "no-cache").send(html);
    } catch (err) {
      onError?.(err as Error);
      log.error({ err, url: req.originalUrl }, "page render failed");
      res.status(500).type("text").send("Something went wrong on our side. Please try again.");
    }
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
  return { handlers: [assets, renderHandler(async () => ({ render, template }), options, log)], close: async () => {} };
}

/** Development: Vite in middleware mode (hot module reload), pages rendered from source. */
export async function developmentWeb(httpServer: Server, options: WebOptions, log: Logger): Promise<WebApp> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const load = async (url: string) => {
    const raw = await readFile(path.join(webDir, "index.html"), "utf8");
    const template = await vite.transformIndexHtml(url, raw);
    const { render } = (await vite.ssrLoadModule("/src/entry-server.tsx")) as { render: Render };
    return { render, template };
  };
  return {
    handlers: [vite.middlewares, renderHandler(load, options, log, (err) => vite.ssrFixStacktrace(err))],
    close: () => vite.close(),
  };
}
