/**
 * Ends a stuck bench run: after `ms`, says so, runs `cleanup` (its errors ignored) and exits 1.
 * Clear the returned timer when the run ends.
 */
export function armDeadline(ms: number, cleanup: () => Promise<unknown> = async () => {}): NodeJS.Timeout {
  return setTimeout(() => {
    console.error(`bench exceeded ${ms / 1000} s: stopping`);
    void cleanup()
      .catch(() => {})
      .finally(() => process.exit(1));
  }, ms);
}
