/**
 * Why a call to Google failed, in the product's terms. `revoked`: the grant is gone (invalid_grant
 * on refresh: revoked, expired, password changed); only reconnecting helps, so nothing retries it.
 * `refused`: Google rejected this request itself (a 4xx other than auth and rate limits); a retry
 * would fail the same way. `unavailable`: Google failed or could not be reached (5xx, 429, network);
 * a retry later may succeed.
 */
export type GoogleFailureKind = "revoked" | "refused" | "unavailable";

export class GoogleCalendarError extends Error {
  override name = "GoogleCalendarError";

  constructor(
    readonly kind: GoogleFailureKind,
    message: string,
    /** The HTTP status Google answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

interface GaxiosLike {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; data?: unknown };
}

function googleReason(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const d = data as { error?: unknown; error_description?: unknown };
  if (typeof d.error === "string") return d.error;
  if (d.error && typeof d.error === "object") {
    const e = d.error as { message?: unknown; status?: unknown };
    if (typeof e.message === "string") return e.message;
  }
  return undefined;
}

/**
 * Turns whatever the Google clients threw into a GoogleCalendarError. The message never carries
 * a token or a request: only the status and Google's reason.
 */
export function classifyGoogleError(error: unknown): GoogleCalendarError {
  if (error instanceof GoogleCalendarError) return error;
  const e = (error ?? {}) as GaxiosLike;
  const status = e.response?.status ?? (typeof e.status === "number" ? e.status : undefined);
  const reason = googleReason(e.response?.data);
  if (reason === "invalid_grant") {
    return new GoogleCalendarError(
      "revoked",
      "Google no longer accepts the calendar connection (invalid_grant): reconnect Google Calendar",
      status,
    );
  }
  if (status === undefined) {
    const code = typeof e.code === "string" ? e.code : "no answer";
    return new GoogleCalendarError("unavailable", `Google Calendar could not be reached (${code})`);
  }
  const detail = reason ? `: ${reason}` : "";
  if (status >= 500 || status === 429 || status === 408)
    return new GoogleCalendarError("unavailable", `Google Calendar answered ${status}${detail}`, status);
  // 403 with a rate limit reason is Google's "slow down".
  if (status === 403 && /rate limit|quota/i.test(reason ?? ""))
    return new GoogleCalendarError("unavailable", `Google Calendar answered ${status}${detail}`, status);
  if (status === 401)
    return new GoogleCalendarError(
      "revoked",
      `Google Calendar refused the connection's token (401)${detail}: reconnect Google Calendar`,
      status,
    );
  return new GoogleCalendarError("refused", `Google Calendar answered ${status}${detail}`, status);
}

/** The status Google answered, if the error carries one (404/409/410 decide what a push does next). */
export function googleStatus(error: unknown): number | undefined {
  const e = (error ?? {}) as GaxiosLike;
  return e.response?.status ?? (typeof e.status === "number" ? e.status : undefined);
}
