import type { RequestHandler } from "express";
import type { Auth } from "@crawlguard/auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that carries the session cookie unless it provably comes from
 * this site: `Sec-Fetch-Site: same-origin`, or an Origin whose host is the request's own Host (so
 * the site works under any host name or port), or an Origin listed in ALLOWED_ORIGINS.
 */
export function csrfGuard(auth: Auth, allowedOrigins: string[], trustProxy: boolean): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !auth.readToken(req.headers.cookie)) return next();
    if (req.get("sec-fetch-site") === "same-origin") return next();
    const origin = req.get("origin");
    const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
    if (origin && origin !== "null") {
      if (allowedOrigins.includes(origin)) return next();
      try {
        if (host && new URL(origin).host === host) return next();
      } catch {
        // An unparsable Origin is refused below.
      }
    }
    res.status(403).json({
      message: "Cross-site request refused: send an Origin header matching this site.",
      code: "FORBIDDEN",
    });
  };
}
