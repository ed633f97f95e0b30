import { TRPCClientError } from "@trpc/client";
import type { Conflict } from "@crawlguard/validators";
import type { FieldErrors } from "./form-errors";

export type ServerIssue = { path: string; message: string };

function isIssue(value: unknown): value is ServerIssue {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { path?: unknown }).path === "string" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** The invalid fields a 400 from the API names (`error.data.issues`), or none. */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data: unknown = error.data;
  const issues = typeof data === "object" && data !== null ? (data as { issues?: unknown }).issues : undefined;
  return Array.isArray(issues) ? issues.filter(isIssue) : [];
}

/** The first message per field the form knows (top-level path), for showing under the fields. */
export function serverFieldErrors<TField extends string>(error: unknown, fields: readonly TField[]): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const issue of serverIssues(error)) {
    const field = issue.path.split(".")[0] as TField;
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * What a refused booking clashes with: a 409's `conflicts` (in the error body itself, beside
 * `message`), or null when the error is anything else.
 */
export function serverConflicts(error: unknown): Conflict[] | null {
  if (!(error instanceof TRPCClientError)) return null;
  const shape: unknown = error.shape;
  if (typeof shape !== "object" || shape === null) return null;
  const { code, conflicts } = shape as { code?: unknown; conflicts?: unknown };
  // tRPC's JSON-RPC code for CONFLICT (409).
  if (code !== -32009) return null;
  return Array.isArray(conflicts) ? (conflicts as Conflict[]) : null;
}
