/**
 * Waiting on work that may hang (a database query on a connection gone silent, an object store that
 * does not answer): a deadline on one wait, and a probe that callers share only while it is young.
 */

export class DeadlineError extends Error {
  override name = "DeadlineError";
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
  }
}

/** The promise's outcome, or DeadlineError after `ms` (the work itself goes on; nothing waits for it). */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(what, ms)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * One run of `work` at a time while it is young: callers within `deadlineMs` of its start share its
 * outcome (a slow database is not asked again and again), and a caller after that starts a fresh
 * run. A run that hangs is left behind, never joined again: its own timeouts end it (a database
 * connection that stays silent is destroyed by the database package's socket watch).
 */
export function freshFlight<T>(work: () => Promise<T>, deadlineMs: number): () => Promise<T> {
  let current: { run: Promise<T>; startedAt: number } | null = null;
  return () => {
    if (current && performance.now() - current.startedAt < deadlineMs) return current.run;
    const flight = {
      startedAt: performance.now(),
      run: work().finally(() => {
        if (current === flight) current = null;
      }),
    };
    current = flight;
    return flight.run;
  };
}
