import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceIds } from "@crawlguard/content";
import { UTM_PARAMS } from "@crawlguard/validators";
import { buildIdOf, createPageCache, FORM_TOKEN_PLACEHOLDER } from "./page-cache.js";
import { NONCE_PLACEHOLDER } from "./csp.js";
import type { RunningServer } from "./server.js";
import { imageOf } from "@crawlguard/testing/images";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { ApiClient, newAccount, registerInvited, startTestServer, type TestServer, startServerOn } from "@crawlguard/testing/harness";
import { FORM_PAGE_CACHE_CONTROL, inlineStylesTemplate, PUBLIC_PAGE_CACHE_CONTROL, siteStylesheet, webDir, type PublicApi } from "./web.js";

// Public pages served from a render cache, the per-request parts (CSP nonce, the contact
// form's signed time) spliced in; invalidated on every instance when the published gallery changes.

const PUBLIC_URLS = [
  "/",
  "/services",
  ...serviceIds.map((id) => `/services/${id}`),
  "/about",
  "/contact",
  "/gallery",
  "/?utm_source=news&utm_campaign=spring",
  "/contact?utm_medium=cpc",
];
const FORM_PAGES = new Set(["/", "/contact"]);

/** What the first-touch attribution of a visit to `url` without a referrer is (contact-form.ts). */
function attributionOf(url: string): Record<string, string> {
  const { pathname, search, searchParams } = new URL(url, "http://page.invalid");
  const attribution: Record<string, string> = { landingPage: `${pathname}${search}` };
  for (const [param, field] of Object.entries(UTM_PARAMS)) {
    const value = searchParams.get(param);
    if (value) attribution[field] = value;
  }
  return attribution;
}

type Render = (input: Record<string, unknown>) => Promise<{ status: number; html: string }>;

/**
 * A GET (or HEAD) with exactly these headers. Not fetch(): with If-None-Match it adds
 * `Cache-Control: no-cache` (a reload, which a server answers in full) and it drops Host.
 */
