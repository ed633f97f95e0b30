import type { Logger } from "../logger.js";
import { DomainError } from "../errors.js";
import { freshFlight, withDeadline } from "../flight.js";
import type { Queryable } from "../queryable.js";

export const DATABASE_UNAVAILABLE = "Database unavailable";

/** A health answer comes within 2 s even when the database hangs: the query gets this long. */
export const DATABASE_CHECK_DEADLINE_MS = 1500;

/**
 * The probe of each client: checks within its deadline share it instead of queueing more; a check
 * after that starts a fresh one, so a probe stuck on a connection that went silent is never joined
 * again (the database package destroys that connection; the fresh probe gets another).
 */
const probes = new WeakMap<Queryable, () => Promise<unknown>>();

/** Answers when the database does, within the deadline; "unavailable" (503) when it does not. */
export async function checkDatabase(sql: Queryable, log: Logger): Promise<void> {
  let probe = probes.get(sql);
  if (!probe) {
    probe = freshFlight(() => Promise.resolve(sql`SELECT 1`), DATABASE_CHECK_DEADLINE_MS);
    probes.set(sql, probe);
  }
  try {
    await withDeadline(probe(), DATABASE_CHECK_DEADLINE_MS, "database");
  } catch (err) {
    log.error({ err }, "health check: database unreachable");
    throw new DomainError("unavailable", DATABASE_UNAVAILABLE);
  }
}
