import { Box } from "@chakra-ui/react/box";
import { Grid } from "@chakra-ui/react/grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { format, isSameDay } from "date-fns";
import { useCallback, useMemo, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { floatingToWallTime, toFloating } from "../../lib/business-time";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { type CalendarRequest, useCalendarRequest, useDashboardActions } from "../dashboard/dashboard-context";
import { LoadError } from "../dashboard/load-error";
import { eventWhen, ownEventIds } from "../google-calendar/google-calendar-model";
import { useGoogleCalendarStatus, useSyncGoogleCalendar } from "../google-calendar/use-google-calendar";
import { BigCalendar } from "./big-calendar";
import { CalendarDialogs, useCalendarDialogs } from "./calendar-dialogs";
import {
  type AppointmentEvent,
  appointmentEvents,
  blockEvents,
  type CalendarEvent,
  type GoogleEvent,
  googleEvents,
  monthCellEvents,
} from "./calendar-event-model";
import { eventsOnDay, fitOverlaps, statusCounts } from "./calendar-grid";
import { CalendarAppointmentLists } from "./calendar-lists";
import { type CalendarScope, type CalendarView, rangeQuery, rangeScope } from "./calendar-model";
import { CalendarOwnersContext } from "./calendar-owners";
import { DaySummary, MonthAppointmentList, MonthLegend, TodaysAgenda, WeekSummary } from "./calendar-side-panels";
import { CalendarNavigation, CalendarToolbar } from "./calendar-toolbar";
import { crewEvents, UNASSIGNED } from "./crew-model";
import { CrewPicker } from "./crew-picker";
import { EveryoneLegend } from "./everyone-legend";
import { useAppointmentMove } from "./use-appointment-move";
import { useClock, useOverlapColumns, useWideScreen } from "./use-calendar-clock";
import { jobFromLead } from "../crew/crew-model";
import { useCrewView } from "./use-crew-view";
import { useEveryoneView } from "./use-everyone-view";
import { isCrew } from "../auth/roles";

/** A request from a lead card is honoured once; opening the tab again starts on the month. */
const honoured = new WeakSet<CalendarRequest>();

const AGENDA_ID = "calendar-day-agenda";

/**
 * The Calendar tab (docs/product.md "Screens and routes"): Month (default), Week, Day and Schedule List views of the
 * appointments (scheduled leads) and time blocks, all at the business time zone's wall clock
 * whatever the browser's zone. Clicking a free week or day slot books it; dragging an appointment
 * reschedules it under the same conflict rules as the booking dialog.
 */
export default function CalendarPanel() {
  const zone = useBusinessTimeZone();
  const { user, showTab, openLeadForm, openJob } = useDashboardActions();
  const wide = useWideScreen();
  const request = useCalendarRequest();
  const clock = useClock(zone);
  const now = clock.floating;

  const [view, setView] = useState<CalendarView>(() => (request && !honoured.has(request) ? "week" : "month"));
  const [date, setDate] = useState<Date>(() => {
    if (request && !honoured.has(request)) {
      honoured.add(request);
      return toFloating(request.date, zone);
    }
    return toFloating(Date.now(), zone);
  });
  const [scope, setScope] = useState<CalendarScope>("mine");
  const dialogs = useCalendarDialogs();
  const { openBooking } = dialogs;

  const leads = trpc.leads.list.useQuery();
  const utils = trpc.useUtils();
  const googleStatus = useGoogleCalendarStatus();
  // Google's events are the office's calendar: crew see only their own appointments, never it.
  const googleConnected = googleStatus.data?.authenticated === true && !isCrew(user);
  const sync = useSyncGoogleCalendar();

  const gridView = view === "schedule" ? null : view;
  const range = gridView ? rangeQuery(gridView, date, zone) : null;
  const rangeInput = range ? { ...range, scope: rangeScope(scope) } : null;
  // The Crew view is Week and Day's; Month and Schedule List show everyone's as "Everyone" does.
  const crewOn = scope === "crew" && (gridView === "week" || gridView === "day");
  const calendar = trpc.appointments.range.useQuery(rangeInput ?? { start: "", end: "" }, {
    enabled: rangeInput !== null,
    placeholderData: keepPreviousData,
  });
  const move = useAppointmentMove({ rangeInput, now, userId: user.id });

  // The connected Google Calendar's events of the same window, once the leads are
  // known: events that are our own appointments' (their id is the lead's) are left out.
  const googleRange = trpc.googleCalendar.eventsRange.useQuery(
    range ? { startDate: range.start, endDate: range.end } : { startDate: "", endDate: "" },
    {
      enabled: googleConnected && range !== null && leads.data !== undefined,
      placeholderData: keepPreviousData,
    },
  );
  const ownIds = useMemo(() => ownEventIds(leads.data ?? []), [leads.data]);
  const outside = useMemo<GoogleEvent[]>(
    () => (googleConnected && googleRange.data ? googleEvents(googleRange.data, ownIds, zone) : []),
    [googleConnected, googleRange.data, ownIds, zone],
  );

  const everyone = useEveryoneView(scope === "crew" && !crewOn ? "all" : scope, calendar.data);
  const appointments = useMemo(() => appointmentEvents(everyone.appointments, zone), [everyone.appointments, zone]);
  const blocks = useMemo(() => blockEvents(everyone.blocks, zone), [everyone.blocks, zone]);
  const overlapColumns = useOverlapColumns();
  const crew = useCrewView(crewOn, everyone.staff, appointments);
  const moving = move.move;
  const events = useMemo<CalendarEvent[]>(() => {
    const moved = moving
      ? appointments.map((e) =>
          e.id === moving.event.id
            ? {
                ...e,
                start: moving.start,
                end: moving.end,
                appointment: moving.assignedTo ? { ...e.appointment, assignedTo: moving.assignedTo } : e.appointment,
              }
            : e,
        )
      : appointments;
    if (gridView === "month") return monthCellEvents<AppointmentEvent | GoogleEvent>([...moved, ...outside]);
    // The Crew view: each person's items in their column, side by side with the others'.
    if (crew.shown) return crewEvents([...blocks, ...moved], crew.shown, gridView === "week" ? 1 : overlapColumns.day);
    // Overlapping items side by side, as many as stay readable, then "+N more".
    return fitOverlaps([...blocks, ...outside, ...moved], gridView === "week" ? overlapColumns.week : overlapColumns.day);
  }, [gridView, appointments, blocks, outside, moving, overlapColumns, crew.shown]);

  const findLead = useCallback((id: string) => leads.data?.find((lead) => lead.id === id), [leads.data]);

  const editLead = useCallback(
    (lead: Lead) => {
      // On a phone an appointment opens its job view (call, directions, update, history): moving
      // it is the view's Reschedule, never what a tap does (docs/product.md "The crew's day").
      const job = wide ? null : jobFromLead(lead);
      if (job) return openJob(job, { onReschedule: () => openBooking(lead) });
      // An appointment still to come is rescheduled in the booking dialog (current date and time
      // prefilled); a past one is followed up in the lead form (status, notes).
      if (lead.scheduledDate && Date.parse(lead.scheduledDate) >= Date.now()) openBooking(lead);
      else openLeadForm(lead);
    },
    [wide, openJob, openBooking, openLeadForm],
  );

  const showDay = useCallback((day: Date) => {
    setDate(day);
    setView("day");
  }, []);

  const { openBlock, showOtherBlock } = dialogs;
  const openEvent = useCallback(
    (event: CalendarEvent) => {
      if (event.kind === "appointment") {
        const lead = findLead(event.id);
        if (lead) editLead(lead);
        return;
      }
      if (event.kind === "more") {
        // The day shows more side by side, and its agenda lists every appointment.
        if (view === "day") document.getElementById(AGENDA_ID)?.scrollIntoView({ block: "start" });
        showDay(event.start);
        return;
      }
      if (event.kind === "google") {
        // Read only here: what it is, and a way to it in Google Calendar.
        const { htmlLink, location } = event.event;
        showToast({
          title: event.title,
          description: ["Google Calendar event", eventWhen(event.event, zone), location].filter(Boolean).join(" · "),
          type: "info",
          ...(htmlLink
            ? { action: { label: "Open in Google Calendar", onClick: () => void window.open(htmlLink, "_blank", "noopener,noreferrer") } }
            : {}),
        });
        return;
      }
      if (!event.block.mine) {
        // Another person's block: read only, its owner named.
        showOtherBlock(event);
        return;
      }
      void utils.timeBlocks.list.fetch().then((list) => {
        const block = list.find((b) => b.id === event.block.id);
        if (block) openBlock(block);
      });
    },
    [findLead, editLead, showDay, utils, zone, view, openBlock, showOtherBlock],
  );

  const selectSlot = useCallback(
    (start: Date, column?: string) =>
      openBooking(undefined, { ...floatingToWallTime(start), ...(column && column !== UNASSIGNED ? { assignedTo: column } : {}) }),
    [openBooking],
  );

  const dayEvents = useMemo(() => eventsOnDay(appointments, date), [appointments, date]);
  const weekCounts = useMemo(() => statusCounts(everyone.appointments), [everyone.appointments]);
  const dayCounts = useMemo(() => statusCounts(dayEvents.map((e) => e.appointment)), [dayEvents]);

  return (
    <Stack gap="4">
      <CalendarToolbar
        view={view}
        onView={setView}
        scope={scope}
        onScope={(next) => {
          setScope(next);
          // The Crew view is drawn in Week and Day.
          if (next === "crew" && (view === "month" || view === "schedule")) setView("week");
        }}
        onSchedule={dialogs.openScheduling}
        syncing={sync.isPending}
        onSync={() => {
          // Not connected: the Google Calendar tab is where to connect it.
          if (googleStatus.data && !googleStatus.data.authenticated) showTab("google-calendar");
          else sync.mutate();
        }}
      />
      <CalendarNavigation view={view} date={date} now={now} onDate={setDate} loading={calendar.isFetching} />

      {crew.all && crew.onePerPage ? <CrewPicker columns={crew.all} person={crew.person} onPerson={crew.setPerson} /> : null}
      {gridView && everyone.everyone && !crewOn ? (
        <EveryoneLegend staff={everyone.staff} person={everyone.person} onPersonChange={everyone.setPerson} />
      ) : null}

      {gridView ? (
        // The Crew week takes the whole width (its summary below): seven days of columns per person.
        <Grid
          templateColumns={{ base: "1fr", xl: crewOn && gridView === "week" ? "1fr" : "minmax(0, 1fr) 20rem" }}
          gap="4"
          alignItems="start"
        >
          <Box minW="0">
            {calendar.isError ? (
              <LoadError what="the calendar" error={calendar.error} onRetry={() => void calendar.refetch()} />
            ) : calendar.isPending ? (
              <CenteredSpinner label="Loading the calendar" minH="60" />
            ) : (
              <CalendarOwnersContext.Provider value={crewOn ? null : everyone.owners}>
                <BigCalendar
                  view={gridView}
                  date={date}
                  events={events}
                  settled={!calendar.isPlaceholderData}
                  now={now}
                  onNavigate={setDate}
                  onSelectSlot={selectSlot}
                  onShowDay={showDay}
                  onSelectEvent={openEvent}
                  onEventDrop={move.drop}
                  crew={crew.shown}
                />
              </CalendarOwnersContext.Provider>
            )}
            {calendar.data?.truncated ? (
              <Text textStyle="sm" color="orange.fg" mt="2" role="status">
                Showing the first {calendar.data.blocks.reduce((n, b) => n + b.occurrences.length, 0).toLocaleString("en-US")} of{" "}
                {calendar.data.occurrenceCount.toLocaleString("en-US")} time block occurrences: choose a shorter view or your own calendar
                to see them all.
              </Text>
            ) : null}
            <Text textStyle="xs" color="fg.muted" mt="2">
              Times are in the business time zone ({zone}).
              {crewOn
                ? " One column per person. Click a free slot to book it for them; drag an appointment to move it or to hand it to someone else."
                : gridView !== "month"
                  ? " Click a free slot to book it; drag an appointment to move it."
                  : " Choose a day to see its hours."}
            </Text>
          </Box>
          <Stack gap="4">
            {gridView === "month" ? (
              <>
                <MonthLegend google={googleConnected} />
                <MonthAppointmentList
                  title={`Appointments in ${format(date, "MMMM yyyy")}`}
                  events={appointments.filter((e) => e.start.getMonth() === date.getMonth())}
                  onOpen={openEvent}
                />
              </>
            ) : gridView === "week" ? (
              <WeekSummary counts={weekCounts} />
            ) : (
              <>
                <DaySummary counts={dayCounts} />
                <TodaysAgenda id={AGENDA_ID} day={date} isToday={isSameDay(date, now)} events={dayEvents} onOpen={openEvent} />
              </>
            )}
          </Stack>
        </Grid>
      ) : null}

      <CalendarAppointmentLists
        leads={leads.data}
        now={clock.instant}
        scope={scope}
        username={user.username}
        view={view}
        zone={zone}
        googleStatus={googleStatus.data}
        onEdit={editLead}
      />

      <CalendarDialogs dialogs={dialogs} move={move} googleConnected={googleConnected} meId={user.id} staffById={everyone.byId} />
    </Stack>
  );
}
