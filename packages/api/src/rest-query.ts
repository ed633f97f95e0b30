import type { IncomingMessage } from "node:http";
import {
  acceptsRequestBody,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  normalizePath,
  unwrapZodType,
  type OpenApiMethod,
} from "trpc-to-openapi";
import { badInput, type DomainError } from "./errors.js";

/*
 * An unknown query parameter at the REST door is a 400 that names it (`?limt=5` is a typo, not a
 * request for the whole list). trpc-to-openapi hands every query parameter to the procedure's input
 * schema, whose objects drop the keys they do not know; so the parameters an operation takes are
 * read here from the same schema, once per operation, matched to the request as the adapter matches
 * it (first operation of the method whose path expression matches). An operation that reads a body
 * takes no query parameter at all.
 */

interface RestProcedure {
  _def: { type: string; meta?: { openapi?: { method: string; path: string; enabled?: boolean } }; inputs: unknown[] };
}

interface Route {
  method: string;
  pattern: RegExp;
  /** The query parameters it takes; null: not known (an input that is no object), so not checked. */
  parameters: ReadonlySet<string> | null;
}

function parametersOf(procedure: RestProcedure, method: string, path: string): ReadonlySet<string> | null {
  if (acceptsRequestBody(method as OpenApiMethod)) return new Set();
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser, true);
  if (instanceofZodTypeLikeVoid(schema)) return new Set();
  if (!instanceofZodTypeObject(schema)) return null;
  const inPath = new Set(Array.from(path.matchAll(/\{(.+?)\}/g), (m) => m[1]!));
  return new Set(Object.keys(schema.shape).filter((key) => !inPath.has(key)));
}

/** What a request's unknown query parameters are told (one issue per parameter, in the order sent). */
export function unknownParametersError(names: readonly string[], known: readonly string[]): DomainError {
  const takes = known.length ? `this call takes ${known.join(", ")}` : "this call takes no query parameters";
  return badInput(names.map((name) => ({ path: name, message: `Unknown query parameter (${takes})` })));
}

/**
 * The check of every REST operation's query string, built once from the router's procedures:
 * answers the error to throw for a request to a known operation with parameters it does not take,
 * or null (no operation matched, or every parameter is one it takes).
 */
export function restQueryCheck(procedures: Record<string, unknown>): (req: IncomingMessage) => DomainError | null {
  const routes: Route[] = [];
  for (const procedure of Object.values(procedures) as RestProcedure[]) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi || openapi.enabled === false || procedure._def.type === "subscription") continue;
    const path = normalizePath(openapi.path);
    routes.push({
      method: openapi.method.toUpperCase(),
      pattern: getPathRegExp(path),
      parameters: parametersOf(procedure, openapi.method, path),
    });
  }
  return (req) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.search === "" || url.search === "?") return null;
    const path = normalizePath(url.pathname);
    const route = routes.find((r) => r.method === req.method && r.pattern.test(path));
    if (!route?.parameters) return null;
    const unknown = [...new Set(url.searchParams.keys())].filter((key) => !route.parameters!.has(key));
    return unknown.length ? unknownParametersError(unknown, [...route.parameters]) : null;
  };
}
