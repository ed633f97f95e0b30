/**
 * One fuzz request as plain, printable data: which operation, through which door, as whom, with
 * what input, and how the transport is bent. fast-check generates these; `wire.ts` turns one
 * into bytes against the run's current records.
 */
import fc from "fast-check";
import { hostileFor, hostileWholeInput, validInput } from "./arbitraries.js";
import type { JsonSchema, Operation } from "./operations.js";

export type Role = "anonymous" | "staff" | "admin";
export type Door = "rest" | "trpc";
export const ROLES: Role[] = ["anonymous", "staff", "admin"];
export const DOORS: Door[] = ["rest", "trpc"];

/** How the input was made: left valid, fields replaced, a required field dropped, or replaced whole. */
export type InputKind = "valid" | "field" | "missing" | "whole";

export interface Transport {
  /** Content-Type to send instead of `application/json` ("" sends an empty one; null sends none). */
  contentType?: string | null;
  /** How the JSON body is re-encoded or broken. */
  body?:
    | "empty"
    | "whitespace"
    | "truncated"
    | "trailing-garbage"
    | "utf8-bom"
    | "utf16"
    | "form"
    | "multipart"
    | "null-literal"
    | "gzip"
    | "bad-gzip"
    | "on-get";
  /** Another method than the documented one. */
  method?: string;
  path?:
    | "bad-percent"
    | "trailing-slash"
    | "double-slash"
    | "upper-case"
    | "dot-segment"
    | "encoded-slash"
    | "suffix"
    | "nul"
    | "long-segment"
    | "huge";
  query?: "bad-percent" | "repeated" | "huge" | "unknown-param" | "bracket-array" | "empty-value";
  /** Extra or odd headers, sent after the usual ones. */
  headers?: [string, string][];
  cookie?: "garbage" | "duplicate-after" | "duplicate-before" | "huge" | "malformed" | "session-id";
  origin?: "none" | "null" | "evil" | "malformed" | "cross-site" | "same-origin-fetch";
  trpc?:
    | "batch"
    | "batch-many"
    | "batch-mixed"
    | "wrong-method"
    | "bad-input-json"
    | "unknown-procedure"
    | "proto-procedure"
    | "empty-procedure"
    | "router-path"
    | "batch-bad-index"
    | "jsonl";
  raw?:
    | "lying-content-length"
    | "huge-content-length"
    | "bad-content-length"
    | "control-in-header"
    | "obs-text-header"
    | "bare-lf"
    | "http10"
    | "no-host"
    | "cl-and-te"
    | "non-ascii-path"
    | "space-in-path"
    | "lowercase-method"
    | "chunked"
    | "bad-chunked"
    | "obs-fold"
    | "header-flood"
    | "zero-length-with-body";
}

export interface RequestSpec {
  /** operationId from /api/openapi.json. */
  op: string;
  door: Door;
  role: Role;
  kind: InputKind;
  /** The operation's input (path, query and body fields merged), or any value for kind "whole". */
  input: unknown;
  transport: Transport;
}

interface Field {
  schema: JsonSchema;
  required: boolean;
}

export function inputFields(op: Operation): Record<string, Field> {
  const fields: Record<string, Field> = {};
  for (const p of [...op.pathParams, ...op.queryParams]) fields[p.name] = { schema: p.schema, required: p.required };
  const required = new Set(op.body?.required ?? []);
  for (const [name, schema] of Object.entries(op.body?.properties ?? {})) fields[name] = { schema, required: required.has(name) };
  return fields;
}

/** Login-shaped inputs (email + password, no username) get a known account's credentials half the time. */
function withKnownCredentials(
  fields: Record<string, Field>,
  valid: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  if (!fields.email || !fields.password || fields.username) return valid;
  return fc.oneof<fc.Arbitrary<Record<string, unknown>>[]>(
    valid,
    fc.tuple(valid, fc.nat(), fc.boolean()).map(([v, pick, right]) => ({
      ...v,
      email: { $fuzz: "ref", collection: "account", pick, field: "email" },
      password: right ? { $fuzz: "ref", collection: "account", pick, field: "password" } : v.password,
    })),
  );
}

