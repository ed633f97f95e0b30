import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";

/**
 * Content-Security-Policy without 'unsafe-inline' for scripts and for `<style>` elements (ADR 017,
 * 034). Pages carry inline scripts and styles only where the server renders them (TanStack
 * Router's hydration data, the page's emotion styles and Chakra's global CSS, the Vite client in
 * development) or where the app inserts them with the page's nonce (emotion's cache): each
 * response gets a fresh random nonce, named in the header and given to exactly those elements.
 * Everything else is a file from this origin ('self'), Turnstile or the S3 storage. No directive
 * names a whole scheme such as `https:`.
 */

/**
 * What the page render writes where a nonce goes. web.ts swaps it for the response's nonce in ONE
 * place (withNonce), so a rendered page can be kept (a page cache) and served with a new nonce
 * each time. Only letters and digits: it passes through HTML attribute escaping unchanged.
 */
export const NONCE_PLACEHOLDER = "cspNonceH5PlaceholderX7q2";

type AnyResponse = Response | ServerResponse;

/** The nonce of this response: made on first use (the CSP header or the page, whichever comes first). */
export function cspNonce(res: AnyResponse): string {
  const locals = ((res as Response).locals ??= {}) as { cspNonce?: string };
  return (locals.cspNonce ??= randomBytes(18).toString("base64"));
}

/** The rendered page with this response's nonce in place of NONCE_PLACEHOLDER. */
export function withNonce(html: string, res: AnyResponse): string {
  return html.replaceAll(NONCE_PLACEHOLDER, cspNonce(res));
}

export interface CspOptions {
  /** Origins of S3 storage the browser uploads to and loads gallery files from. */
  s3Origins: string[];
  /** Development: Vite's hot module reload talks over a WebSocket to this server. */
  development: boolean;
  https: boolean;
}

const TURNSTILE = "https://challenges.cloudflare.com";

/** The S3 settings that decide where browsers upload to and load gallery files from. */
export interface S3BrowserSettings {
  bucket: string | undefined;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  publicUrl: string | undefined;
}

/**
 * The origins browsers talk to for S3 storage: the bucket's upload origin as the AWS SDK presigns
 * it (path style: the endpoint; virtual-hosted: bucket.endpoint, or bucket.s3.region.amazonaws.com
 * without an endpoint) and S3_PUBLIC_URL's. None without a bucket.
 */
export function s3BrowserOrigins({ bucket, region, endpoint, forcePathStyle, publicUrl }: S3BrowserSettings): string[] {
  if (!bucket) return [];
  const origins = new Set<string>();
  if (endpoint) {
    const url = new URL(endpoint);
    origins.add(url.origin);
    if (!forcePathStyle) origins.add(`${url.protocol}//${bucket}.${url.host}`);
  } else {
    origins.add(forcePathStyle ? `https://s3.${region}.amazonaws.com` : `https://${bucket}.s3.${region}.amazonaws.com`);
  }
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return [...origins];
}

/** The nonce source of this response, as helmet asks for it (a function per request). */
const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;

/**
 * helmet's `contentSecurityPolicy.directives`, on top of helmet's defaults (default-src 'self',
 * object-src 'none', script-src-attr 'none', base-uri, form-action, frame-ancestors 'self'), whose
 * `style-src` and `font-src` would allow any `https:` origin: both are set here.
 */
export function cspDirectives({ s3Origins, development, https }: CspOptions) {
  return {
    "script-src": ["'self'", nonceSource, TURNSTILE],
    // Style sheets from this site; `<style>` elements only with the nonce: the server's (emotion's
    // critical CSS, Chakra's global CSS on a first visit) and those emotion inserts in the browser,
    // which reads the nonce from the page. `style-src` is the same for browsers without CSP Level 3.
    "style-src": ["'self'", nonceSource],
    "style-src-elem": ["'self'", nonceSource],
    // Style attributes cannot carry a nonce, and no hash fits values computed at run time (the
    // calendar's event positions, drag and drop, swagger-ui's and Turnstile's widgets): they stay
    // allowed, and only they (ADR 034).
    "style-src-attr": ["'unsafe-inline'"],
    // No web fonts: the pages use the system's fonts. A self-hosted font would be allowed.
    "font-src": ["'self'"],
    "frame-src": ["'self'", "https://www.openstreetmap.org", TURNSTILE],
    "img-src": ["'self'", "data:", "blob:", ...s3Origins],
    // What the pages fetch: this site's API and, with S3, the bucket they upload to. No ws:/wss:
    // outside development (Vite's hot reload is the only WebSocket).
    "connect-src": ["'self'", ...s3Origins, ...(development ? ["ws:", "wss:"] : [])],
    "upgrade-insecure-requests": https ? [] : null,
  };
}

/** helmet's `contentSecurityPolicy` option: its defaults with cspDirectives on top. */
export function cspOptions(options: CspOptions) {
  return { useDefaults: true, directives: cspDirectives(options) };
}
