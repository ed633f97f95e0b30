/**
 * An error a handler throws for the server to answer: `body` is sent as JSON, or as HTML when it
 * is a string (the browser-facing OAuth pages).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** The optional parts of one entry in a Calendar error's `errors` list. */
export interface CalendarErrorDetail {
  domain?: string;
  location?: string;
  locationType?: string;
  /** The entry's message when it differs from the top-level one (Google does so for auth errors). */
  itemMessage?: string;
  /** The gRPC-style status Google adds to some errors, e.g. "UNAUTHENTICATED". */
  status?: string;
  headers?: Record<string, string>;
}

/**
 * A Calendar API error in Google's shape:
 * `{ error: { code, message, errors: [{ domain, reason, message }], status? } }`.
 */
export function calendarError(code: number, reason: string, message: string, detail: CalendarErrorDetail = {}): HttpError {
  const { domain = "global", location, locationType, itemMessage = message, status, headers } = detail;
  const item = { domain, reason, message: itemMessage, ...(location ? { locationType, location } : {}) };
  return new HttpError(code, { error: { code, message, errors: [item], ...(status ? { status } : {}) } }, headers);
}

/** An OAuth 2.0 error as Google's token, revoke and userinfo endpoints answer it: `{ error, error_description }`. */
export function oauthError(status: number, error: string, description: string, headers?: Record<string, string>): HttpError {
  return new HttpError(status, { error, error_description: description }, headers);
}
