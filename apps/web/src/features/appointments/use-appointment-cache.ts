import type { Lead } from "@crawlguard/validators";
import { useCallback } from "react";
import { trpc } from "../../lib/trpc";
import { useLeadsCache, useScheduleQueriesInvalidation } from "../leads/use-lead-mutations";

/**
 * After a booking (or a reschedule, or a drag in the calendar): the lead goes into the cached
 * lead list, so the board, the stat cards and the appointment lists show it at once; the
 * calendar ranges and free-time answers are refetched; the lead's timeline gets its new entry.
 */
export function useAppointmentSaved(): (lead: Lead) => void {
  const cache = useLeadsCache();
  const invalidateSchedule = useScheduleQueriesInvalidation();
  const utils = trpc.useUtils();
  return useCallback(
    (lead: Lead) => {
      cache.upsert(lead);
      invalidateSchedule();
      void utils.leads.timeline.invalidate({ id: lead.id });
    },
    [cache, invalidateSchedule, utils],
  );
}
