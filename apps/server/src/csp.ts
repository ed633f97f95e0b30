import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";

/**
 * Content-Security-Policy without 'unsafe-inline' for scripts (issue 20 §6). Pages carry inline
 * scripts only where the server renders them (TanStack Router's hydration data, the Vite client
 * in development): each response gets a fresh random nonce, named in the header and given to
 * exactly those scripts. Everything else is a file from this origin ('self') or Turnstile.
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

/** helmet's `contentSecurityPolicy.directives`. */
export function cspDirectives({ s3Origins, development, https }: CspOptions) {
  return {
    "script-src": ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`, TURNSTILE],
    "frame-src": ["'self'", "https://www.openstreetmap.org", TURNSTILE],
    "img-src": ["'self'", "data:", "blob:", ...s3Origins],
    // What the pages fetch: this site's API and, with S3, the bucket they upload to. No ws:/wss:
    // outside development (Vite's hot reload is the only WebSocket).
    "connect-src": ["'self'", ...s3Origins, ...(development ? ["ws:", "wss:"] : [])],
    "upgrade-insecure-requests": https ? [] : null,
  };
}
