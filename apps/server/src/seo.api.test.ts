import http from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoogleCalendar } from "@crawlguard/api";
import type { Auth } from "@crawlguard/auth";
import { serviceIds } from "@crawlguard/content";
import type { Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import { createApp } from "./app.js";
import { loadEnv } from "./env.js";
import { createFormTokens } from "./form-tokens.js";

const PATHS = ["/", "/services", ...serviceIds.map((id) => `/services/${id}`), "/about", "/contact", "/gallery"];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

/**
 * The real app, with a web app that would answer every path: proves the SEO routes are mounted
 * before it. These routes touch neither the database nor sessions, so none is started.
 */
async function startApp(env: Record<string, string>) {
  const app = createApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }),
    sql: {} as Sql,
    auth: {} as Auth,
    logger: pino({ level: "silent" }),
    storage: {} as ObjectStorage,
    google: {} as GoogleCalendar,
    web: {
      handlers: [(_req, res) => void res.type("html").send("<!doctype html><p>web app</p>")],
      renderPage: (_req, res) => {
        res.type("html").send("<!doctype html><p>web app</p>");
        return Promise.resolve();
      },
      formTokens: createFormTokens(),
      setPublicApi: () => {},
      close: async () => {},
    },
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("sitemap.xml and robots.txt", () => {
  let site: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    site = await startApp({ PUBLIC_URL: "https://www.crawlguardnc.com/" });
  });
  afterAll(() => site.close());

  it("lists every public page as an absolute URL of PUBLIC_URL", async () => {
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(xml)).toEqual(PATHS.map((p) => `https://www.crawlguardnc.com${p}`));
    expect(locs(xml)).toHaveLength(11);
  });

  it("allows crawling except the dashboard, sign-in and API, and points to the sitemap", async () => {
    const res = await fetch(`${site.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\n\nSitemap: https://www.crawlguardnc.com/sitemap.xml\n",
    );
    // Everything else still reaches the web app.
    expect(await (await fetch(`${site.url}/about`)).text()).toContain("web app");
  });

  it("falls back to the origin the request reached when PUBLIC_URL is not set", async () => {
    const bare = await startApp({});
    try {
      const xml = await (await fetch(`${bare.url}/sitemap.xml`)).text();
      expect(locs(xml)).toEqual(PATHS.map((p) => `${bare.url}${p}`));
      const robots = await (await fetch(`${bare.url}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${bare.url}/sitemap.xml`);
    } finally {
      await bare.close();
    }
  });
});
