import type { Request, RequestHandler } from "express";
import type { Auth } from "@crawlguard/auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the browser says the request comes from this site: `Sec-Fetch-Site: same-origin`, or an
 * Origin (other than "null") whose host is the request's own Host (so the site works under any
 * host name or port; X-Forwarded-Host behind a trusted proxy) or that ALLOWED_ORIGINS lists.
 */
export function fromThisOrigin(req: Request, allowedOrigins: readonly string[], trustProxy: boolean): boolean {
  if (req.get("sec-fetch-site") === "same-origin") return true;
  const origin = req.get("origin");
  if (!origin || origin === "null") return false;
  if (allowedOrigins.includes(origin)) return true;
  const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false; // an unparsable Origin
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
