import { Router, type Request } from "express";
import { absoluteUrl, services } from "@crawlguard/content";

/** Every public page, in the order a crawler should find them. */
export function publicPaths(): string[] {
  return ["/", "/services", ...services.map((s) => `/services/${s.id}`), "/about", "/contact", "/gallery"];
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

// A Host header is client input: only a plain host[:port] may become part of the answer.
const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** PUBLIC_URL when configured (it should be in production), else the origin the request reached. */
function siteUrl(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const host = req.get("host") ?? "";
  return `${req.protocol}://${PLAIN_HOST.test(host) ? host : "localhost"}`;
}

export function sitemapXml(base: string): string {
  const urls = publicPaths()
    .map((p) => `  <url><loc>${escapeXml(absoluteUrl(base, p))}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(base, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** /sitemap.xml and /robots.txt, generated from the content module (mounted before the web app). */
export function seoRoutes(publicUrl: string | undefined): Router {
  const router = Router();
  router.get("/sitemap.xml", (req, res) => {
    res
      .type("application/xml")
      .set("Cache-Control", "public, max-age=3600")
      .send(sitemapXml(siteUrl(req, publicUrl)));
  });
  router.get("/robots.txt", (req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(robotsTxt(siteUrl(req, publicUrl)));
  });
  return router;
}
