/**
 * Turns a RequestSpec into the bytes of one HTTP request, for either door.
 */
import zlib from "node:zlib";
import type { WireRequest } from "./http.js";
import type { Operation } from "./operations.js";
import type { RequestSpec, Role } from "./spec.js";
import { isPlaceholder, jsonBytes, resolveRefs, urlComponent, type RefPools } from "./values.js";

export interface WireContext {
  /** `host:port` of the server. */
  host: string;
  /** The server's own origin, sent as Origin on every request by default. */
  origin: string;
  /** `crawlguard_session=…` for a role (null for anonymous). */
  cookieFor(role: Role): string | null;
  /** The stored session id (the token's SHA-256) behind a role, or another account's for anonymous. */
  sessionIdFor(role: Role): string | null;
  pools: RefPools;
  /** X-Forwarded-For of this request: each request comes from its own address, so per-IP limits do not pile up. */
  clientIp: string;
  operations: Map<string, Operation>;
}

export interface BuiltRequest {
  wire: WireRequest;
  /** The input after refs were resolved (what was meant to reach the procedure). */
  resolvedInput: unknown;
  /** Everything the request carried, as text: what an answer may repeat without leaking. */
  echo: string;
}

const PROTO_PROCEDURES = ["__proto__", "constructor", "leads.__proto__", "toString", "hasOwnProperty", "leads.constructor.name"];
const BAD_CONTENT_LENGTHS = ["-1", "abc", "1, 2", "0x10", "1e3", "+2"];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isPlaceholder(value);
}

function formEncode(value: unknown): Buffer {
  const entries = isPlainObject(value) ? Object.entries(value) : [["input", value] as const];
  return Buffer.from(entries.map(([k, v]) => `${encodeURIComponent(k)}=${urlComponent(v)}`).join("&"), "latin1");
}

