/**
 * Fuzz values are plain JSON plus a few tagged placeholders (`{ $fuzz: ... }`), so a generated
 * request stays small and printable (a 1 MB string is `{ $fuzz: "repeat", ... }`), and ids of
 * records that only exist at run time are picked when the request is sent.
 */
import type { Collection } from "./operations.js";

/** An existing record's id (or a login account's field), chosen from the run's pools by `pick`. */
export interface RefValue {
  $fuzz: "ref";
  /**
   * A collection path (`/api/leads`), "account" for the accounts the fuzzer logs in as, or
   * "invitation" for the codes of pending invitations (a Collection is any string).
   */
  collection: Collection;
  pick: number;
  /** For accounts: which field. */
  field?: "email" | "password" | "id";
  /** How the id is spelled: as stored, upper case, or wrapped in braces. */
  spelling?: "plain" | "upper" | "braces";
}
/** `unit` repeated `count` times (1 MB strings without 1 MB specs). */
export interface RepeatValue {
  $fuzz: "repeat";
  unit: string;
  count: number;
}
/** Arrays or objects nested `depth` levels deep, written as JSON text. */
export interface DeepValue {
  $fuzz: "deep";
  depth: number;
  shape: "array" | "object";
}
/** A JSON number literal JavaScript cannot round-trip (`1e309`, `-0`, `9007199254740993`). */
export interface LiteralValue {
  $fuzz: "literal";
  text: string;
}
/** A string carrying bytes that are not UTF-8 (sent as-is in a body, percent-encoded in a URL). */
export interface BytesValue {
  $fuzz: "bytes";
  before: string;
  bytes: number[];
  after: string;
}

export type Placeholder = RefValue | RepeatValue | DeepValue | LiteralValue | BytesValue;

export function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "$fuzz" in value;
}

/** The run-time pools refs are resolved against. */
export interface RefPools {
  /** Ids per collection path. */
  ids: Record<Collection, string[]>;
  account: { email: string; password: string; id: string }[];
  /** Codes of invitations the admin made that are still pending (registrations can use them). */
  invitations?: string[];
}

/** A uuid that names nothing, derived from `pick` so a replay sends the same one. */
export function unknownUuid(pick: number): string {
  const hex = (pick >>> 0).toString(16).padStart(8, "0");
  return `${hex}-0000-4000-8000-00000000f022`;
}

function spell(id: string, spelling: RefValue["spelling"]): string {
  if (spelling === "upper") return id.toUpperCase();
  if (spelling === "braces") return `{${id}}`;
  return id;
}

/** Replaces refs by values from the pools; other placeholders stay for the serialisers. */
export function resolveRefs(value: unknown, pools: RefPools): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, pools));
  if (isPlaceholder(value)) {
    if (value.$fuzz !== "ref") return value;
    if (value.collection === "account") {
      const account = pools.account[value.pick % Math.max(pools.account.length, 1)];
      if (!account) return unknownUuid(value.pick);
      return value.field === "password" ? account.password : value.field === "id" ? account.id : account.email;
    }
    if (value.collection === "invitation") {
      const codes = pools.invitations ?? [];
      return codes.length > 0 ? codes[value.pick % codes.length]! : `no-such-invitation-${value.pick}`;
    }
    const pool = pools.ids[value.collection] ?? [];
    const id = pool.length > 0 ? pool[value.pick % pool.length]! : unknownUuid(value.pick);
    return spell(id, value.spelling);
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, pools)]));
  }
  return value;
}

function deepText(value: DeepValue): string {
  if (value.shape === "array") return "[".repeat(value.depth) + "]".repeat(value.depth);
  return '{"a":'.repeat(value.depth) + "1" + "}".repeat(value.depth);
}

/**
 * JSON bytes of a value with placeholders expanded. Object keys are written with
 * Object.entries, so a generated "__proto__" key is sent as data, as a hostile client would.
 */
export function jsonBytes(value: unknown): Buffer {
  const parts: Buffer[] = [];
  const text = (s: string): void => {
    parts.push(Buffer.from(s, "utf8"));
  };
  const walk = (v: unknown): void => {
    if (isPlaceholder(v)) {
      switch (v.$fuzz) {
        case "repeat":
          return text(JSON.stringify(v.unit.repeat(v.count)));
        case "deep":
          return text(deepText(v));
        case "literal":
          return text(v.text);
        case "bytes":
          text(JSON.stringify(v.before).slice(0, -1));
          parts.push(Buffer.from(v.bytes));
          text(JSON.stringify(v.after).slice(1));
          return;
        case "ref":
          return text(JSON.stringify(`unresolved-${v.collection}`));
      }
    }
    if (Array.isArray(v)) {
      text("[");
      v.forEach((item, i) => {
        if (i) text(",");
        walk(item);
      });
      return text("]");
    }
    if (typeof v === "object" && v !== null) {
      text("{");
      Object.entries(v).forEach(([k, item], i) => {
        if (i) text(",");
        text(`${JSON.stringify(k)}:`);
        walk(item);
      });
      return text("}");
    }
    // JSON.stringify writes lone surrogates as \udXXX escapes: the server sees the lone surrogate.
    text(v === undefined ? "null" : JSON.stringify(v));
  };
  walk(value);
  return Buffer.concat(parts);
}

/** Percent-encodes every byte outside the unreserved set (so raw bytes survive as %XX). */
export function percentEncodeBytes(bytes: Buffer): string {
  let out = "";
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * A value as it goes into a query string or path segment, percent-encoded. Strings are sent as
 * their UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it: the URL door
 * cannot carry one, so the JSON body is where lone surrogates are tested).
 */
export function urlComponent(value: unknown): string {
  if (isPlaceholder(value)) {
    switch (value.$fuzz) {
      case "repeat":
        return percentEncodeBytes(Buffer.from(value.unit.repeat(value.count), "utf8"));
      case "deep":
        return percentEncodeBytes(Buffer.from(deepText(value), "utf8"));
      case "literal":
        return percentEncodeBytes(Buffer.from(value.text, "utf8"));
      case "bytes":
        return percentEncodeBytes(Buffer.concat([Buffer.from(value.before), Buffer.from(value.bytes), Buffer.from(value.after)]));
      case "ref":
        return `unresolved-${value.collection}`;
    }
  }
  if (typeof value === "string") return percentEncodeBytes(Buffer.from(value, "utf8"));
  if (typeof value === "object" && value !== null) return percentEncodeBytes(jsonBytes(value));
  return percentEncodeBytes(Buffer.from(String(value), "utf8"));
}

/** A short, printable description of a value for failure reports. */
export function preview(value: unknown, max = 300): string {
  const text =
    JSON.stringify(value, (_k, v: unknown) => {
      if (isPlaceholder(v) && v.$fuzz === "repeat") return `<${JSON.stringify(v.unit.slice(0, 8))} x ${v.count}>`;
      if (isPlaceholder(v) && v.$fuzz === "deep") return `<${v.shape} nested ${v.depth} deep>`;
      return v;
    }) ?? "undefined";
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
