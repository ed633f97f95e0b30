import type { Logger } from "../logger.js";
import { DomainError } from "../errors.js";
import type { Queryable } from "./queryable.js";

export const DATABASE_UNAVAILABLE = "Database unavailable";

/** A health answer comes within 2 s even when the database hangs (issue 22 §3): the query gets this long. */
export const DATABASE_CHECK_DEADLINE_MS = 1500;

/** The probe under way per client: while one hangs, later checks wait for it instead of queueing more. */
const probes = new WeakMap<Queryable, Promise<unknown>>();

/** Answers when the database does, within the deadline; "unavailable" (503) when it does not. */
export async function checkDatabase(sql: Queryable, log: Logger): Promise<void> {
  let probe = probes.get(sql);
  if (!probe) {
    probe = Promise.resolve(sql`SELECT 1`).finally(() => probes.delete(sql));
    probes.set(sql, probe);
  }
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
