/** A zod-like parse result: enough to read issues without importing zod here. */
type ParseResult = {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
};

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/** The first message per top-level field of a failed `safeParse`, `{}` when it succeeded. */
export function fieldErrors<TField extends string>(result: ParseResult): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field !== "string") continue;
    errors[field as TField] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
