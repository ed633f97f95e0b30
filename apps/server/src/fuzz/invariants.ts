/**
 * What must hold for every answer, whatever was sent: no 5xx, an answer at all, a JSON error with
 * a message for every refusal, no protected data for the wrong role, and no secret or other
 * user's data in the body or headers.
 */
import { header, headerAll, type WireResponse } from "./http.js";
import type { Operation } from "./operations.js";
import type { RequestSpec } from "./spec.js";
import type { BuiltRequest } from "./wire.js";
import { SESSION_COOKIE, type Account, type Secrets } from "./world.js";

export type Invariant = "5xx" | "no-answer" | "error-shape" | "authorization" | "leak" | "state-change" | "crash" | "health";

export interface Violation {
  invariant: Invariant;
  detail: string;
}

export interface CheckContext {
  spec: RequestSpec;
  op: Operation;
  built: BuiltRequest;
  res: WireResponse;
  secrets: Secrets;
  /** The account whose session the request carried (null: anonymous). */
  requester: Account | null;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HEX64 = /\b[0-9a-f]{64}\b/gi;
/** Session tokens: 32 random bytes, base64url (43 characters), standing alone. */
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const STACK_FRAME = /\n\s+at [^\n]+:\d+:\d+\)?/;

const EMAIL_SEPARATORS = new Set([..." \t\r\n\"'<>(),;:\\[]{}"]);

/** Every `local@domain` in the text, found from each "@" outwards (linear even on a 1 MB answer). */
export function emailsIn(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && !EMAIL_SEPARATORS.has(text[start - 1]!) && at - start < 254) start--;
    let end = at + 1;
    while (end < text.length && !EMAIL_SEPARATORS.has(text[end]!) && text[end] !== "@" && end - at < 254) end++;
    if (start < at && end > at + 1) found.push(text.slice(start, end));
  }
  return found;
}

