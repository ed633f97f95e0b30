import { HttpError } from "./errors.js";

/** The statuses a calendar failure can answer with: Google's backendError (500, 503) or rate limit (403, 429). */
export type FailureStatus = 403 | 429 | 500 | 503;
const FAILURE_STATUSES: readonly number[] = [403, 429, 500, 503];

/** A planned failure of calendar calls: `remaining` calls fail, or every call while it is null. */
export interface CalendarFailure {
  status: FailureStatus;
  remaining: number | null;
}

/** The fault switches in force. */
export interface Faults {
  /** Calendar calls answer an error instead of running. */
  calendarFailure: CalendarFailure | null;
  /** Every calendar call waits this long before it is answered. */
  latencyMs: number;
  /** Every refresh_token grant answers invalid_grant, as after the user removed the app's access. */
  invalidGrant: boolean;
  /** The consent screen answers access_denied, as when the user clicks "Cancel". */
  denyConsent: boolean;
}

/**
 * A change to the switches: only the given ones change. `calendarFailure` is a status (every call
 * fails until cleared), `{ status, count }` (the next `count` calls fail), or null (off).
 */
export interface FaultSettings {
  calendarFailure?: FailureStatus | { status: FailureStatus; count?: number } | null;
  latencyMs?: number;
  invalidGrant?: boolean;
  denyConsent?: boolean;
}

const OFF: Faults = { calendarFailure: null, latencyMs: 0, invalidGrant: false, denyConsent: false };

function invalid(message: string): HttpError {
  return new HttpError(400, { error: "invalid_fault", error_description: message });
}

function failureOf(value: unknown): CalendarFailure | null {
  if (value === null) return null;
  const { status, count } =
    typeof value === "object" ? (value as { status?: unknown; count?: unknown }) : { status: value, count: undefined };
  if (typeof status !== "number" || !FAILURE_STATUSES.includes(status)) {
    throw invalid(`calendarFailure status must be one of ${FAILURE_STATUSES.join(", ")}`);
  }
  if (count !== undefined && count !== null && !(Number.isInteger(count) && (count as number) > 0)) {
    throw invalid("calendarFailure count must be a positive integer");
  }
  return { status: status as FailureStatus, remaining: typeof count === "number" ? count : null };
}

function flag(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw invalid(`${name} must be true or false`);
  return value;
}

/** The fault switches of one emulator, set by tests in code or over HTTP. */
export class FaultController {
  #faults: Faults = { ...OFF };

  /**
   * Changes the given switches and leaves the others; returns the switches now in force.
   * Throws (an HttpError with status 400) on a value it does not understand.
   */
  set(settings: FaultSettings): Faults {
    if (typeof settings !== "object" || settings === null) throw invalid("expected a JSON object of fault switches");
    const next = { ...this.#faults };
    for (const [key, value] of Object.entries(settings)) {
      if (key === "calendarFailure") next.calendarFailure = failureOf(value);
      else if (key === "latencyMs") {
        if (typeof value !== "number" || !(value >= 0)) throw invalid("latencyMs must be a number ≥ 0");
        next.latencyMs = value;
      } else if (key === "invalidGrant" || key === "denyConsent") next[key] = flag(key, value);
      else throw invalid(`unknown fault switch ${key}`);
    }
    this.#faults = next;
    return this.get();
  }

  /** The switches in force. */
  get(): Faults {
    const failure = this.#faults.calendarFailure;
    return { ...this.#faults, calendarFailure: failure && { ...failure } };
  }

  /** Turns every switch off. */
  clear(): void {
    this.#faults = { ...OFF };
  }

  /** Uses up one planned calendar failure: its status, or null when the call should go through. */
  takeCalendarFailure(): FailureStatus | null {
    const failure = this.#faults.calendarFailure;
    if (!failure) return null;
    if (failure.remaining !== null) {
      failure.remaining -= 1;
      if (failure.remaining === 0) this.#faults.calendarFailure = null;
    }
    return failure.status;
  }
}
