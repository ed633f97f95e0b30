import type { RequestHandler } from "express";
import { getPathRegExp, normalizePath } from "trpc-to-openapi";

interface RestProcedure {
  _def: { type: string; meta?: { openapi?: { method: string; path: string } } };
}

/**
 * A known /api path asked with a method none of its operations has is a 405 whose `Allow` lists
 * the methods that path answers, not the adapter's 404: the client reached the right
 * resource with the wrong verb. OPTIONS on a known path answers 204 with the same `Allow`. Paths
 * match as the REST adapter matches them (trpc-to-openapi's own path expressions), so a path an
 * operation answers is never refused here.
 */
export function methodNotAllowed(procedures: Record<string, unknown>): RequestHandler {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  for (const procedure of Object.values(procedures) as RestProcedure[]) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi || procedure._def.type === "subscription") continue;
    const path = normalizePath(openapi.path);
    let route = routes.find((r) => r.pattern.source === getPathRegExp(path).source);
    if (!route) routes.push((route = { pattern: getPathRegExp(path), methods: new Set() }));
    route.methods.add(openapi.method.toUpperCase());
  }
  return (req, res, next) => {
    if (req.method === "HEAD") return next();
    const path = normalizePath(new URL(req.originalUrl, "http://localhost").pathname);
    const matching = routes.filter((r) => r.pattern.test(path));
    if (!matching.length || matching.some((r) => r.methods.has(req.method))) return next();
    const allow = [...new Set(matching.flatMap((r) => [...r.methods]))].sort().join(", ");
    res.setHeader("Allow", allow);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    res.status(405).json({ message: `${req.method} is not allowed on ${path}; it answers ${allow}.`, code: "METHOD_NOT_SUPPORTED" });
  };
}

/**
 * The /trpc door's twin: a query answers GET, a mutation POST. tRPC itself answers a wrong method
 * with 405 but without `Allow` (and a DELETE with a 415 about its content type); here a single
 * procedure's path (`/trpc/leads.list`, not a batch) asked with another method is a 405 with `Allow`,
 * in tRPC's error envelope.
 */
export function trpcMethodNotAllowed(procedures: Record<string, unknown>): RequestHandler {
  const methodOf = new Map<string, string>();
  for (const [name, procedure] of Object.entries(procedures) as [string, RestProcedure][]) {
    if (procedure._def.type === "query") methodOf.set(name, "GET");
    if (procedure._def.type === "mutation") methodOf.set(name, "POST");
  }
  return (req, res, next) => {
    if (req.method === "HEAD") return next();
    const name = decodeURIComponent(req.path.replace(/^\//, ""));
    const allow = methodOf.get(name);
    if (!allow || allow === req.method) return next();
    res.setHeader("Allow", allow);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    res.status(405).json({
      error: {
        message: `${req.method} is not allowed on /trpc/${name}; it answers ${allow}.`,
        code: -32005,
        data: { code: "METHOD_NOT_SUPPORTED", httpStatus: 405, path: name },
      },
    });
  };
}