/** Requests that may reach another procedure than the one specified: role checks are skipped for them. */
function reachesAnotherProcedure(spec: RequestSpec): boolean {
  const t = spec.transport;
  return (
    t.method !== undefined ||
    t.path !== undefined ||
    (t.trpc !== undefined &&
      ["batch-mixed", "unknown-procedure", "proto-procedure", "empty-procedure", "router-path", "wrong-method"].includes(t.trpc)) ||
    t.cookie !== undefined ||
    t.raw === "lowercase-method"
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The user object a successful login or registration answers with (the requester's new self). */
export function answeredUser(op: Operation, res: WireResponse): { id: string; email: string | null } | null {
  if (res.status !== 200 || !["auth.login", "auth.register"].includes(op.procedure)) return null;
  const body = parseJson(res.text) as Record<string, unknown> | Record<string, unknown>[] | undefined;
  const first = Array.isArray(body) ? body[0] : body;
  const answered: unknown = (first?.result as { data?: unknown } | undefined)?.data ?? first;
  const user = answered as { id?: unknown; email?: unknown } | undefined;
  return typeof user?.id === "string" ? { id: user.id, email: typeof user.email === "string" ? user.email : null } : null;
}

/** tRPC answers (single, batch, JSON lines) and REST answers alike: does any part carry a result? */
function carriesResult(door: RequestSpec["door"], text: string): boolean {
  return door === "rest" || /"result"\s*:/.test(text);
}

function hasMessage(value: unknown): boolean {
  if (Array.isArray(value))
    return value.length > 0 && value.every((item) => hasMessage(item) || (typeof item === "object" && item !== null && "result" in item));
  if (typeof value !== "object" || value === null) return false;
  const v = value as { message?: unknown; error?: { message?: unknown } };
  if (typeof v.message === "string" && v.message.trim()) return true;
  return typeof v.error?.message === "string" && v.error.message.trim() !== "";
}

function checkStatus(ctx: CheckContext, out: Violation[]): void {
  const { res, built } = ctx;
  if (res.status === 0) {
    out.push({
      invariant: "no-answer",
      detail: `no HTTP answer (${res.failure ?? "closed"})${built.wire.halfClose ? " after the client half-closed" : ""}`,
    });
    return;
  }
  if (res.status >= 500) out.push({ invariant: "5xx", detail: `status ${res.status}` });
  const inner = /"httpStatus"\s*:\s*(5\d\d)/.exec(res.text);
  if (inner && res.status < 500) out.push({ invariant: "5xx", detail: `a tRPC item answered httpStatus ${inner[1]} (HTTP ${res.status})` });
  if (res.failure === "timeout") out.push({ invariant: "no-answer", detail: "answer incomplete after the timeout" });
}

/** Requests whose path still lies under one of the two doors (a mutated path may leave them). */
export function underTheDoors(target: string): boolean {
  return /^\/(api|trpc)(\/|\?|$)/i.test(target);
}

function checkErrorShape(ctx: CheckContext, out: Violation[]): void {
  const { res, built } = ctx;
  if (res.status < 400 || res.status >= 600 || built.wire.method.toUpperCase() === "HEAD" || !underTheDoors(built.wire.target)) return;
  // Node's HTTP parser refuses malformed requests before the app sees them (no request id, no body).
  if (!header(res, "x-request-id")) return;
  const body = parseJson(res.text);
  if (body === undefined) {
    const type = header(res, "content-type") ?? "no content type";
    out.push({ invariant: "error-shape", detail: `${res.status} answered ${type}, not JSON: ${JSON.stringify(res.text.slice(0, 120))}` });
    return;
  }
  if (!hasMessage(body)) out.push({ invariant: "error-shape", detail: `${res.status} JSON without a message: ${res.text.slice(0, 160)}` });
}

function checkAuthorization(ctx: CheckContext, out: Violation[]): void {
  const { spec, op, res } = ctx;
  if (res.status < 200 || res.status >= 300 || reachesAnotherProcedure(spec)) return;
  if (!carriesResult(spec.door, res.text)) return;
  if (spec.role === "anonymous" && op.requiresSession) {
    out.push({ invariant: "authorization", detail: `anonymous got ${res.status} from ${op.procedure}, which needs a session` });
  }
  if (spec.role === "staff" && op.adminOnly) {
    out.push({ invariant: "authorization", detail: `staff got ${res.status} from admin-only ${op.procedure}` });
  }
}

function checkLeaks(ctx: CheckContext, out: Violation[]): void {
  const { spec, op, res, secrets, requester, built } = ctx;
  const setCookies = headerAll(res, "set-cookie");
  const haystack = [res.text, ...res.headers.filter(([k]) => k !== "set-cookie").map(([, v]) => v)].join("\n");
  const echo = built.echo;
  const echoLower = echo.toLowerCase();
  const self = answeredUser(op, res);
  const allowedUsers = new Set([requester?.id, self?.id].filter(Boolean));
  const admin = spec.role === "admin";
  const leak = (detail: string) => out.push({ invariant: "leak", detail });

  if (haystack.includes("$argon2")) leak("an argon2 password hash");
  for (const h of secrets.passwordHashes) if (haystack.includes(h)) leak("a stored password hash");
  for (const m of haystack.matchAll(HEX64)) {
    if (secrets.sessionIds.has(m[0].toLowerCase()) && !echoLower.includes(m[0].toLowerCase()))
      leak(`a stored session id ${m[0].slice(0, 8)}…`);
  }
  for (const m of haystack.matchAll(TOKEN)) {
    const owner = secrets.tokens.get(m[0]);
    if (owner && owner !== requester?.id && !echo.includes(m[0])) leak(`the session token of another client (${owner})`);
  }
  for (const line of setCookies) {
    const value = new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(line)?.[1];
    const owner = value ? secrets.tokens.get(value) : undefined;
    if (owner && owner !== requester?.id && owner !== self?.id) leak(`Set-Cookie hands out another client's session (${owner})`);
  }
  for (const s of secrets.config) if (haystack.includes(s)) leak("a configuration secret");
  if (/node_modules\//.test(haystack) || STACK_FRAME.test(haystack)) leak("internal details (a stack trace or source path)");
  if (!admin) {
    for (const found of emailsIn(haystack)) {
      const email = found.toLowerCase();
      const owner = secrets.userEmails.get(email);
      if (owner && !allowedUsers.has(owner) && !echoLower.includes(email)) leak(`another user's email (${email})`);
    }
  }
  for (const m of haystack.matchAll(UUID)) {
    const id = m[0].toLowerCase();
    if (echoLower.includes(id)) continue;
    // Staff see their colleagues' ids by design (Assigned to, the Everyone view: ADR 026); a client
    // that is not signed in never sees a user's id.
    if (spec.role === "anonymous" && secrets.userIds.has(id) && !allowedUsers.has(id)) leak(`another user's id (${id})`);
    if (spec.role === "anonymous" && secrets.recordIds.has(id)) leak(`a record id (lead, submission...) to an anonymous client (${id})`);
  }
  if (spec.role === "anonymous") {
    for (const mark of secrets.markers)
      if (haystack.includes(mark) && !echo.includes(mark)) leak(`stored lead/submission data (${mark}) to an anonymous client`);
  }
}

/** A refused request must not start a session. */
function checkRejectedCookie(ctx: CheckContext, out: Violation[]): void {
  const { res } = ctx;
  if (res.status < 400) return;
  for (const line of headerAll(res, "set-cookie")) {
    if (new RegExp(`^${SESSION_COOKIE}=[^;]+`).test(line))
      out.push({ invariant: "state-change", detail: `a ${res.status} answer set a session cookie` });
  }
}

export function checkResponse(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  checkStatus(ctx, out);
  if (ctx.res.status === 0) return out;
  checkErrorShape(ctx, out);
  checkAuthorization(ctx, out);
  checkLeaks(ctx, out);
  checkRejectedCookie(ctx, out);
  // One finding per kind and detail is enough.
  return out.filter((v, i) => out.findIndex((w) => w.invariant === v.invariant && w.detail === v.detail) === i);
}