function get(base: string, url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Headers; html: string; bytes: Buffer }>((resolve, reject) => {
    const req = http.request(new URL(url, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") h.set(name, value);
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: h, html: bytes.toString("utf8"), bytes });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
const tokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const headOf = (html: string) => /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";

describe("render cache of public pages", () => {
  let srv: TestServer;
  let render: Render;
  let template: string;
  let sheet: Awaited<ReturnType<typeof siteStylesheet>>;

  beforeAll(async () => {
    srv = await startTestServer({}, { withWeb: true });
    template = await readFile(path.join(webDir, "dist", "client", "index.html"), "utf8");
    sheet = await siteStylesheet();
    ({ render } = (await import(pathToFileURL(path.join(webDir, "dist", "server", "entry-server.js")).href)) as { render: Render });
  });
  afterAll(() => srv.stop());

  const cache = () => srv.running.web!.pageCache!;

  it("answers every public URL from the cache exactly as a fresh render with that answer's nonce and form time", async () => {
    const publicApi: PublicApi = {
      gallery: { published: async () => (await (await fetch(`${srv.url}/api/gallery`)).json()) as unknown[] },
    };
    // Both forms of each page (ADR 032): the stylesheet linked (a page of this site, or no
    // Sec-Fetch-Site), and a first visit's, with its CSS inline.
    const forms: Array<{ headers: Record<string, string>; template: () => string; sharedStyles: () => string[] | undefined }> = [
      { headers: {}, template: () => template, sharedStyles: () => sheet.styles },
      { headers: { "sec-fetch-site": "cross-site" }, template: () => inlineStylesTemplate(template, sheet), sharedStyles: () => undefined },
    ];
    for (const [url, form] of PUBLIC_URLS.flatMap((url) => forms.map((form) => [url, form] as const))) {
      await get(srv.url, url, form.headers); // rendered and kept
      const hits = cache().stats.hits;
      const cached = await get(srv.url, url, form.headers);
      expect(cache().stats.hits, url).toBe(hits + 1);
      expect(cached.status, url).toBe(200);
      const nonce = nonceOf(cached.headers)!;
      expect(nonce, url).toBeTruthy();
      expect(cached.html).not.toContain(NONCE_PLACEHOLDER);
      expect(cached.html).not.toContain(FORM_TOKEN_PLACEHOLDER);
      const token = tokenOf(cached.html);
      const { pathname } = new URL(url, srv.url);
      expect(token !== undefined, url).toBe(FORM_PAGES.has(pathname));

      const fresh = await render({
        url,
        template: form.template(),
        publicUrl: srv.url,
        publicApi,
        // As the server renders: the placeholder, then this answer's nonce in its place (the
        // first visit's template carries one too).
        nonce: NONCE_PLACEHOLDER,
        sharedStyles: form.sharedStyles(),
        ...(token ? { contactForm: { path: pathname, token, attribution: attributionOf(url) } } : {}),
      });
      expect(fresh.status, url).toBe(200);
      const freshHtml = fresh.html.replaceAll(NONCE_PLACEHOLDER, nonce);
      expect(headOf(cached.html), url).toBe(headOf(freshHtml));
      expect(jsonLdOf(cached.html), url).toEqual(jsonLdOf(freshHtml));
      // Byte for byte, but for the router's note of when each route's data was loaded (a time, which differs between any two renders).
      const sameTimes = (html: string) => html.replace(/\bu:\d{13}\b/g, "u:0");
      expect(sameTimes(cached.html) === sameTimes(freshHtml), url).toBe(true);
      expect(cached.html.length, url).toBe(freshHtml.length);
    }
    // JSON-LD is part of what was compared (the home page carries the business's).
    expect(jsonLdOf((await get(srv.url, "/")).html).length).toBeGreaterThan(0);
  });

  it("links one hashed, immutable site stylesheet from every page; no page repeats its CSS inline", async () => {
    const { href, styles } = await siteStylesheet();
    const name = /^\/assets\/site-([\w-]{10})\.css$/.exec(href);
    expect(name, href).not.toBeNull();
    const sheet = await get(srv.url, href, { "accept-encoding": "identity" });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toMatch(/^text\/css/);
    expect(sheet.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Named by its content: another content is another URL.
    expect(createHash("sha256").update(sheet.bytes).digest("base64url").slice(0, 10)).toBe(name![1]);
    const css = sheet.html;
    // Chakra's global CSS (reset, token variables) and the page styles it names in its last rule.
    expect(css).toContain("--chakra-colors-brand-600:");
    expect(css).toMatch(/@layer reset\b/);
    expect(css.endsWith(`#cg-site-stylesheet{--cg-styles:"${styles.join(" ")}"}`)).toBe(true);
    expect(styles.length).toBeGreaterThan(100);
    for (const style of styles) expect(css).toContain(`.cg-${style}`);
    // The page's CSP allows it (a style from this origin).
    const csp = (await get(srv.url, "/")).headers.get("content-security-policy") ?? "";
    expect(/(?:^|;)\s*style-src ([^;]*)/.exec(csp)?.[1]).toContain("'self'");

    const inlineCss = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    for (const url of [...PUBLIC_URLS, "/auth", "/no-such-page-h23"]) {
      for (const answer of [await get(srv.url, url), await get(srv.url, url)]) {
        const head = headOf(answer.html);
        expect(head.split(`<link rel="stylesheet" href="${href}"`).length - 1, url).toBe(1);
        expect(head, url).not.toContain("data-chakra-global");
        const inline = inlineCss(answer.html);
        expect(inline, url).not.toContain("--chakra-colors-brand-600:"); // the token variables
        expect(inline, url).not.toContain("@layer reset");
        for (const style of styles) expect(inline.includes(`.cg-${style}{`), `${url}: .cg-${style} inline`).toBe(false);
        // Every class the page uses has its rule: in the stylesheet or inline.
        const used = new Set([...answer.html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.match(/\bcg-[\w-]+/g) ?? []));
        expect(used.size, url).toBeGreaterThan(5);
        for (const cls of used) expect(css.includes(`.${cls}`) || inline.includes(`.${cls}`), `${url}: ${cls}`).toBe(true);
      }
    }
    // The public pages carry no inline CSS at all: their styles are all in the stylesheet.
    for (const url of PUBLIC_URLS) expect(inlineCss((await get(srv.url, url)).html), url).toBe("");
  });

  it("gives a first visit (a navigation from elsewhere) its CSS inline and the stylesheet to fetch after load; a page of this site links it", async () => {
    const { href, globalCss } = sheet;
    const css = (await get(srv.url, href, { "accept-encoding": "identity" })).html;
    expect(css.startsWith(globalCss)).toBe(true);
    expect(globalCss).toContain("--chakra-colors-brand-600:");
    const inlineCss = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    const classesOf = (html: string) => new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.match(/\bcg-[\w-]+/g) ?? []));
    for (const url of [...PUBLIC_URLS, "/auth", "/no-such-page-h23"]) {
      const linked = await get(srv.url, url, { "sec-fetch-site": "same-origin" });
      // Sec-Fetch-Site: a typed address or bookmark, a search engine's link, a sister site.
      for (const site of ["none", "cross-site", "same-site"]) {
        const first = await get(srv.url, url, { "sec-fetch-site": site });
        expect(first.status, url).toBe(linked.status);
        expect(first.headers.get("vary") ?? "", url).toMatch(/\bSec-Fetch-Site\b/i);
        const head = headOf(first.html);
        // Nothing render-blocking to fetch: no stylesheet link, Chakra's global CSS inline in its place.
        expect(head, url).not.toMatch(/<link rel="stylesheet"/);
        // With the answer's nonce: the policy takes inline styles by nonce only.
        const globalStyle = `<style data-chakra-global nonce="${nonceOf(first.headers)}">${globalCss}</style>`;
        expect(head.split(globalStyle).length - 1, `${url} (${site})`).toBe(1);
        // The stylesheet comes after the page has loaded (low priority), for the visit's next pages.
        expect(head.split(`<link rel="prefetch" href="${href}" data-cg-prefetch>`).length - 1, url).toBe(1);
        // Every class the page uses has its rule inline, and the page's own styles are all there is:
        // not the other pages' (the names rule of the stylesheet is not there either).
        const inline = inlineCss(first.html);
        const used = classesOf(first.html);
        expect(used.size, url).toBeGreaterThan(5);
        for (const cls of used) expect(inline.includes(`.${cls}`), `${url}: ${cls}`).toBe(true);
        expect(inline, url).not.toContain("#cg-site-stylesheet");
        const pageCss = inline.length - globalCss.length;
        expect(pageCss, url).toBeGreaterThan(0);
        expect(pageCss, url).toBeLessThan(css.length - globalCss.length);
        // The same page: the same classes, markup and head data once the CSS is set aside.
        expect([...used].sort(), url).toEqual([...classesOf(linked.html)].sort());
        const withoutCss = ({ html, headers }: typeof first) => {
          const token = tokenOf(html);
          return html
            .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
            .replace(/<link rel="(?:stylesheet|prefetch)" href="[^"]*" data-cg-(?:sheet|prefetch)>/g, "")
            .replaceAll(nonceOf(headers) ?? "no nonce", "NONCE")
            .replaceAll(token ?? "no token", "TOKEN")
            .replace(/\bu:\d{13}\b/g, "u:0");
        };
        expect(withoutCss(first), url).toBe(withoutCss(linked));
      }
      if (linked.status !== 200) continue;
      // A repeat visit's page (the stylesheet cached) is at most half of a first visit's.
      const firstVisit = await get(srv.url, url, { "sec-fetch-site": "none" });
      expect(linked.bytes.length, url).toBeLessThanOrEqual(firstVisit.bytes.length / 2);
    }
  });

  it("keeps a first visit's page and a linked one apart: each from the cache, each its own ETag", async () => {
    const url = "/services";
    const first = await get(srv.url, url, { "sec-fetch-site": "cross-site" });
    const linked = await get(srv.url, url, { "sec-fetch-site": "same-origin" });
    const hits = cache().stats.hits;
    const misses = cache().stats.misses;
    expect((await get(srv.url, url, { "sec-fetch-site": "none" })).html).toContain("data-chakra-global");
    expect((await get(srv.url, url)).html).not.toContain("data-chakra-global");
    expect(cache().stats.hits).toBe(hits + 2);
    expect(cache().stats.misses).toBe(misses);
    const [firstTag, linkedTag] = [first.headers.get("etag")!, linked.headers.get("etag")!];
    expect(firstTag).toMatch(/^"[\w-]+"$/);
    expect(firstTag).not.toBe(linkedTag);
    // A tag names one form: the other form's tag gets the full page.
    expect((await get(srv.url, url, { "sec-fetch-site": "none", "if-none-match": firstTag })).status).toBe(304);
    expect((await get(srv.url, url, { "sec-fetch-site": "none", "if-none-match": linkedTag })).status).toBe(200);
    expect((await get(srv.url, url, { "sec-fetch-site": "same-origin", "if-none-match": linkedTag })).status).toBe(304);
    expect((await get(srv.url, url, { "sec-fetch-site": "same-origin", "if-none-match": firstTag })).status).toBe(200);
    // A browser that holds this build's stylesheet says so by its cookie (the page writes it once
    // the file is there): a bookmark or a search result then gets the linked page.
    const hash = /site-([\w-]+)\.css/.exec(sheet.href)![1]!;
    for (const cookie of [`cg_sheet=${hash}`, `theme=dark; cg_sheet=${hash}; other=1`]) {
      for (const site of ["none", "cross-site"]) {
        const back = await get(srv.url, url, { "sec-fetch-site": site, cookie });
        expect(back.html, cookie).toContain("data-cg-sheet");
        expect(back.html, cookie).not.toContain("data-chakra-global");
        expect(back.headers.get("etag")).toBe(linkedTag);
      }
    }
    // Another build's stylesheet (or a made-up value) is not this one: the CSS comes inline.
    for (const cookie of ["cg_sheet=aaaaaaaaaa", `cg_sheet=${hash}x`, `xcg_sheet=${hash}`]) {
      expect((await get(srv.url, url, { "sec-fetch-site": "none", cookie })).html, cookie).toContain("data-chakra-global");
    }
    expect(first.headers.get("vary")).toMatch(/\bSec-Fetch-Site\b.*\bCookie\b/i);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    // The dashboard and sign-in, never cached, get the same two forms.
    expect((await get(srv.url, "/admin", { "sec-fetch-site": "none" })).html).toContain("<style data-chakra-global nonce=");
    expect((await get(srv.url, "/admin", { "sec-fetch-site": "same-origin" })).html).toContain("data-cg-sheet");
  });

  it("never gives two visitors the same nonce or form token", async () => {
    const seenNonces = new Set<string>();
    const seenTokens = new Set<string>();
    for (const url of ["/", "/contact", "/about"]) {
      for (let visitor = 0; visitor < 3; visitor++) {
        await new Promise((resolve) => setTimeout(resolve, 3)); // a signed time has millisecond resolution
        const page = await get(srv.url, url);
        const nonce = nonceOf(page.headers)!;
        expect(seenNonces.has(nonce)).toBe(false);
        seenNonces.add(nonce);
        // The nonce of the header is the one in the page's scripts.
        expect(page.html).toContain(`nonce="${nonce}"`);
        const token = tokenOf(page.html);
        if (FORM_PAGES.has(url)) {
          expect(seenTokens.has(token!)).toBe(false);
          seenTokens.add(token!);
          // The spliced-in time is a valid one: the script-less form accepts it.
          expect(srv.running.web!.formTokens.verify("contact-form-shown", token, 60_000).ok).toBe(true);
        }
      }
    }
    expect(seenTokens.size).toBe(6);
  });

  it("answers a matching If-None-Match with 304 (no body, no new CSP header) and a strong ETag", async () => {
    for (const url of ["/services", "/gallery", "/contact"]) {
      const first = await get(srv.url, url);
      const etag = first.headers.get("etag")!;
      expect(etag, url).toMatch(/^"[\w-]+"$/); // strong: no W/
      expect(first.headers.get("cache-control"), url).toBe(url === "/contact" ? FORM_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL);
      const again = await get(srv.url, url);
      expect(again.headers.get("etag"), url).toBe(etag);
      const rendered = cache().stats.misses;
      const notModified = await get(srv.url, url, { "if-none-match": etag });
      expect(notModified.status, url).toBe(304);
      expect(notModified.html).toBe("");
      expect(notModified.headers.get("etag")).toBe(etag);
      expect(notModified.headers.get("content-security-policy")).toBeNull();
      expect(cache().stats.misses).toBe(rendered);
      expect((await get(srv.url, url, { "if-none-match": `W/${etag}, "other"` })).status).toBe(304); // weak comparison, as RFC 9110 says for GET
      const other = await get(srv.url, url, { "if-none-match": '"not-this-one"' });
      expect(other.status).toBe(200);
      expect(other.html.length).toBeGreaterThan(1000);
      expect((await get(srv.url, url, { "if-none-match": etag }, "HEAD")).status).toBe(304);
      // A reload (Cache-Control: no-cache) is answered in full, from the cache.
      const reload = await get(srv.url, url, { "if-none-match": etag, "cache-control": "no-cache" });
      expect(reload.status).toBe(200);
      expect(cache().stats.misses).toBe(rendered);
    }
  });

  it("answers gzip (a client that takes it) from the kept compressed parts: the same page once unzipped, its own nonce and time", async () => {
    for (const url of ["/", "/contact", "/services", "/gallery"]) {
      const plain = await get(srv.url, url);
      const zipped = await get(srv.url, url, { "accept-encoding": "gzip, deflate, br" });
      expect(zipped.headers.get("content-encoding"), url).toBe("gzip");
      expect(zipped.headers.get("vary") ?? "", url).toMatch(/Accept-Encoding/i);
      expect(Number(zipped.headers.get("content-length")), url).toBe(zipped.bytes.length);
      expect(zipped.bytes.length, url).toBeLessThan(plain.bytes.length / 4);
      const unzipped = gunzipSync(zipped.bytes).toString("utf8"); // checks the CRC-32 and length too
      const nonce = nonceOf(zipped.headers)!;
      expect(nonce).not.toBe(nonceOf(plain.headers));
      expect(unzipped).toContain(`nonce="${nonce}"`);
      let same = unzipped.replaceAll(nonce, nonceOf(plain.headers)!);
      const token = tokenOf(unzipped);
      if (token) {
        expect(srv.running.web!.formTokens.verify("contact-form-shown", token, 60_000).ok).toBe(true);
        same = same.replaceAll(token, tokenOf(plain.html)!);
      }
      expect(same === plain.html, url).toBe(true);
      // Its own validator: a 304 only for the gzip tag with gzip.
      const etag = zipped.headers.get("etag")!;
      expect(etag).not.toBe(plain.headers.get("etag"));
      expect((await get(srv.url, url, { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(304);
      expect((await get(srv.url, url, { "if-none-match": etag })).status).toBe(200);
    }
  });

  it("keeps no 404, no redirect and no dashboard page; a 404 never becomes a 200 for the next visitor", async () => {
    const before = cache().size;
    for (let i = 0; i < 2; i++) {
      const missing = await get(srv.url, "/no-such-page-h10");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("etag") ?? "W/").toMatch(/^W\//); // never the cache's strong tag
      expect(missing.headers.get("cache-control")).toBe("no-cache");
      const unknownService = await get(srv.url, "/services/no-such-service");
      expect(unknownService.status).toBe(404);
      const admin = await get(srv.url, "/admin");
      expect(admin.headers.get("cache-control")).toBe("no-cache");
      expect(admin.headers.get("etag") ?? "W/").toMatch(/^W\//);
    }
    expect(cache().size).toBe(before);
  });

  it("never keeps a script-less form's error page or its success notice for others", async () => {
    const name = `Kept Nowhere ${Date.now()}`;
    const page = await get(srv.url, "/contact");
    const refused = await fetch(`${srv.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: srv.url, "x-forwarded-for": "203.0.113.77" },
      body: new URLSearchParams({ name, email: "not-an-email", formToken: tokenOf(page.html)! }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("etag") ?? "W/").toMatch(/^W\//);
    expect(await refused.text()).toContain(name);
    for (const url of ["/contact", "/"]) {
      const next = await get(srv.url, url);
      expect(next.status).toBe(200);
      expect(next.html).not.toContain(name);
    }
    // The "sent" link's notice is rendered for its request only.
    const sent = srv.running.web!.formTokens.issue("contact-form-sent");
    const size = cache().size;
    const notice = await get(srv.url, `/contact?sent=${sent}`);
    expect(notice.html).toContain("Thank you!");
    expect(notice.headers.get("etag") ?? "W/").toMatch(/^W\//);
    expect(cache().size).toBe(size);
    expect((await get(srv.url, "/contact")).html).not.toContain("Thank you! We received");
  });

  it("keys the cache by the public origin: another Host header is another page (no cache poisoning of canonical URLs)", async () => {
    const mine = await get(srv.url, "/about");
    const other = await get(srv.url, "/about", { host: "evil.example" });
    expect(other.html).toContain("http://evil.example/about");
    expect(mine.html).not.toContain("evil.example");
    expect((await get(srv.url, "/about")).html).not.toContain("evil.example");
  });
});

describe("a deploy serves the new build's pages", () => {
  it("gives the same page another ETag under another build (template with its stylesheet, or server bundle), so an old tag gets the full page", () => {
    const html = "<!doctype html><html><head></head><body>same page</body></html>";
    const template = (sheet: string) => `<head><link rel="stylesheet" href="/assets/site-${sheet}.css" data-cg-sheet></head>`;
    const builds = [
      buildIdOf(template("aaaaaaaaaa"), "bundle 1"),
      buildIdOf(template("bbbbbbbbbb"), "bundle 1"),
      buildIdOf(template("aaaaaaaaaa"), "bundle 2"),
    ];
    expect(new Set(builds).size).toBe(3);
    const etags = builds.map((buildId) => createPageCache({ buildId }).set("/", html, 0)!.etag);
    expect(new Set(etags).size).toBe(3);
    // The same build and page: the same tag on every instance.
    expect(createPageCache({ buildId: builds[0]! }).set("/", html, 0)!.etag).toBe(etags[0]);
  });
});

/** A published photo's title as it shows on /gallery. */
async function publishPhoto(staff: ApiClient, title: string, isPublished = true) {
  const { done } = await uploadThrough(staff, "rest", await imageOf("jpeg"));
  expect(done?.status).toBe(200);
  const res = await staff.call("rest", "gallery.create", { title, altText: `${title} alt`, imageUrl: done!.body.imageUrl, isPublished });
  expect(res.status).toBe(200);
  return res.body as { id: string };
}

describe("gallery changes reach the cached pages at once", () => {
  let srv: TestServer;
  let second: RunningServer | undefined;
  let secondDir: string | undefined;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer({}, { withWeb: true });
    const admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, "rest", newAccount("gallery"))).status).toBe(200);
    if (srv.testDb.databaseUrl) {
      // A second instance on the same PostgreSQL database (its own DATA_DIR), as behind a load balancer.
      secondDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-h10-"));
      second = await startServerOn({ dataDir: secondDir, databaseUrl: srv.testDb.databaseUrl }, {}, { withWeb: true });
    }
  });
  afterAll(async () => {
    await second?.stop();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
    await srv.stop();
  });

  /** Every instance's /gallery and home page, each read once before (so cached) the change. */
  const instances = () => [srv.url, ...(second ? [second.url] : [])];

  async function expectEverywhere(check: (galleryHtml: string) => void) {
    // The NOTIFY reaches the other instances a moment after the commit: wait for it, never for a timer of ours.
    const deadline = Date.now() + 5_000;
    for (const base of instances()) {
      for (;;) {
        const html = (await get(base, "/gallery")).html;
        try {
          check(html);
          break;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }
  }

  it("publish, edit, reorder, unpublish and delete each show on /gallery of every instance", async () => {
    if (process.env.TEST_DATABASE_URL) expect(second).toBeDefined();
    for (const base of instances()) expect((await get(base, "/gallery")).status).toBe(200);
    // Cached now on each instance.
    for (const base of instances()) expect((await get(base, "/gallery")).html).not.toContain("Vapor barrier H10");

    const caches = [srv.running.web!.pageCache!, ...(second ? [second.web!.pageCache!] : [])];
    for (const cache of caches) expect(cache.stats.hits).toBeGreaterThan(0); // /gallery came from the cache
    const heard = caches.map((cache) => cache.stats.invalidations);

    const a = await publishPhoto(staff, "Vapor barrier H10");
    await expectEverywhere((html) => expect(html).toContain("Vapor barrier H10"));

    // Each instance dropped its pages because the database said so (the other one never saw the request).
    caches.forEach((cache, i) => expect(cache.stats.invalidations).toBeGreaterThan(heard[i]!));

    const b = await publishPhoto(staff, "Sump pump H10");
    await expectEverywhere((html) => expect(html).toContain("Sump pump H10"));

    expect((await staff.call("rest", "gallery.update", { id: a.id, title: "Vapor barrier edited H10" })).status).toBe(200);
    await expectEverywhere((html) => expect(html).toContain("Vapor barrier edited H10"));

    const order = (html: string) => [html.indexOf("Sump pump H10"), html.indexOf("Vapor barrier edited H10")];
    expect((await staff.call("rest", "gallery.reorder", { ids: [b.id, a.id] })).status).toBe(200);
    await expectEverywhere((html) => {
      const [sump, vapor] = order(html);
      expect(sump).toBeGreaterThan(-1);
      expect(sump).toBeLessThan(vapor!);
    });
    expect((await staff.call("rest", "gallery.reorder", { ids: [a.id, b.id] })).status).toBe(200);
    await expectEverywhere((html) => {
      const [sump, vapor] = order(html);
      expect(vapor).toBeLessThan(sump!);
    });

    expect((await staff.call("rest", "gallery.update", { id: a.id, isPublished: false })).status).toBe(200);
    await expectEverywhere((html) => expect(html).not.toContain("Vapor barrier edited H10"));

    expect((await staff.call("rest", "gallery.delete", { id: b.id })).status).toBe(200);
    await expectEverywhere((html) => expect(html).not.toContain("Sump pump H10"));

    // A draft changes nothing a visitor sees, and the pages are cached again afterwards.
    await publishPhoto(staff, "Draft H10", false);
    await expectEverywhere((html) => expect(html).not.toContain("Draft H10"));
    const web = srv.running.web!.pageCache!;
    const hits = web.stats.hits;
    await get(srv.url, "/gallery");
    await get(srv.url, "/gallery");
    expect(web.stats.hits).toBeGreaterThan(hits);
  });

  it("a render that started before a change is not kept after it", () => {
    const web = srv.running.web!;
    const generation = web.pageCache!.generation;
    web.invalidatePages!();
    expect(web.pageCache!.generation).toBe(generation + 1);
    expect(web.pageCache!.set("stale", "<html>old</html>", generation)).toBeDefined();
    expect(web.pageCache!.get("stale")).toBeUndefined();
  });
});
