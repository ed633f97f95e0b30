const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The instant of an RFC 3339 timestamp with its offset ("2030-01-01T09:00:00+01:00"), or null. */
export function parseTimestamp(value: string): number | null {
  if (!TIMESTAMP.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether `value` has the form of a date-time without an offset ("2030-01-01T09:00:00"). */
export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value);
}

/** The instant a calendar date ("2030-01-01") starts in UTC, or null when it is not a real date. */
export function parseDate(value: string): number | null {
  if (!DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value) ? ms : null;
}

/** Whether `timeZone` is an IANA time zone name this Node knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock date-time without offset in an IANA time zone (a valid one). */
export function parseLocalDateTime(value: string, timeZone: string): number {
  const asUtc = Date.parse(`${value}Z`);
  const guess = asUtc - zoneOffset(asUtc, timeZone);
  return asUtc - zoneOffset(guess, timeZone);
}
