import { pino } from "pino";
import { ConfigError } from "./env.js";

/**
 * A start that failed because of a setting: which variable, and why in words (never its value, and
 * never a stack trace: the operator fixes the setting, not the code).
 */
export class StartupError extends Error {
  override name = "StartupError";
  constructor(
    readonly variable: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Runs a start-up step; a failure becomes a StartupError naming `variable`. */
export async function blamed<T>(variable: string, what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof StartupError || err instanceof ConfigError) throw err;
    throw new StartupError(variable, `${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * Writes why the start failed as ONE JSON log line (level fatal) on stdout, like every other log
 * line of the server, and answers the exit code. A refused setting names its variable(s) and
 * carries no stack; anything else (a bug) keeps its stack inside the JSON.
 */
export function reportStartupFailure(err: unknown): number {
  // Synchronous: the process exits right after.
  const log = pino({ base: { service: "crawlguard" } }, pino.destination({ dest: 1, sync: true }));
  if (err instanceof ConfigError) {
    log.fatal(
      { variable: err.variables[0], variables: err.variables, problems: err.problems },
      `Invalid configuration: ${err.problems.map((p) => `${p.variable}: ${p.message}`).join("; ")}`,
    );
    return 78; // EX_CONFIG
  }
  if (err instanceof StartupError) {
    log.fatal({ variable: err.variable }, `Cannot start: ${err.variable}: ${err.message}`);
    return 78;
  }
  const error = err instanceof Error ? err : new Error(String(err));
  log.fatal({ err: { type: error.name, message: error.message, stack: error.stack } }, `Cannot start: ${error.message}`);
  return 1;
}
