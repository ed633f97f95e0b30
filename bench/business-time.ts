import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";

/** The business time zone the benches' servers run in (BUSINESS_TIME_ZONE). */
export const BENCH_ZONE = "America/New_York";

/** 'yyyy-MM-dd' of today plus `days` in the business zone. */
export function businessDate(days: number): string {
  return format(addDays(TZDate.tz(BENCH_ZONE), days), "yyyy-MM-dd");
}

/** The instant the business zone's clocks show `date` ('yyyy-MM-dd') at `minutes` after midnight. */
export function zonedInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, minutes, BENCH_ZONE).getTime());
}
