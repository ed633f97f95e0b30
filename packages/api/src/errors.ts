import type { ZodError } from "zod";

/** What every unexpected failure says to the client, on every door; the real text is only logged. */
export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** What a request hears when the database could not answer it now (a lost connection, a timeout): a 503. */
export const DATABASE_UNAVAILABLE = "The database is not answering right now. Please try again in a moment.";

/**
 * What can go wrong, in the domain's words. The procedure edge (`trpc.ts`) maps each kind to a tRPC
 * code and HTTP status; nothing below it knows about either.
 */
export const DOMAIN_ERROR_KINDS = [
  "bad-input",
  "unauthorized",
  "forbidden",
  "not-found",
  "conflict",
  "payload-too-large",
  "unsupported-media-type",
  "unprocessable",
  "rate-limited",
  "unavailable",
] as const;

export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** One invalid field: `path` is the dotted field name ("" for the input as a whole). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * What a rate-limited refusal tells the client to act on (ADR 015): the edge turns it into the
 * `Retry-After`, `RateLimit-Policy` and `RateLimit` header fields (draft-ietf-httpapi-ratelimit-headers).
 */
export interface RateLimitInfo {
  /** Whole seconds until a retry can succeed (at least 1). */
  retryAfterSeconds: number;
  /** The policy's name, e.g. "login-address" (a structured-field string: letters, digits, `-`). */
  policy: string;
  /** How many requests the policy allows in its window before it refuses or slows down. */
  quota: number;
  /** The policy's window in seconds. */
  windowSeconds: number;
}

/**
 * The one error type services throw. `message` is shown to the person as it is (docs/product.md's texts
 * verbatim), so it never carries internal detail; `issues` names the invalid fields of a bad input;
 * `rateLimit` says when a rate-limited request may be retried (see `rateLimited`).
 */
export class DomainError extends Error {
  override name = "DomainError";

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues?: FieldIssue[],
    readonly rateLimit?: RateLimitInfo,
  ) {
    super(message);
  }
}

/** A 429 whose answer carries Retry-After and the RateLimit fields of `info`. */
export function rateLimited(message: string, info: RateLimitInfo): DomainError {
  return new DomainError("rate-limited", message, undefined, {
    ...info,
    retryAfterSeconds: Math.max(1, Math.ceil(info.retryAfterSeconds)),
  });
}

/** A 429 that did not say when to retry (a service that throws a bare "rate-limited" error) is told to wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The header fields of a 429 answer (both doors and the script-less forms): `Retry-After` in
 * seconds, and the IETF `RateLimit-Policy` / `RateLimit` fields naming the policy that refused it,
 * its quota (`q`) and window (`w`), nothing remaining (`r=0`) and the seconds until it resets (`t`).
 */
export function rateLimitHeaders(info: RateLimitInfo | undefined): Record<string, string> {
  const { retryAfterSeconds, policy, quota, windowSeconds } = info ?? {
    retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
    policy: "default",
    quota: 1,
    windowSeconds: DEFAULT_RETRY_AFTER_SECONDS,
  };
  const seconds = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return {
    "Retry-After": seconds,
    "RateLimit-Policy": `"${policy}";q=${quota};w=${windowSeconds}`,
    RateLimit: `"${policy}";r=0;t=${seconds}`,
  };
}

/**
 * The IETF `RateLimit-Policy` and `RateLimit` fields of an answer the policy allowed: its quota and
 * window, what remains (`r`) and the seconds until the oldest counted request leaves the window (`t`).
 */
export function rateLimitStateHeaders(
  info: Omit<RateLimitInfo, "retryAfterSeconds"> & { remaining: number; resetSeconds: number },
): Record<string, string> {
  return {
    "RateLimit-Policy": `"${info.policy}";q=${info.quota};w=${info.windowSeconds}`,
    RateLimit: `"${info.policy}";r=${Math.max(0, info.remaining)};t=${Math.max(1, Math.ceil(info.resetSeconds))}`,
  };
}

/** The 429 headers for an error thrown by a procedure (a TRPCError whose cause is a DomainError), or null when it is no 429. */
export function rateLimitHeadersOf(error: { code?: string; cause?: unknown } | undefined): Record<string, string> | null {
  if (!error) return null;
  const cause = error.cause instanceof DomainError ? error.cause : undefined;
  if (cause?.kind !== "rate-limited" && error.code !== "TOO_MANY_REQUESTS") return null;
  return rateLimitHeaders(cause?.rateLimit);
}

/** Turns zod issues into one sentence that names each field: "email: Please enter a valid email address". */
export function describeIssues(error: ZodError): { message: string; issues: FieldIssue[] } {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join("."), message: issueMessage(i) }));
  return { message: messageFor(issues), issues };
}

/** What a missing required field says ("email: Required"), instead of zod's "expected string, received undefined". */
export const REQUIRED_MESSAGE = "Required";

/**
 * zod's own text, except for a field that was not sent at all: zod 4 says "Invalid input: expected
 * string, received undefined" there, which names a JavaScript value, not the problem. A schema's own
 * message for a missing field (e.g. "Appointment date is required") is kept.
 */
function issueMessage(issue: ZodError["issues"][number]): string {
  const missing = issue.code === "invalid_type" && issue.path.length > 0 && / received undefined$/.test(issue.message);
  return missing ? REQUIRED_MESSAGE : issue.message;
}

function messageFor(issues: FieldIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ") || "Invalid input";
}

/** A bad-input error whose message names each field, in the same words as a schema failure. */
export function badInput(issues: FieldIssue[]): DomainError {
  return new DomainError("bad-input", messageFor(issues), issues);
}

/**
 * A refusal because of what the request clashes with (a booking's working hours, time blocks or
 * other appointments): a 409 whose error body carries `conflicts` beside `message`, so a client can
 * show them and ask again with `confirm: true` ("Book anyway").
 */
export class ConflictError<T extends object = object> extends DomainError {
  override name = "ConflictError";

  constructor(
    message: string,
    readonly conflicts: readonly T[],
  ) {
    super("conflict", message);
  }
}

/** A zod failure as a bad-input error whose message and issues name the fields. */
export function badInputFrom(error: ZodError): DomainError {
  return badInput(describeIssues(error).issues);
}