function multipart(value: unknown, boundary: string): Buffer {
  const entries = isPlainObject(value) ? Object.entries(value) : [["input", value] as const];
  const parts: Buffer[] = [];
  for (const [k, v] of entries) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`));
    parts.push(typeof v === "string" ? Buffer.from(v) : jsonBytes(v));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

interface Shape {
  method: string;
  path: string;
  query: [string, string][];
  /** The value to send as the body (undefined: none). */
  body: unknown;
}

function restShape(op: Operation, input: unknown): Shape {
  const rest = isPlainObject(input) ? { ...input } : null;
  const path = op.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
    if (rest && key in rest) {
      const value = rest[key];
      delete rest[key];
      return urlComponent(value);
    }
    return `%7B${key}%7D`;
  });
  const hasBody = op.method !== "GET" && op.method !== "DELETE";
  if (hasBody) return { method: op.method, path, query: [], body: rest ?? input };
  const query: [string, string][] = rest
    ? Object.entries(rest)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [encodeURIComponent(k), urlComponent(v)])
    : input === undefined
      ? []
      : [["input", urlComponent(input)]];
  return { method: op.method, path, query, body: undefined };
}

function otherTypeProcedure(op: Operation, operations: Map<string, Operation>): string {
  return [...operations.values()].find((o) => o.type !== op.type)?.procedure ?? "health.check";
}

function trpcShape(op: Operation, input: unknown, spec: RequestSpec, operations: Map<string, Operation>): Shape {
  let names = [op.procedure];
  let payload = input;
  let batch = false;
  switch (spec.transport.trpc) {
    case "batch":
    case "jsonl":
      names = [op.procedure, op.procedure];
      payload = { 0: input, 1: input };
      batch = true;
      break;
    case "batch-many":
      names = Array.from({ length: 50 }, () => op.procedure);
      payload = Object.fromEntries(names.map((_, i) => [i, input]));
      batch = true;
      break;
    case "batch-mixed":
      names = [op.procedure, otherTypeProcedure(op, operations)];
      payload = { 0: input };
      batch = true;
      break;
    case "batch-bad-index":
      names = [op.procedure, op.procedure];
      payload = spec.op.length % 2 ? [input, input] : { 5: input, "-1": input, 0.5: input };
      batch = true;
      break;
    case "unknown-procedure":
      names = ["nope.missing"];
      break;
    case "proto-procedure":
      names = [PROTO_PROCEDURES[spec.op.length % PROTO_PROCEDURES.length]!];
      break;
    case "empty-procedure":
      names = [""];
      break;
    case "router-path":
      names = [op.procedure.split(".")[0]!];
      break;
    default:
  }
  const asQuery = spec.transport.trpc === "wrong-method" ? op.type !== "query" : op.type === "query";
  const path = `/trpc/${names.map((n) => n.split(".").map(encodeURIComponent).join(".")).join(",")}`;
  const query: [string, string][] = batch ? [["batch", "1"]] : [];
  if (spec.transport.trpc === "bad-input-json") {
    if (asQuery) return { method: "GET", path, query: [...query, ["input", "%7Bnot%20json"]], body: undefined };
    return { method: "POST", path, query, body: { $fuzz: "literal", text: "{not json" } };
  }
  if (asQuery) {
    if (payload !== undefined) query.push(["input", urlComponent(payload)]);
    return { method: "GET", path, query, body: undefined };
  }
  return { method: "POST", path, query, body: payload };
}

function applyPath(path: string, mutation: RequestSpec["transport"]["path"]): string {
  switch (mutation) {
    case "bad-percent":
      return `${path}%E0%A4%A`;
    case "trailing-slash":
      return `${path}/`;
    case "double-slash":
      return path.replace(/^\/(api|trpc)\//, "/$1//");
    case "upper-case":
      return path.toUpperCase();
    case "dot-segment":
      return path.replace(/^\/(api|trpc)\//, "/$1/x/../");
    case "encoded-slash":
      return path.replace(/\/([^/]*)$/, "%2F$1");
    case "suffix":
      return `${path}.json`;
    case "nul":
      return `${path}%00`;
    case "long-segment":
      return `${path}/${"a".repeat(4000)}`;
    case "huge":
      return `${path}/${"a".repeat(70_000)}`;
    default:
      return path;
  }
}

function applyQuery(query: [string, string][], mutation: RequestSpec["transport"]["query"]): [string, string][] {
  switch (mutation) {
    case "bad-percent":
      return [...query, ["x", "%E0%A4%A"], ["y", "%"]];
    case "repeated":
      return query.flatMap((e) => [e, e]);
    case "huge":
      return [...query, ["pad", "p".repeat(20_000)]];
    case "unknown-param":
      return [...query, ["isAdmin", "true"], ["__proto__%5Bpolluted%5D", "1"], ["constructor%5Bprototype%5D%5Bpolluted%5D", "1"]];
    case "bracket-array":
      return query.map(([k, v]) => [`${k}%5B%5D`, v]);
    case "empty-value":
      return [...query.map(([k]): [string, string] => [k, ""]), ["", ""]];
    default:
      return query;
  }
}

function encodeBody(value: unknown, mode: RequestSpec["transport"]["body"], headers: [string, string][]): Buffer {
  const json = jsonBytes(value);
  switch (mode) {
    case "empty":
      return Buffer.alloc(0);
    case "whitespace":
      return Buffer.from("  \n\t ");
    case "truncated":
      return json.subarray(0, Math.floor(json.length / 2));
    case "trailing-garbage":
      return Buffer.concat([json, Buffer.from("}{]x")]);
    case "utf8-bom":
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]);
    case "utf16":
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json.toString("utf8"), "utf16le")]);
    case "form":
      return formEncode(value);
    case "multipart":
      return multipart(value, "----fzboundary");
    case "null-literal":
      return Buffer.from("null");
    case "gzip":
      headers.push(["Content-Encoding", "gzip"]);
      return zlib.gzipSync(json);
    case "bad-gzip":
      headers.push(["Content-Encoding", "gzip"]);
      return json;
    default:
      return json;
  }
}

function defaultContentType(mode: RequestSpec["transport"]["body"]): string {
  if (mode === "form") return "application/x-www-form-urlencoded";
  if (mode === "multipart") return "multipart/form-data; boundary=----fzboundary";
  return "application/json";
}

function cookieHeader(spec: RequestSpec, ctx: WireContext): string | null {
  const own = ctx.cookieFor(spec.role);
  const garbage = "crawlguard_session=garbage-token-value";
  switch (spec.transport.cookie) {
    case "garbage":
      return garbage;
    case "duplicate-after":
      return own ? `${own}; ${garbage}` : garbage;
    case "duplicate-before":
      return own ? `${garbage}; ${own}` : garbage;
    case "huge":
      return `filler=${"f".repeat(20_000)}${own ? `; ${own}` : ""}`;
    case "malformed":
      return `crawlguard_session; ;=; crawlguard_session=%E0%A4%A${own ? `; x=${own}` : ""}`;
    case "session-id": {
      const id = ctx.sessionIdFor(spec.role);
      return id ? `crawlguard_session=${id}` : garbage;
    }
    default:
      return own;
  }
}

function originHeaders(spec: RequestSpec, ctx: WireContext): [string, string][] {
  switch (spec.transport.origin) {
    case "none":
      return [];
    case "null":
      return [["Origin", "null"]];
    case "evil":
      return [["Origin", "http://evil.example"]];
    case "malformed":
      return [["Origin", "http://["]];
    case "cross-site":
      return [["Sec-Fetch-Site", "cross-site"]];
    case "same-origin-fetch":
      return [
        ["Sec-Fetch-Site", "same-origin"],
        ["Origin", "http://evil.example"],
      ];
    default:
      return [["Origin", ctx.origin]];
  }
}

export function buildRequest(spec: RequestSpec, op: Operation, ctx: WireContext): BuiltRequest {
  const t = spec.transport;
  const input = resolveRefs(spec.input, ctx.pools);
  const shape = spec.door === "rest" ? restShape(op, input) : trpcShape(op, input, spec, ctx.operations);
  let method = t.method ?? shape.method;
  let body = shape.body;
  if (t.body === "on-get" && body === undefined && input !== undefined) body = input;

  const path = applyPath(shape.path, t.path);
  const query = applyQuery(shape.query, t.query);
  let target = query.length ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join("&")}` : path;

  const headers: [string, string][] = [
    ["Host", ctx.host],
    ["Connection", "close"],
    ["User-Agent", "crawlguard-fuzz"],
    ["X-Forwarded-For", ctx.clientIp],
    ...originHeaders(spec, ctx),
  ];
  const cookie = cookieHeader(spec, ctx);
  if (cookie) headers.push(["Cookie", cookie]);
  if (t.trpc === "jsonl") headers.push(["trpc-accept", "application/jsonl"]);

  let bytes: Buffer | null = null;
  if (body !== undefined || (t.body && t.body !== "on-get")) {
    bytes = encodeBody(body ?? {}, t.body, headers);
    const type = t.contentType === undefined ? defaultContentType(t.body) : t.contentType;
    if (type !== null) headers.push(["Content-Type", type]);
  }
  for (const h of t.headers ?? []) {
    // An odd header replaces the usual one of that name (two Content-Types would be the raw mutation's job).
    const i = headers.findIndex(([k]) => k.toLowerCase() === h[0].toLowerCase());
    if (i >= 0) headers.splice(i, 1);
    headers.push(h);
  }

  const wire: WireRequest = { method, target, headers, body: bytes };
  const contentLength = (n: number | string) => headers.push(["Content-Length", String(n)]);
  switch (t.raw) {
    case "lying-content-length":
      bytes ??= Buffer.from("{}");
      wire.body = bytes;
      contentLength(bytes.length + 100);
      wire.halfClose = true;
      break;
    case "huge-content-length":
      wire.body = bytes ?? Buffer.from("{}");
      contentLength("99999999999");
      wire.halfClose = true;
      break;
    case "bad-content-length":
      wire.body = bytes ?? Buffer.from("{}");
      contentLength(BAD_CONTENT_LENGTHS[spec.op.length % BAD_CONTENT_LENGTHS.length]!);
      break;
    case "control-in-header":
      headers.push(["X-Fz", "a\u0001b\u0000c"]);
      break;
    case "obs-text-header":
      headers.push(["X-Fz", "caf\u00e9 \u00ff"]);
      break;
    case "bare-lf":
      wire.eol = "\n";
      break;
    case "http10":
      wire.protocol = "HTTP/1.0";
      break;
    case "no-host":
      headers.splice(
        headers.findIndex(([k]) => k === "Host"),
        1,
      );
      break;
    case "cl-and-te":
      wire.body = bytes ?? Buffer.from("{}");
      contentLength(wire.body.length);
      headers.push(["Transfer-Encoding", "chunked"]);
      wire.chunked = "valid";
      break;
    case "non-ascii-path":
      target = target.replace(/(\?|$)/, "\u00c3\u00a9\u00ff$1");
      wire.target = target;
      break;
    case "space-in-path":
      wire.target = target.replace(/(\?|$)/, " x$1");
      break;
    case "lowercase-method":
      method = method.toLowerCase();
      wire.method = method;
      break;
    case "chunked":
    case "bad-chunked":
      wire.body = bytes ?? Buffer.from("{}");
      headers.push(["Transfer-Encoding", "chunked"]);
      wire.chunked = t.raw === "chunked" ? "valid" : "broken";
      break;
    case "obs-fold":
      headers.push(["X-Fz", "first\r\n folded"]);
      break;
    case "header-flood":
      for (let i = 0; i < 3000; i++) headers.push([`X-Fz-${i}`, String(i)]);
      break;
    case "zero-length-with-body":
      wire.body = bytes ?? Buffer.from("{}");
      contentLength(0);
      break;
    default:
  }
  if (wire.body && !headers.some(([k]) => k.toLowerCase() === "content-length" || k.toLowerCase() === "transfer-encoding")) {
    contentLength(wire.body.length);
  }
  const bodyText = wire.body ? wire.body.toString("utf8") : "";
  const echo = [
    wire.target,
    safeDecode(wire.target),
    ...headers.map(([, v]) => v),
    bodyText,
    jsonBytes(input ?? null).toString("utf8"),
  ].join("\n");
  return { wire, resolvedInput: input, echo };
}
