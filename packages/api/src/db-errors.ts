import { SILENT_CONNECTION_CODE } from "@crawlguard/db";
import postgres from "postgres";

/** A unique-constraint violation, optionally of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return err instanceof postgres.PostgresError && err.code === "23505" && (constraint === undefined || err.constraint_name === constraint);
}

/** postgres.js's own codes for a connection that went away or never came, and the watch's for a silent one. */
const LOST_CONNECTION_CODES = new Set([
  SILENT_CONNECTION_CODE,
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * SQLSTATEs that say "not now" rather than "wrong": a statement cut by its timeout (57014), a server
 * shutting down or starting (57P01–57P03), too many connections (53300), a lost connection (class 08),
 * a deadlock or serialization failure a retry resolves (40P01, 40001).
 */
function isTransientSqlState(code: string): boolean {
  return code === "57014" || code.startsWith("57P") || code === "53300" || code.startsWith("08") || code === "40P01" || code === "40001";
}

/**
 * True when a query failed because the database could not answer it now (a dropped or frozen
 * connection, a statement timeout, a restart), not because of the request: the edge answers 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof postgres.PostgresError) return isTransientSqlState(err.code);
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && LOST_CONNECTION_CODES.has(code);
}
