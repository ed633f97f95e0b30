import type { ZodError } from "zod";

/** What every unexpected failure says to the client, on every door; the real text is only logged. */
export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

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
 * The one error type services throw. `message` is shown to the person as it is (docs/product.md's texts
 * verbatim), so it never carries internal detail; `issues` names the invalid fields of a bad input.
 */
export class DomainError extends Error {
  override name = "DomainError";

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
  }
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

/** A zod failure as a bad-input error whose message and issues name the fields. */
export function badInputFrom(error: ZodError): DomainError {
  return badInput(describeIssues(error).issues);
}
