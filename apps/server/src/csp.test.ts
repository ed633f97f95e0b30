import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { cspDirectives, cspNonce, NONCE_PLACEHOLDER, s3BrowserOrigins, withNonce } from "./csp.js";

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
