import type { Request, RequestHandler } from "express";
import type { Auth } from "@crawlguard/auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The Express setting app.ts keeps PUBLIC_URL in, so every same-site check (API, form posts) sees it. */
export const PUBLIC_URL_SETTING = "crawlguard public url";

function publicUrlOf(req: Request): string | undefined {
  const value: unknown = req.app?.get(PUBLIC_URL_SETTING);
  return typeof value === "string" ? value : undefined;
}

/**
 * Whether the browser says the request comes from this site: `Sec-Fetch-Site: same-origin`, or an
 * Origin (other than "null") whose host is the request's own Host (so the site works under any
 * host name or port; X-Forwarded-Host behind a trusted proxy) or that ALLOWED_ORIGINS lists.
 * `trustProxy`: whether TRUST_PROXY names any proxy; Express's `req.host` then takes
 * X-Forwarded-Host only when the request came through one of them (the hop count or addresses).
 * The scheme must match too (`publicUrl`: PUBLIC_URL, whose origin is always this site's; by
 * default the app's PUBLIC_URL_SETTING).
 */
export function fromThisOrigin(
  req: Request,
  allowedOrigins: readonly string[],
  trustProxy: boolean,
  publicUrl: string | undefined = publicUrlOf(req),
): boolean {
  if (req.get("sec-fetch-site") === "same-origin") return true;
  const origin = req.get("origin");
  if (!origin || origin === "null") return false;
  if (allowedOrigins.includes(origin)) return true;
  const host = trustProxy ? req.host : req.get("host");
  try {
    const from = new URL(origin);
    if (publicUrl && from.origin === new URL(publicUrl).origin) return true;
    // Scheme and host: a page on http://host (anyone on the network can forge one) is not
    // https://host. The server's own scheme is PUBLIC_URL's when set, else the connection's
    // (X-Forwarded-Proto only from a trusted proxy, as Express's req.protocol reads it).
    const scheme = publicUrl ? new URL(publicUrl).protocol : `${req.protocol}:`;
    if (!host || from.protocol !== scheme) return false;
    // Through URL on both sides, so "host:443" and "host" name the same https origin.
    return from.host === new URL(`${scheme}//${host}`).host;
  } catch {
    return false; // an unparsable Origin or Host
  }
}

/** Refuses a state-changing request that carries the session cookie unless it provably comes from this site (fromThisOrigin). */
export function csrfGuard(auth: Auth, allowedOrigins: string[], trustProxy: boolean): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !auth.readToken(req.headers.cookie)) return next();
    if (fromThisOrigin(req, allowedOrigins, trustProxy)) return next();
    res.status(403).json({
      message: "Cross-site request refused: send an Origin header matching this site.",
      code: "FORBIDDEN",
    });
  };
}
