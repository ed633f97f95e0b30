/**
 * The operations under fuzz, derived from the served OpenAPI document only (no import of the
 * router), so the fuzzer treats any running server as a black box.
 */

/** The subset of JSON Schema that trpc-to-openapi emits for our zod inputs. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

/**
 * The collection an id names: the path of the listing that returns such records
 * (`/api/leads` for `/api/leads/{id}`). Ids are picked from what that listing answers the admin.
 */
export type Collection = string;

export interface Operation {
  /** trpc-to-openapi's operationId: the procedure path with "." written "-". */
  operationId: string;
  /** The tRPC procedure behind it. */
  procedure: string;
  /** trpc-to-openapi maps queries to GET; every other method is a mutation. */
  type: "query" | "mutation";
  method: string;
  /** The documented path, `{param}` placeholders included. */
  path: string;
  summary: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  /** Documented as needing the session cookie. */
  requiresSession: boolean;
  /** Documented as admins only (the summary says so). */
  adminOnly: boolean;
  /** The collection each id-like parameter or field refers to. */
  refs: Record<string, Collection>;
}

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Fields whose name does not say which collection they point into. */
const NAMED_REFS: Record<string, string> = { assignedTo: "users", excludeId: "", ids: "" };

/**
 * Which collection each id names: a `{param}` names the collection its path leads to
 * (`/api/leads/{id}/timeline` → `/api/leads`); a field `leadId` names `/api/leads` (or the
 * collection whose last segment starts with "lead"); `excludeId` names the operation's own.
 */
function referencedCollections(path: string, names: string[], collections: Collection[]): Record<string, Collection> {
  const refs: Record<string, Collection> = {};
  const segments = path.split("/");
  segments.forEach((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param) refs[param] = segments.slice(0, i).join("/");
  });
  const own = collections.filter((c) => path.startsWith(c)).sort((a, b) => b.length - a.length)[0];
  for (const name of names) {
    if (refs[name]) continue;
    const hint = NAMED_REFS[name];
    const stem = hint ?? /^(\w+?)Id$/.exec(name)?.[1];
    if (stem === undefined) continue;
    const kebab = stem.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const match = stem === "" ? own : collections.find((c) => c.split("/").pop()!.startsWith(kebab));
    if (match) refs[name] = match;
  }
  return refs;
}

/**
 * The schema with every `$ref` to a named component replaced by the component, at any depth (the
 * document names its resources and enums, e.g. a booking's `priority` is a `LeadPriority`).
 * Components do not refer to themselves, so this ends; `depth` guards it all the same.
 */
function resolveRef(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (!schema || depth > 20) return schema;
  if (schema.$ref) {
    const { $ref, ...rest } = schema;
    const target = doc.components?.schemas?.[$ref.replace("#/components/schemas/", "")];
    return resolveRef(doc, { ...target, ...rest }, depth + 1);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && value && typeof value === "object") {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [name, resolveRef(doc, property, depth + 1)]),
      );
    } else if (key === "items" && value && typeof value === "object" && !Array.isArray(value)) {
      out[key] = resolveRef(doc, value as JsonSchema, depth + 1);
    } else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
      out[key] = (value as JsonSchema[]).map((member) => resolveRef(doc, member, depth + 1));
    } else {
      out[key] = value;
    }
  }
  return out;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * Documented /api operations that no procedure answers: the calendar feed serves text/calendar to
 * calendar apps from its own route (ADR 029), with the feed's token as its only credential.
 */
const NOT_PROCEDURES = new Set(["calendarFeed-ics"]);

export function deriveOperations(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    // The REST door only: the document also describes the upload link (PUT /uploads/{token}), no procedure.
    if (!path.startsWith("/api/")) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId || NOT_PROCEDURES.has(op.operationId)) continue;
      const params: Parameter[] = (op.parameters ?? []).flatMap((p) =>
        p.in === "path" || p.in === "query"
          ? [{ name: p.name, in: p.in, required: p.required ?? p.in === "path", schema: resolveRef(doc, p.schema) ?? {} }]
          : [],
      );
      const body = resolveRef(doc, op.requestBody?.content?.["application/json"]?.schema);
      ops.push({
        operationId: op.operationId,
        procedure: op.operationId.replaceAll("-", "."),
        type: method === "get" ? "query" : "mutation",
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        pathParams: params.filter((p) => p.in === "path"),
        queryParams: params.filter((p) => p.in === "query"),
        body,
        requiresSession: (op.security?.length ?? 0) > 0,
        adminOnly: /\badmins? only\b/i.test(op.summary ?? ""),
        refs: {},
      });
    }
  }
  // A listing (GET without path parameters) is where records of a collection can be found.
  const collections = ops.filter((o) => o.method === "GET" && o.pathParams.length === 0).map((o) => o.path);
  for (const op of ops) {
    const names = [...op.pathParams, ...op.queryParams].map((p) => p.name).concat(Object.keys(op.body?.properties ?? {}));
    op.refs = referencedCollections(op.path, names, collections);
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

export async function fetchOperations(baseUrl: string): Promise<{ doc: OpenApiDocument; operations: Operation[] }> {
  const res = await fetch(new URL("/api/openapi.json", baseUrl));
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as OpenApiDocument;
  return { doc, operations: deriveOperations(doc) };
}

/** Every collection some id points into. */
export function referencedCollectionsOf(operations: Operation[]): Collection[] {
  return [...new Set(operations.flatMap((o) => Object.values(o.refs)))].sort();
}
