/**
 * Dates for scheduling tests, computed independently of the code under test (Intl and the US
 * daylight-saving rules, not the scheduling module), in next year so they are always in the
 * future. The server's default business zone is America/New_York.
 */
export const BUSINESS_ZONE = "America/New_York";
export const YEAR = new Date().getUTCFullYear() + 1;

const pad = (n: number) => String(n).padStart(2, "0");

/** The nth (1-based) given weekday (0 = Sunday) of a month, 'yyyy-MM-dd'. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Today in the business zone, 'yyyy-MM-dd'. */
export function businessToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

/** A Tuesday in July (daylight time, UTC-4) and one in January (standard time, UTC-5). */
export const JULY_TUESDAY = nthWeekday(YEAR, 7, 2, 2);
export const JANUARY_TUESDAY = nthWeekday(YEAR, 1, 2, 2);
/** US rules: clocks go forward on the second Sunday of March at 02:00, back on the first Sunday of November at 02:00. */
export const SPRING_FORWARD = nthWeekday(YEAR, 3, 0, 2);
export const FALL_BACK = nthWeekday(YEAR, 11, 0, 1);

/** A wall-clock time on a July date (UTC-4) as a UTC ISO instant. */
export function julyAt(date: string, hhmm: string): string {
  return instant(date, hhmm, 4);
}

/** A wall-clock time on a January date (UTC-5) as a UTC ISO instant. */
export function januaryAt(date: string, hhmm: string): string {
  return instant(date, hhmm, 5);
}

function instant(date: string, hhmm: string, hoursBehindUtc: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = hhmm.split(":").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d, h! + hoursBehindUtc, min)).toISOString();
}
