import type { Logger } from "../logger.js";
import { DomainError } from "../errors.js";
import type { Queryable } from "./queryable.js";

export const DATABASE_UNAVAILABLE = "Database unavailable";

/** A health answer comes within 2 s even when the database hangs: the query gets this long. */
export const DATABASE_CHECK_DEADLINE_MS = 1500;

/**
 * The probe under way per client: checks within its deadline share it instead of queueing more; a
 * check after that starts a fresh one, so a probe stuck on a connection that went silent is never
 * joined again (the database package destroys that connection; the fresh probe gets another).
 */
const probes = new WeakMap<Queryable, { probe: Promise<unknown>; startedAt: number }>();

/** Answers when the database does, within the deadline; "unavailable" (503) when it does not. */
export async function checkDatabase(sql: Queryable, log: Logger): Promise<void> {
  let current = probes.get(sql);
  if (!current || performance.now() - current.startedAt >= DATABASE_CHECK_DEADLINE_MS) {
    const flight = {
      startedAt: performance.now(),
      probe: Promise.resolve(sql`SELECT 1`).finally(() => {
        if (probes.get(sql) === flight) probes.delete(sql);
      }),
    };
    // A probe left behind still settles; nobody waits for it.
    flight.probe.catch(() => {});
    probes.set(sql, flight);
    current = flight;
  }
  const probe = current.probe;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_DEADLINE_MS} ms`)), DATABASE_CHECK_DEADLINE_MS);
  });
  try {
    await Promise.race([probe, deadline]);
  } catch (err) {
    log.error({ err }, "health check: database unreachable");
    throw new DomainError("unavailable", DATABASE_UNAVAILABLE);
  } finally {
    clearTimeout(timer);
  }
}
