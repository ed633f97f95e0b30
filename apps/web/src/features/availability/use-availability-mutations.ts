import { useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * What a change to availability makes stale: time blocks show in the Blocked Time Periods list,
 * in the calendar (ranges) and in the booking dialogs' free times; working hours only in the
 * free times and conflicts (their own list is updated from the answer).
 */
export function useAvailabilityInvalidation() {
  const utils = trpc.useUtils();
  return useMemo(
    () => ({
      timeBlocksChanged: () => {
        void utils.timeBlocks.list.invalidate();
        void utils.appointments.range.invalidate();
        void utils.appointments.availability.invalidate();
      },
      workingHoursChanged: () => {
        void utils.appointments.availability.invalidate();
      },
    }),
    [utils],
  );
}
