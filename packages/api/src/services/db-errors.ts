import postgres from "postgres";

/** A unique-constraint violation, optionally of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return err instanceof postgres.PostgresError && err.code === "23505" && (constraint === undefined || err.constraint_name === constraint);
}
