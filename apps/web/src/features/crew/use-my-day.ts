import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

/**
 * A day of the signed-in user's jobs. Unlike the dashboard's other lists (fetched once, never
 * stale) it is fetched again when the screen comes back, the phone regains signal or a minute has
 * passed, and tried again twice on a bad connection; the jobs already shown stay on screen
 * meanwhile (and while the next day loads).
 */
export function useMyDay(date: string) {
  return trpc.crewDay.myDay.useQuery(
    { date },
    {
      staleTime: 60_000,
      refetchOnMount: true,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      retry: 2,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      placeholderData: keepPreviousData,
    },
  );
}

/** Marks every loaded day stale after a job changed (its status, value or notes). */
export function useMyDayInvalidation() {
  const utils = trpc.useUtils();
  return () => void utils.crewDay.myDay.invalidate();
}
