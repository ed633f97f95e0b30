import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

// The policy the server sends with its pages (csp.ts, ADR 034): no directive allows a whole scheme
// such as https:, and <style> elements need the response's nonce, which every style element the
// server writes carries (emotion's critical CSS, Chakra's global CSS on a first visit) and the page
// names for the styles the app inserts later. Style attributes keep 'unsafe-inline', and only they.

/** A GET with exactly these headers (fetch would add Cache-Control to a conditional request). */
function get(base: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; html: string }>((resolve, reject) => {
    const req = http.request(new URL(url, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, html: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function policyOf(header: string | string[] | null | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The policy holds for styles and fonts, and names no whole scheme; returns the response's nonce. */
function expectTightPolicy(header: string | string[] | null | undefined, what: string): string {
  const policy = policyOf(header);
  expect(policy.size, what).toBeGreaterThan(5);
  for (const [name, values] of policy) expect(values, `${what}: ${name}`).not.toContain("https:");
  for (const [name, values] of policy) expect(values, `${what}: ${name}`).not.toContain("http:");
  const nonce = /^'nonce-([A-Za-z0-9+/=]{24,})'$/.exec(policy.get("style-src-elem")?.find((v) => v.startsWith("'nonce-")) ?? "")?.[1];
  expect(nonce, what).toBeDefined();
  expect(policy.get("style-src-elem"), what).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(policy.get("style-src"), what).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(policy.get("style-src-attr"), what).toEqual(["'unsafe-inline'"]);
  expect(policy.get("font-src"), what).toEqual(["'self'"]);
  expect(policy.get("script-src"), what).toContain(`'nonce-${nonce}'`);
  return nonce!;
}

/** Every <style> element of the page carries the nonce, and the page names it for the app's own. */
function expectStylesByNonce(html: string, nonce: string, what: string, { styles = true } = {}): void {
  const tags = [...html.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]!);
  if (styles) expect(tags.length, what).toBeGreaterThan(0);
  for (const attrs of tags) expect(attrs, what).toContain(` nonce="${nonce}"`);
  expect(html.split(`<meta property="csp-nonce" nonce="${nonce}">`).length - 1, what).toBe(1);
  expect(html, what).not.toContain("cspNonce");
}

describe("Content-Security-Policy for styles and fonts", () => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer({}, { withWeb: true });
    admin = new ApiClient(srv.url);
    const registered = await admin.call("trpc", "auth.register", newAccount("first"));
    expect(registered.status).toBe(200);
  });
  afterAll(() => srv.stop());

  // A first visit (a navigation from elsewhere) gets its CSS inline, a navigation within the site
  // gets the page that links the site stylesheet (ADR 032): both forms, from the cache and not.
  const forms = { "first visit": { "sec-fetch-site": "none" }, linked: { "sec-fetch-site": "same-origin" } };

  it.each(["/", "/services", "/about", "/contact", "/gallery", "/no-such-page"])(
    "%s: <style> elements by the response's nonce, in both forms of the page",
    async (url) => {
      for (const [form, headers] of Object.entries(forms)) {
        // Twice: a render, then the kept page with a new nonce spliced in.
        for (const round of [1, 2]) {
          const res = await get(srv.url, url, headers);
          const what = `${url} (${form}, ${round})`;
          const nonce = expectTightPolicy(res.headers["content-security-policy"], what);
          // The linked form of a public page carries no inline CSS at all: it is all in the site stylesheet.
          expectStylesByNonce(res.html, nonce, what, { styles: form === "first visit" || url === "/no-such-page" });
          if (form === "first visit") expect(res.html, what).toContain(`<style data-chakra-global nonce="${nonce}">`);
        }
      }
    },
  );

  it("a kept page keeps its strong ETag and its 304 while each answer has its own nonce", async () => {
    const first = await get(srv.url, "/about", forms["first visit"]);
    const again = await get(srv.url, "/about", forms["first visit"]);
    const [a, b] = [first, again].map((res) => expectTightPolicy(res.headers["content-security-policy"], "/about"));
    expect(a).not.toBe(b);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The same bytes but for the nonce.
    expect(again.html.replaceAll(b!, "N")).toBe(first.html.replaceAll(a!, "N"));
    const notModified = await get(srv.url, "/about", { ...forms["first visit"], "if-none-match": first.headers.etag! });
    expect(notModified.status).toBe(304);
    // The browser keeps its page with the nonce of the policy it came with: no new policy.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
  });

  it("the sign-in page and the dashboard: styles by nonce", async () => {
    for (const [form, headers] of Object.entries(forms)) {
      for (const url of ["/auth", "/admin"]) {
        const res = await get(srv.url, url, headers);
        const nonce = expectTightPolicy(res.headers["content-security-policy"], `${url} (${form})`);
        expectStylesByNonce(res.html, nonce, `${url} (${form})`);
      }
    }
    // Signed in, the dashboard's shell likewise (its screens' styles are inserted by the app with the nonce).
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await get(srv.url, "/admin", { cookie });
    expect(res.status).toBe(200);
    const nonce = expectTightPolicy(res.headers["content-security-policy"], "/admin signed in");
    expectStylesByNonce(res.html, nonce, "/admin signed in");
  });

  it("the API reference (swagger-ui) needs nothing inline: its stylesheet and scripts are files of this site", async () => {
    const res = await get(srv.url, "/api/docs");
    expect(res.status).toBe(200);
    expectTightPolicy(res.headers["content-security-policy"], "/api/docs");
    expect(res.html).not.toMatch(/<style\b/);
    expect(res.html).not.toMatch(/<script(?![^>]*\bsrc="\/api\/docs\/)/);
    expect(res.html).not.toMatch(/\bstyle="/);
    for (const asset of [/href="(\/api\/docs\/assets\/[^"]+\.css)"/, /src="(\/api\/docs\/assets\/[^"]+\.js)"/]) {
      const href = asset.exec(res.html)?.[1];
      expect(href).toBeDefined();
      expect((await get(srv.url, href!)).status).toBe(200);
    }
  });

  it.each(doors)("answers through the %s door carry the same policy", async (door) => {
    const res = await admin.call(door, "auth.me");
    expect(res.status).toBe(200);
    expectTightPolicy(res.headers.get("content-security-policy"), door);
  });
});
