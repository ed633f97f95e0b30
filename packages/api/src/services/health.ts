import type { Logger } from "../context.js";
import { DomainError } from "../errors.js";
import type { Queryable } from "./queryable.js";

export const DATABASE_UNAVAILABLE = "Database unavailable";

/** Answers when the database does; "unavailable" (503) when it does not. */
export async function checkDatabase(sql: Queryable, log: Logger): Promise<void> {
  try {
    await sql`SELECT 1`;
  } catch (err) {
    log.error({ err }, "health check: database unreachable");
    throw new DomainError("unavailable", DATABASE_UNAVAILABLE);
  }
}