/** Inputs with an invitation code get a pending invitation's code half the time (registrations that can succeed). */
function withInvitation(
  fields: Record<string, Field>,
  valid: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  if (!fields.inviteToken) return valid;
  return fc.oneof<fc.Arbitrary<Record<string, unknown>>[]>(
    valid,
    fc.tuple(valid, fc.nat()).map(([v, pick]) => ({ ...v, inviteToken: { $fuzz: "ref", collection: "invitation", pick } })),
  );
}

export function inputArbitrary(op: Operation): fc.Arbitrary<{ kind: InputKind; input: unknown }> {
  const fields = inputFields(op);
  const names = Object.keys(fields);
  if (names.length === 0) {
    // No input: the valid call sends none (or `{}` for a mutation); hostile ones send some anyway.
    const none = op.type === "query" ? fc.constant(undefined) : fc.constantFrom(undefined, {});
    return fc.oneof(
      { weight: 5, arbitrary: none.map((input) => ({ kind: "valid" as const, input })) },
      { weight: 2, arbitrary: hostileFor({}).map((v) => ({ kind: "field" as const, input: { unexpected: v } })) },
      { weight: 2, arbitrary: hostileWholeInput(fc.constant({})).map((input) => ({ kind: "whole" as const, input })) },
    );
  }
  const valid = withInvitation(fields, withKnownCredentials(fields, validInput(fields, op.refs)));
  const replaced = fc
    .tuple(
      valid,
      fc.array(
        fc.constantFrom(...names, "unexpectedField").chain((name) => hostileFor(fields[name]?.schema ?? {}).map((v) => [name, v] as const)),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([v, changes]) => ({ kind: "field" as const, input: { ...v, ...Object.fromEntries(changes) } }));
  const required = names.filter((n) => fields[n]!.required);
  const missing = required.length
    ? fc.tuple(valid, fc.constantFrom(...required)).map(([v, drop]) => {
        const copy = { ...v };
        delete copy[drop];
        return { kind: "missing" as const, input: copy };
      })
    : valid.map((input) => ({ kind: "valid" as const, input }));
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((input) => ({ kind: "valid" as const, input })) },
    { weight: 4, arbitrary: replaced },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: hostileWholeInput(valid).map((input) => ({ kind: "whole" as const, input })) },
  );
}

const oddHeaders: fc.Arbitrary<[string, string][]> = fc.constantFrom<[string, string][]>(
  [["Accept-Encoding", "gzip"]],
  [["Accept-Encoding", "br, deflate"]],
  [["Accept-Encoding", "*;q=0, identity;q=0"]],
  [["Accept", "text/html"]],
  [["Accept", "application/xml"]],
  [["Accept", ""]],
  [["X-Forwarded-For", "not-an-ip"]],
  [["X-Forwarded-For", "1.2.3.4, 5.6.7.8, 9.10.11.12"]],
  [["X-Forwarded-For", "::1"]],
  [["X-Forwarded-For", Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(", ")]],
  [["X-Forwarded-Host", "evil.example"]],
  [["X-Forwarded-Proto", "https"]],
  [["X-Request-Id", "../../etc/passwd"]],
  [["X-Request-Id", "r".repeat(5000)]],
  [["X-HTTP-Method-Override", "DELETE"]],
  [["Range", "bytes=0-5"]],
  [["If-None-Match", "*"]],
  [["If-Modified-Since", "Thu, 01 Jan 2099 00:00:00 GMT"]],
  [["Expect", "100-continue"]],
  [["Expect", "something-else"]],
  [["Content-Encoding", "identity"]],
  [["Content-Encoding", "br"]],
  [
    ["Connection", "keep-alive, Upgrade"],
    ["Upgrade", "websocket"],
  ],
  [["Authorization", "Bearer eyJhbGciOiJub25lIn0.e30."]],
  [["Authorization", "Basic YWRtaW46YWRtaW4="]],
  [["User-Agent", "u".repeat(8000)]],
  [["Content-Type", "text/plain"]],
  [["trpc-accept", "application/jsonl"]],
  [["X-Fz-Empty", ""]],
  [["Transfer-Encoding", "identity"]],
  [["Content-Length", "0"]],
);

