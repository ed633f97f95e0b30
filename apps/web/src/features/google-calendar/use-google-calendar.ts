import type { Lead } from "@crawlguard/validators";
import { useCallback, useMemo } from "react";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";

/*
 * The Google Calendar calls the Calendar tab and the Google Calendar tab share (docs/product.md "The calls it makes",
 * /api/calendar/*). Small on purpose: the Calendar tab's chunk imports it, the panel
 * itself is a chunk of its own.
 */

/** The connection status (`googleCalendar.status`), fetched once and refreshed by the changes that move it. */
export function useGoogleCalendarStatus() {
  return trpc.googleCalendar.status.useQuery();
}

/**
 * Marks what Google's side of things shows as stale: the status (pending pushes, last error,
 * needs reconnect), the panel's upcoming events and the calendar's Google events.
 */
export function useGoogleQueriesInvalidation() {
  const utils = trpc.useUtils();
  return useMemo(
    () => () => {
      void utils.googleCalendar.status.invalidate();
      void utils.googleCalendar.events.invalidate();
      void utils.googleCalendar.eventsRange.invalidate();
    },
    [utils],
  );
}

/**
 * 'Add to Google' (docs/product.md "Screens and routes", Calendar lists): pushes one appointment now. Toasts 'Calendar
 * Event' with the server's message, or 'Add Event Failed' with the reason (when Google is down the
 * push stays queued on the server). Then refreshes the leads (docs/product.md) and Google's side.
 */
export function useAddToGoogle() {
  const utils = trpc.useUtils();
  const invalidateGoogle = useGoogleQueriesInvalidation();
  const mutation = trpc.googleCalendar.addEvent.useMutation({
    onSuccess: ({ message }) => showToast({ title: "Calendar Event", description: message, type: "success" }),
    onError: (error) => showToast({ title: "Add Event Failed", description: toastErrorText(error), type: "error" }),
    onSettled: () => {
      void utils.leads.list.invalidate();
      invalidateGoogle();
    },
  });
  const { mutate } = mutation;
  const add = useCallback((lead: Pick<Lead, "id">) => mutate({ leadId: lead.id }), [mutate]);
  return { add, pendingLeadId: mutation.isPending ? (mutation.variables?.leadId ?? null) : null };
}

/**
 * 'Sync with Google Calendar': pushes every future appointment that is missing or out of date.
 * Toasts 'Calendar Sync' with the server's counts, or 'Sync Failed' with the reason.
 */
export function useSyncGoogleCalendar() {
  const utils = trpc.useUtils();
  const invalidateGoogle = useGoogleQueriesInvalidation();
  return trpc.googleCalendar.sync.useMutation({
    onSuccess: ({ message }) => showToast({ title: "Calendar Sync", description: message, type: "success" }),
    onError: (error) => showToast({ title: "Sync Failed", description: toastErrorText(error), type: "error" }),
    onSettled: () => {
      void utils.leads.list.invalidate();
      invalidateGoogle();
    },
  });
}
