import { stdSerializers, type LoggerOptions } from "pino";
import { redactText, redactUrl } from "./redact-url.js";

/*
 * What never reaches a log: passwords, invitation tokens, OAuth codes and
 * states, upload tokens, Google's tokens and the client secret. Request URLs are redacted by the
 * request serializer (redact-url.ts); this module is the logger-wide net for everything else:
 * fields logged by name (pino `redact`), and errors, whose message, stack and attached request
 * (an HTTP client's error carries its request's URL and body: the token exchange's body holds the
 * code and the client secret) are cleaned by the `err` serializer.
 */

/** Fields censored wherever a log call passes them, at the top level or one object down. */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "newPassword",
  "*.newPassword",
  "inviteToken",
  "*.inviteToken",
  "token",
  "*.token",
  "refreshToken",
  "*.refreshToken",
  "accessToken",
  "*.accessToken",
  "tokens",
  "*.tokens",
  "state",
  "*.state",
  "input.code",
  "body",
  "*.body",
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

/** Properties of HTTP client errors (gaxios, fetch wrappers) that hold the request or response whole. */
const DROPPED_ERROR_FIELDS = ["config", "request", "response", "options", "headers", "body", "data"];

type SerializedError = Record<string, unknown>;

/**
 * pino's error serializer, then the error's request and response dropped and its texts redacted.
 * Takes an error, or one pino-http already serialized (it wraps custom serializers that way).
 */
export function serializeError(err: unknown): unknown {
  if (err === null || typeof err !== "object") return err;
  const out: SerializedError = { ...(err instanceof Error ? stdSerializers.err(err) : err) };
  for (const field of DROPPED_ERROR_FIELDS) delete out[field];
  if (typeof out.message === "string") out.message = redactText(out.message);
  if (typeof out.stack === "string") out.stack = redactText(out.stack);
  if (typeof out.url === "string") out.url = redactUrl(out.url);
  if (out.cause && typeof out.cause === "object") out.cause = serializeError(out.cause);
  return out;
}

/** The logger options every CrawlGuard logger gets (server.ts). */
export const redactingLoggerOptions: Pick<LoggerOptions, "redact" | "serializers"> = {
  redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
  serializers: { err: serializeError, error: serializeError },
};