function transportArbitrary(): fc.Arbitrary<Transport> {
  const mutation = fc.oneof<fc.Arbitrary<Transport>[]>(
    fc.record({
      contentType: fc.constantFrom<string | null>(
        null,
        "",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json;charset=UTF-8",
        "application/json; charset=latin1",
        "application/json; charset=utf-16",
        "text/plain",
        "text/plain; charset=utf-8",
        "multipart/form-data; boundary=----fz",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
        "application/octet-stream",
        "application/vnd.api+json",
        "application/json, text/html",
        "application/xml",
        "*/*",
        "application/jsonx",
        "json",
      ),
    }),
    fc.record({
      body: fc.constantFrom(
        "empty",
        "whitespace",
        "truncated",
        "trailing-garbage",
        "utf8-bom",
        "utf16",
        "form",
        "multipart",
        "null-literal",
        "gzip",
        "bad-gzip",
        "on-get",
      ),
    }),
    fc.record({ method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND") }),
    fc.record({
      path: fc.constantFrom(
        "bad-percent",
        "trailing-slash",
        "double-slash",
        "upper-case",
        "dot-segment",
        "encoded-slash",
        "suffix",
        "nul",
        "long-segment",
        "huge",
      ),
    }),
    fc.record({ query: fc.constantFrom("bad-percent", "repeated", "huge", "unknown-param", "bracket-array", "empty-value") }),
    fc.record({ headers: oddHeaders }),
    fc.record({ cookie: fc.constantFrom("garbage", "duplicate-after", "duplicate-before", "huge", "malformed", "session-id") }),
    fc.record({ origin: fc.constantFrom("none", "null", "evil", "malformed", "cross-site", "same-origin-fetch") }),
    fc.record({
      trpc: fc.constantFrom(
        "batch",
        "batch-many",
        "batch-mixed",
        "wrong-method",
        "bad-input-json",
        "unknown-procedure",
        "proto-procedure",
        "empty-procedure",
        "router-path",
        "batch-bad-index",
        "jsonl",
      ),
    }),
    fc.record({
      raw: fc.constantFrom(
        "lying-content-length",
        "huge-content-length",
        "bad-content-length",
        "control-in-header",
        "obs-text-header",
        "bare-lf",
        "http10",
        "no-host",
        "cl-and-te",
        "non-ascii-path",
        "space-in-path",
        "lowercase-method",
        "chunked",
        "bad-chunked",
        "obs-fold",
        "header-flood",
        "zero-length-with-body",
      ),
    }),
  );
  return fc.oneof(
    { weight: 11, arbitrary: fc.constant({}) },
    { weight: 7, arbitrary: mutation },
    { weight: 2, arbitrary: fc.tuple(mutation, mutation).map(([a, b]) => ({ ...a, ...b })) },
  );
}

/** Every request the fuzzer can make against these operations. */
export function requestSpecArbitrary(operations: Operation[]): fc.Arbitrary<RequestSpec> {
  const transport = transportArbitrary();
  return fc.oneof(
    ...operations.map((op) =>
      fc
        .record({
          door: fc.constantFrom<Door>(...DOORS),
          role: fc.constantFrom<Role>(...ROLES),
          input: inputArbitrary(op),
          transport,
        })
        .map(({ door, role, input, transport }): RequestSpec => ({
          op: op.operationId,
          door,
          role,
          kind: input.kind,
          input: input.input,
          transport,
        })),
    ),
  );
}
