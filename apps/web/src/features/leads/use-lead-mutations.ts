import { blankToNull, type Lead, type LeadUpdateInput } from "@crawlguard/validators";
import { useMemo } from "react";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";

/** Reads and writes the cached `leads.list`, so a change shows without refetching every lead. */
export function useLeadsCache() {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const list = utils.leads.list;
    return {
      get: () => list.getData(),
      cancel: () => list.cancel(),
      /** Replaces the lead with the same id, or puts a new one first (the list is newest first). */
      upsert: (lead: Lead) =>
        list.setData(undefined, (leads) => {
          if (!leads) return leads;
          const index = leads.findIndex((l) => l.id === lead.id);
          if (index === -1) return [lead, ...leads];
          const next = leads.slice();
          next[index] = lead;
          return next;
        }),
      /** Replaces the lead only if it is still there (a rollback must not resurrect a deleted lead). */
      replace: (lead: Lead) => list.setData(undefined, (leads) => leads?.map((l) => (l.id === lead.id ? lead : l))),
      remove: (id: string) => list.setData(undefined, (leads) => leads?.filter((l) => l.id !== id)),
    };
  }, [utils]);
}

type UpdateInput = LeadUpdateInput & { id: string };

/**
 * The calendar's queries show leads too (appointments are scheduled leads): a change to a lead
 * marks them stale, so the Calendar tab and the booking dialog's free times refetch when shown.
 */
export function useScheduleQueriesInvalidation() {
  const utils = trpc.useUtils();
  return useMemo(
    () => () => {
      void utils.appointments.range.invalidate();
      void utils.appointments.availability.invalidate();
      void utils.busyTimes.day.invalidate();
    },
    [utils],
  );
}

/** The lead as it will look once the server has applied `patch`. */
export function applyLeadPatch(lead: Lead, patch: UpdateInput): Lead {
  const next: Lead = { ...lead };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || key === "id") continue;
    (next as Record<string, unknown>)[key] = typeof value === "string" ? blankToNull(value) : value;
  }
  return next;
}

// The newest pending change per lead. An older answer arriving late (a card
// dragged twice quickly) must neither overwrite nor roll back a newer change.
const latestChange = new Map<string, number>();
let changeCounter = 0;

type UpdateOptions = {
  /** Show the change at once and roll it back if the server refuses (board edits). */
  optimistic?: boolean;
  /** Raise the generic "Failed to update lead" toast on failure (callers with their own message turn it off). */
  toastErrors?: boolean;
};

export function useUpdateLead({ optimistic = true, toastErrors = true }: UpdateOptions = {}) {
  const cache = useLeadsCache();
  const invalidateSchedule = useScheduleQueriesInvalidation();
  return trpc.leads.update.useMutation({
    onMutate: async (input) => {
      const change = ++changeCounter;
      latestChange.set(input.id, change);
      if (!optimistic) return { change, previous: undefined };
      await cache.cancel();
      const previous = cache.get()?.find((lead) => lead.id === input.id);
      if (previous) cache.replace(applyLeadPatch(previous, input));
      return { change, previous };
    },
    onError: (error, input, context) => {
      if (context?.previous && latestChange.get(input.id) === context.change) cache.replace(context.previous);
      if (toastErrors) showToast({ title: "Failed to update lead", description: toastErrorText(error), type: "error" });
    },
    onSuccess: (lead, input, context) => {
      if (latestChange.get(input.id) === context.change) cache.replace(lead);
      invalidateSchedule();
    },
    onSettled: (_data, _error, input, context) => {
      if (context && latestChange.get(input.id) === context.change) latestChange.delete(input.id);
    },
  });
}

export function useCreateLead() {
  const cache = useLeadsCache();
  const invalidateSchedule = useScheduleQueriesInvalidation();
  return trpc.leads.create.useMutation({
    onSuccess: (lead) => {
      cache.upsert(lead);
      if (lead.scheduledDate) invalidateSchedule();
    },
  });
}

export function useDeleteLead() {
  const cache = useLeadsCache();
  const invalidateSchedule = useScheduleQueriesInvalidation();
  return trpc.leads.delete.useMutation({
    onSuccess: (_result, { id }) => {
      cache.remove(id);
      invalidateSchedule();
    },
    onError: (error) => showToast({ title: "Failed to delete lead", description: toastErrorText(error), type: "error" }),
  });
}
