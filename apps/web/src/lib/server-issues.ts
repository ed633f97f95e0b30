import { TRPCClientError } from "@trpc/client";
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
