import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import type { GoogleCalendarStatus, Lead } from "@crawlguard/validators";
import { useMemo } from "react";
import { useAddToGoogle } from "../google-calendar/use-google-calendar";
import { type AppointmentGoogleActions, AppointmentList } from "./appointment-lists";
import { type CalendarScope, type CalendarView, RECENT_LIMIT, splitAppointments } from "./calendar-model";

type CalendarAppointmentListsProps = {
  leads: readonly Lead[] | undefined;
  /** Now (an instant): what has started is past. */
  now: number;
  scope: CalendarScope;
  username: string;
  view: CalendarView;
  zone: string;
  googleStatus: GoogleCalendarStatus | undefined;
  onEdit: (lead: Lead) => void;
};

/** Under the calendar: the upcoming appointments (all of them in Schedule List) and the past ones. */
export function CalendarAppointmentLists({ leads, now, scope, username, view, zone, googleStatus, onEdit }: CalendarAppointmentListsProps) {
  const addToGoogle = useAddToGoogle();
  const lists = useMemo(
    () =>
      splitAppointments(leads ?? [], now, {
        scope,
        username,
        ...(view === "schedule" ? {} : { upcomingLimit: RECENT_LIMIT }),
      }),
    [leads, now, scope, username, view],
  );

  // 'Add to Google' on each listed appointment: usable unless the status says Google is not
  // connected (while it is unknown the server decides).
  const google = useMemo<AppointmentGoogleActions>(() => {
    const unavailable =
      !googleStatus || googleStatus.authenticated
        ? null
        : googleStatus.needsReconnect
          ? "Google Calendar needs reconnecting"
          : "Google Calendar is not connected";
    return { unavailable, pendingLeadId: addToGoogle.pendingLeadId, onAdd: addToGoogle.add };
  }, [googleStatus, addToGoogle.pendingLeadId, addToGoogle.add]);

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
      <AppointmentList
        title={view === "schedule" ? "Upcoming Appointments" : "Recent Appointments"}
        // The list's title is the product's wording; what it holds is said under it.
        subtitle={view === "schedule" ? undefined : "Upcoming appointments"}
        leads={lists.upcoming}
        zone={zone}
        empty="No upcoming appointments scheduled"
        onEdit={onEdit}
        google={google}
        note={
          view !== "schedule" && lists.upcomingTotal > lists.upcoming.length
            ? `The next ${lists.upcoming.length} of ${lists.upcomingTotal}. Schedule List shows them all.`
            : undefined
        }
      />
      <AppointmentList
        title="Past Appointments"
        leads={lists.past}
        zone={zone}
        empty="No past appointments"
        onEdit={onEdit}
        google={google}
      />
    </SimpleGrid>
  );
}
