import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { cspDirectives, cspNonce, cspOptions, type CspOptions, NONCE_PLACEHOLDER, s3BrowserOrigins, withNonce } from "./csp.js";

const fakeResponse = () => ({ locals: {} }) as unknown as ServerResponse;

describe("nonces", () => {
  it("are made once per response, random, and put in place of every placeholder", () => {
    const a = fakeResponse();
    const b = fakeResponse();
    expect(cspNonce(a)).toBe(cspNonce(a));
    expect(cspNonce(a)).not.toBe(cspNonce(b));
    expect(cspNonce(a)).toMatch(/^[A-Za-z0-9+/]{24}$/);
    const html = `<script nonce="${NONCE_PLACEHOLDER}">1</script><script nonce="${NONCE_PLACEHOLDER}">2</script>`;
    expect(withNonce(html, a)).toBe(`<script nonce="${cspNonce(a)}">1</script><script nonce="${cspNonce(a)}">2</script>`);
  });

  it("are named in script-src, without 'unsafe-inline'", () => {
    const res = fakeResponse();
    const directives = cspDirectives({ s3Origins: [], development: false, https: false });
    const scriptSrc = directives["script-src"].map((v) => (typeof v === "function" ? v({} as IncomingMessage, res) : v));
    expect(scriptSrc).toEqual(["'self'", `'nonce-${cspNonce(res)}'`, "https://challenges.cloudflare.com"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(cspDirectives({ s3Origins: [], development: true, https: false })["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
  });
});

describe("the S3 origins a browser talks to", () => {
  const base = { bucket: "photos", region: "eu-west-1", endpoint: undefined, forcePathStyle: false, publicUrl: undefined };
  it("are none without a bucket", () => {
    expect(s3BrowserOrigins({ ...base, bucket: undefined, endpoint: "https://s3.example.com" })).toEqual([]);
  });
  it("are AWS's virtual-hosted or path-style host without an endpoint", () => {
    expect(s3BrowserOrigins(base)).toEqual(["https://photos.s3.eu-west-1.amazonaws.com"]);
    expect(s3BrowserOrigins({ ...base, forcePathStyle: true })).toEqual(["https://s3.eu-west-1.amazonaws.com"]);
  });
  it("are the endpoint (path style) and the bucket's host on it, plus S3_PUBLIC_URL's origin", () => {
    expect(s3BrowserOrigins({ ...base, endpoint: "http://minio.local:9000/", forcePathStyle: true })).toEqual(["http://minio.local:9000"]);
    expect(s3BrowserOrigins({ ...base, endpoint: "https://r2.example.com", publicUrl: "https://cdn.example.com/g/" })).toEqual([
      "https://r2.example.com",
      "https://photos.r2.example.com",
      "https://cdn.example.com",
    ]);
  });
});

/** The header helmet builds from cspOptions (the app's configuration), with the response's nonce. */
function builtPolicy(options: CspOptions): { directives: Map<string, string[]>; nonce: string } {
  const headers = new Map<string, string>();
  const res = { locals: {}, setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
  let passed = false;
  helmet.contentSecurityPolicy(cspOptions(options))({} as IncomingMessage, res as unknown as ServerResponse, () => {
    passed = true;
  });
  expect(passed).toBe(true);
  const directives = new Map<string, string[]>();
  for (const part of (headers.get("content-security-policy") ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return { directives, nonce: cspNonce(res as unknown as ServerResponse) };
}

describe("the built Content-Security-Policy header", () => {
  const configurations: [string, CspOptions][] = [
    ["defaults", { s3Origins: [], development: false, https: false }],
    [
      "S3 and https",
      { s3Origins: ["https://photos.s3.eu-west-1.amazonaws.com", "https://cdn.example.com"], development: false, https: true },
    ],
    ["development", { s3Origins: [], development: true, https: false }],
  ];

  it.each(configurations)("%s: no directive allows a whole scheme such as https:", (_name, options) => {
    const { directives } = builtPolicy(options);
    expect(directives.size).toBeGreaterThan(5);
    for (const [name, values] of directives) {
      for (const value of values) expect(value, name).not.toMatch(/^https?:$/);
    }
    // The only scheme sources: images and S3 files as data or blob URLs; WebSockets in development only.
    const schemes = [...directives].flatMap(([name, values]) => values.filter((v) => /^[a-z]+:$/.test(v)).map((v) => `${name} ${v}`));
    expect(schemes).toEqual(["img-src data:", "img-src blob:", ...(options.development ? ["connect-src ws:", "connect-src wss:"] : [])]);
  });

  it.each(configurations)("%s: <style> elements by nonce, 'unsafe-inline' only for style attributes", (_name, options) => {
    const { directives, nonce } = builtPolicy(options);
    expect(directives.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives.get("style-src-elem")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(directives.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "https://challenges.cloudflare.com"]);
    expect(directives.get("script-src-attr")).toEqual(["'none'"]);
    const unsafe = [...directives].filter(([, values]) => values.includes("'unsafe-inline'")).map(([name]) => name);
    expect(unsafe).toEqual(["style-src-attr"]);
  });

  it("names the origins the pages use and no other", () => {
    const { directives } = builtPolicy({ s3Origins: ["https://cdn.example.com"], development: false, https: true });
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("font-src")).toEqual(["'self'"]);
    expect(directives.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.example.com"]);
    expect(directives.get("frame-src")).toEqual(["'self'", "https://www.openstreetmap.org", "https://challenges.cloudflare.com"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.has("upgrade-insecure-requests")).toBe(true);
  });
});
