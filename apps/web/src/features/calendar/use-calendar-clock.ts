import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { toFloating } from "../../lib/business-time";
import { DAY_COLUMNS, WEEK_COLUMNS } from "./calendar-grid";

/**
 * Now, ticking as each minute begins (not a minute after the tab opened, so the Now marker and
 * the shading of past slots change when the clock does): the instant, and the business zone's
 * wall clock (floating).
 */
export function useClock(zone: string): { instant: number; floating: Date } {
  const [instant, setInstant] = useState(() => Date.now());
  useEffect(() => {
    const untilNextMinute = 60_000 - (instant % 60_000);
    const timer = setTimeout(() => setInstant(Date.now()), untilNextMinute + 5);
    return () => clearTimeout(timer);
  }, [instant]);
  return useMemo(() => {
    const floating = toFloating(instant, zone);
    floating.setSeconds(0, 0);
    return { instant, floating };
  }, [instant, zone]);
}

const subscribeMedia = (query: string) => (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};
const WIDE = "(min-width: 48em)";
const VERY_WIDE = "(min-width: 100em)";
const subscribeWide = subscribeMedia(WIDE);
const subscribeVeryWide = subscribeMedia(VERY_WIDE);

/** Whether the screen is at least tablet wide (48em); true when rendered without a window. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * How many overlapping items fit side by side in a week's day column and in the day view, each
 * at least ~6rem wide: a week column is ~8rem on a laptop (one, then "+N more"),
 * ~13rem on a 1600 px screen (two); the day view holds five, two on a phone.
 */
export function useOverlapColumns(): { week: number; day: number } {
  const wide = useWideScreen();
  const veryWide = useSyncExternalStore(
    subscribeVeryWide,
    () => window.matchMedia(VERY_WIDE).matches,
    () => false,
  );
  return useMemo(
    () => ({ week: veryWide ? WEEK_COLUMNS.wide : WEEK_COLUMNS.narrow, day: wide ? DAY_COLUMNS.wide : DAY_COLUMNS.narrow }),
    [wide, veryWide],
  );
}
