import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Grid } from "@chakra-ui/react/grid";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Conflict, Lead, TimeBlock } from "@crawlguard/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { format, isSameDay } from "date-fns";
import { CalendarPlus, CalendarSync, ChevronLeft, ChevronRight } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { DateTimeInput } from "../../components/date-time-input";
import { floatingOf, floatingToWallTime, toFloating } from "../../lib/business-time";
import { serverConflicts } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { durationOf } from "../appointments/booking-form";
import { useAppointmentSaved } from "../appointments/use-appointment-cache";
import { type CalendarRequest, useCalendarRequest, useDashboardActions } from "../dashboard/dashboard-context";
import { SelectControl } from "../../components/form-controls";
import { LoadError } from "../dashboard/load-error";
import { eventWhen, ownEventIds } from "../google-calendar/google-calendar-model";
import { useAddToGoogle, useGoogleCalendarStatus, useSyncGoogleCalendar } from "../google-calendar/use-google-calendar";
import { type AppointmentGoogleActions, AppointmentList } from "./appointment-lists";
import { BigCalendar } from "./big-calendar";
import {
  type AppointmentEvent,
  appointmentEvents,
  type BlockEvent,
  blockEvents,
  type CalendarEvent,
  type CalendarScope,
  type CalendarView,
  calendarViews,
  DAY_COLUMNS,
  eventsOnDay,
  fitOverlaps,
  type GoogleEvent,
  googleEvents,
  monthCellEvents,
  navigateDate,
  periodName,
  RECENT_LIMIT,
  rangeQuery,
  splitAppointments,
  statusCounts,
  viewTitle,
  WEEK_COLUMNS,
} from "./calendar-model";
import { DaySummary, MonthAppointmentList, MonthLegend, TodaysAgenda, WeekSummary } from "./calendar-side-panels";
import { MoveConflictDialog } from "./move-conflict-dialog";
import { BlockDetailsDialog } from "./block-details-dialog";
import { CalendarOwnersContext } from "./calendar-owners";
import { EveryoneLegend } from "./everyone-legend";
import { useEveryoneView } from "./use-everyone-view";

const BookAppointmentDialog = lazy(() => import("../appointments/book-appointment-dialog"));
const ScheduleAppointmentModal = lazy(() => import("../appointments/schedule-appointment-modal"));
const TimeBlockDialog = lazy(() => import("../availability/time-block-dialog"));

/** A request from a lead card is honoured once; opening the tab again starts on the month. */
const honoured = new WeakSet<CalendarRequest>();

type BookingState = { open: boolean; key: number; lead?: Lead | undefined; prefill?: { date: string; time: string } | undefined };
type BlockState = { open: boolean; key: number; block?: TimeBlock | undefined };
type MoveState = {
  event: AppointmentEvent;
  start: Date;
  end: Date;
  conflicts: readonly Conflict[] | null;
  /** Who goes: the appointment's assignee unless changed in the conflict dialog. */
  assignedTo?: string | undefined;
};

const AGENDA_ID = "calendar-day-agenda";

const scopeOptions = [
  { value: "mine", label: "My calendar" },
  { value: "all", label: "Everyone" },
];

/**
 * Now, ticking as each minute begins (not a minute after the tab opened, so the Now marker and
 * the shading of past slots change when the clock does): the instant, and the business zone's
 * wall clock (floating).
 */
function useClock(zone: string): { instant: number; floating: Date } {
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
/**
 * How many overlapping items fit side by side in a week's day column and in the day view, each
 * at least ~6rem wide: a week column is ~8rem on a laptop (one, then "+N more"),
 * ~13rem on a 1600 px screen (two); the day view holds five, two on a phone.
 */
function useOverlapColumns(): { week: number; day: number } {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
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

/**
 * The Calendar tab (docs/product.md "Screens and routes"): Month (default), Week, Day and Schedule List views of the
 * appointments (scheduled leads) and time blocks, all at the business time zone's wall clock
 * whatever the browser's zone. Clicking a free week or day slot books it; dragging an appointment
 * reschedules it under the same conflict rules as the booking dialog.
 */
export default function CalendarPanel() {
  const zone = useBusinessTimeZone();
  const { user, showTab, openLeadForm } = useDashboardActions();
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
  const [booking, setBooking] = useState<BookingState>({ open: false, key: 0 });
  const [scheduling, setScheduling] = useState({ open: false, key: 0 });
  const [blockDialog, setBlockDialog] = useState<BlockState>({ open: false, key: 0 });
  const [move, setMove] = useState<MoveState | null>(null);
  const [otherBlock, setOtherBlock] = useState<BlockEvent | null>(null);

  const leads = trpc.leads.list.useQuery();
  const utils = trpc.useUtils();
  const book = trpc.appointments.book.useMutation();
  const saved = useAppointmentSaved();
  const googleStatus = useGoogleCalendarStatus();
  const googleConnected = googleStatus.data?.authenticated === true;
  const sync = useSyncGoogleCalendar();
  const addToGoogle = useAddToGoogle();

  const gridView = view === "schedule" ? null : view;
  const range = gridView ? rangeQuery(gridView, date, zone) : null;
  const rangeInput = range ? { ...range, scope } : null;
  const calendar = trpc.appointments.range.useQuery(rangeInput ?? { start: "", end: "" }, {
    enabled: rangeInput !== null,
    placeholderData: keepPreviousData,
  });

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

  const everyone = useEveryoneView(scope, calendar.data);
  const appointments = useMemo(() => appointmentEvents(everyone.appointments, zone), [everyone.appointments, zone]);
  const blocks = useMemo(() => blockEvents(everyone.blocks, zone), [everyone.blocks, zone]);
  const overlapColumns = useOverlapColumns();
  const events = useMemo<CalendarEvent[]>(() => {
    const moved = move ? appointments.map((e) => (e.id === move.event.id ? { ...e, start: move.start, end: move.end } : e)) : appointments;
    if (gridView === "month") return monthCellEvents<AppointmentEvent | GoogleEvent>([...moved, ...outside]);
    // Overlapping items side by side, as many as stay readable, then "+N more".
    return fitOverlaps([...blocks, ...outside, ...moved], gridView === "week" ? overlapColumns.week : overlapColumns.day);
  }, [gridView, appointments, blocks, outside, move, overlapColumns]);

  const lists = useMemo(
    () =>
      splitAppointments(leads.data ?? [], clock.instant, {
        scope,
        username: user.username,
        ...(view === "schedule" ? {} : { upcomingLimit: RECENT_LIMIT }),
      }),
    [leads.data, clock.instant, scope, user.username, view],
  );

  const findLead = useCallback((id: string) => leads.data?.find((lead) => lead.id === id), [leads.data]);

  const openBooking = useCallback((lead?: Lead, prefill?: { date: string; time: string }) => {
    setBooking((b) => ({ open: true, key: b.key + 1, lead, prefill }));
  }, []);

  const editLead = useCallback(
    (lead: Lead) => {
      // An appointment still to come is rescheduled in the booking dialog (current date and time
      // prefilled); a past one is followed up in the lead form (status, notes).
      if (lead.scheduledDate && Date.parse(lead.scheduledDate) >= Date.now()) openBooking(lead);
      else openLeadForm(lead);
    },
    [openBooking, openLeadForm],
  );

  const showDay = useCallback((day: Date) => {
    setDate(day);
    setView("day");
  }, []);

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
        setOtherBlock(event);
        return;
      }
      void utils.timeBlocks.list.fetch().then((list) => {
        const block = list.find((b) => b.id === event.block.id);
        if (block) setBlockDialog((d) => ({ open: true, key: d.key + 1, block }));
      });
    },
    [findLead, editLead, showDay, utils, zone, view],
  );

  const selectSlot = useCallback((start: Date) => openBooking(undefined, floatingToWallTime(start)), [openBooking]);
  const reschedule = async (target: MoveState, confirm: boolean) => {
    const wall = floatingToWallTime(target.start);
    try {
      const result = await book.mutateAsync({
        leadId: target.event.id,
        appointmentDate: wall.date,
        appointmentTime: wall.time,
        durationMinutes: durationOf(String(target.event.appointment.durationMinutes)),
        confirm,
        ...((target.assignedTo ?? target.event.appointment.assignedTo)
          ? { assignedTo: target.assignedTo ?? target.event.appointment.assignedTo! }
          : {}),
      });
      const lead = result.lead;
      if (rangeInput) {
        utils.appointments.range.setData(rangeInput, (data) =>
          data
            ? {
                ...data,
                appointments: data.appointments.map((a) =>
                  a.id === lead.id
                    ? {
                        ...a,
                        start: lead.scheduledDate ?? a.start,
                        end: new Date(
                          Date.parse(lead.scheduledDate ?? a.start) + (lead.durationMinutes ?? a.durationMinutes) * 60_000,
                        ).toISOString(),
                        status: lead.status,
                        assignedTo: lead.assignedTo ?? a.assignedTo ?? null,
                        assigneeName: lead.assigneeName ?? a.assigneeName,
                        mine: lead.assignedTo ? lead.assignedTo === user.id : a.mine,
                      }
                    : a,
                ),
              }
            : data,
        );
      }
      saved(lead);
      setMove(null);
      showToast({ title: "Appointment Booked", description: "The appointment has been successfully scheduled.", type: "success" });
    } catch (error) {
      // Not moved: a 409 says what the new time clashes with (Book anyway or keep the old time).
      const clashes = serverConflicts(error);
      if (clashes) {
        setMove({ ...target, conflicts: clashes });
        return;
      }
      setMove(null);
      showToast({ title: "Booking Failed", description: "Failed to book the appointment. Please try again.", type: "error" });
    }
  };

  const drop = useCallback(
    (event: CalendarEvent, start: Date) => {
      if (event.kind !== "appointment") return;
      if (start.getTime() < now.getTime()) {
        showToast({ title: "That time has passed", description: "Appointments can only be moved to a time still to come.", type: "info" });
        return;
      }
      if (start.getTime() === event.start.getTime()) return;
      const target: MoveState = {
        event,
        start,
        end: new Date(start.getTime() + (event.end.getTime() - event.start.getTime())),
        conflicts: null,
      };
      setMove(target);
      void reschedule(target, false);
    },
    // `reschedule` reads the latest range key; the callback is rebuilt when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [now, rangeInput?.start, rangeInput?.end, scope],
  );

  // 'Add to Google' on each listed appointment: usable unless the status says Google is not
  // connected (while it is unknown the server decides).
  const google = useMemo<AppointmentGoogleActions>(() => {
    const status = googleStatus.data;
    const unavailable =
      !status || status.authenticated
        ? null
        : status.needsReconnect
          ? "Google Calendar needs reconnecting"
          : "Google Calendar is not connected";
    return { unavailable, pendingLeadId: addToGoogle.pendingLeadId, onAdd: addToGoogle.add };
  }, [googleStatus.data, addToGoogle.pendingLeadId, addToGoogle.add]);

  const dayEvents = useMemo(() => eventsOnDay(appointments, date), [appointments, date]);
  const weekCounts = useMemo(() => statusCounts(everyone.appointments), [everyone.appointments]);
  const dayCounts = useMemo(() => statusCounts(dayEvents.map((e) => e.appointment)), [dayEvents]);
  const title = viewTitle(view, date);
  const period = periodName(view);

  return (
    <Stack gap="4">
      <Flex gap="3" justify="space-between" align={{ base: "stretch", lg: "center" }} direction={{ base: "column", lg: "row" }}>
        <HStack gap="1" role="group" aria-label="Calendar view" bg="bg" borderWidth="1px" rounded="l2" p="1" overflowX="auto">
          {calendarViews.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={view === option.value ? "solid" : "ghost"}
              colorPalette={view === option.value ? "brand" : "gray"}
              aria-pressed={view === option.value}
              onClick={() => setView(option.value)}
              flexShrink={0}
            >
              {option.label}
            </Button>
          ))}
        </HStack>
        <Flex gap="2" wrap="wrap" align="center">
          <Box minW="36" bg="bg" rounded="l2">
            <SelectControl
              aria-label="Whose calendar"
              size="sm"
              value={scope}
              options={scopeOptions}
              onChange={(value) => setScope(value as CalendarScope)}
            />
          </Box>
          <Button size="sm" colorPalette="brand" onClick={() => setScheduling((s) => ({ open: true, key: s.key + 1 }))}>
            <CalendarPlus aria-hidden="true" />
            Schedule Appointment
          </Button>
          <Button
            size="sm"
            variant="outline"
            bg="bg"
            disabled={sync.isPending}
            onClick={() => {
              // Not connected: the Google Calendar tab is where to connect it.
              if (googleStatus.data && !googleStatus.data.authenticated) showTab("google-calendar");
              else sync.mutate();
            }}
          >
            <CalendarSync aria-hidden="true" />
            {sync.isPending ? "Syncing..." : "Sync with Google Calendar"}
          </Button>
        </Flex>
      </Flex>

      {view !== "schedule" ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Button size="sm" variant="outline" bg="bg" onClick={() => setDate(navigateDate(view, date, "TODAY", now))}>
            Today
          </Button>
          <IconButton
            size="sm"
            variant="outline"
            bg="bg"
            aria-label={`Previous ${period}`}
            onClick={() => setDate(navigateDate(view, date, "PREV", now))}
          >
            <ChevronLeft aria-hidden="true" />
          </IconButton>
          <IconButton
            size="sm"
            variant="outline"
            bg="bg"
            aria-label={`Next ${period}`}
            onClick={() => setDate(navigateDate(view, date, "NEXT", now))}
          >
            <ChevronRight aria-hidden="true" />
          </IconButton>
          <Heading as="h2" size="lg" aria-live="polite" ms="1" me="auto">
            {title}
          </Heading>
          <DateTimeInput
            type="date"
            size="sm"
            w="auto"
            bg="bg"
            aria-label="Go to date"
            value={floatingToWallTime(date).date}
            onCommit={(value) => {
              const day = floatingOf(value);
              if (day) setDate(day);
            }}
          />
          {calendar.isFetching ? (
            <Text textStyle="xs" color="fg.muted">
              Loading…
            </Text>
          ) : null}
        </Flex>
      ) : (
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      )}

      {gridView && everyone.everyone ? (
        <EveryoneLegend staff={everyone.staff} person={everyone.person} onPersonChange={everyone.setPerson} />
      ) : null}

      {gridView ? (
        <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) 20rem" }} gap="4" alignItems="start">
          <Box minW="0">
            {calendar.isError ? (
              <LoadError what="the calendar" error={calendar.error} onRetry={() => void calendar.refetch()} />
            ) : calendar.isPending ? (
              <CenteredSpinner label="Loading the calendar" minH="60" />
            ) : (
              <CalendarOwnersContext.Provider value={everyone.owners}>
                <BigCalendar
                  view={gridView}
                  date={date}
                  events={events}
                  now={now}
                  onNavigate={setDate}
                  onSelectSlot={selectSlot}
                  onShowDay={showDay}
                  onSelectEvent={openEvent}
                  onEventDrop={drop}
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
              {gridView !== "month" ? " Click a free slot to book it; drag an appointment to move it." : " Choose a day to see its hours."}
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

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <AppointmentList
          title={view === "schedule" ? "Upcoming Appointments" : "Recent Appointments"}
          leads={lists.upcoming}
          zone={zone}
          empty="No upcoming appointments scheduled"
          onEdit={editLead}
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
          onEdit={editLead}
          google={google}
        />
      </SimpleGrid>

      <Suspense fallback={null}>
        {booking.key > 0 ? (
          <BookAppointmentDialog
            key={booking.key}
            open={booking.open}
            lead={booking.lead}
            prefill={booking.prefill}
            onClose={() => setBooking((b) => ({ ...b, open: false }))}
          />
        ) : null}
        {scheduling.key > 0 ? (
          <ScheduleAppointmentModal
            key={scheduling.key}
            open={scheduling.open}
            googleCalendarConnected={googleConnected}
            onClose={() => setScheduling((s) => ({ ...s, open: false }))}
          />
        ) : null}
        {blockDialog.key > 0 ? (
          <TimeBlockDialog
            key={blockDialog.key}
            open={blockDialog.open}
            block={blockDialog.block}
            onClose={() => setBlockDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
      </Suspense>
      <MoveConflictDialog
        open={move?.conflicts != null}
        what={move ? `${move.event.appointment.name} to ${format(move.start, "EEE, MMM d 'at' h:mm a")}` : ""}
        conflicts={move?.conflicts ?? []}
        pending={book.isPending}
        onBookAnyway={() => move && void reschedule(move, true)}
        onCancel={() => setMove(null)}
        assignedTo={move ? (move.assignedTo ?? move.event.appointment.assignedTo ?? "") : ""}
        meId={user.id}
        onAssign={(assignedTo) => {
          if (!move) return;
          setMove({ ...move, assignedTo });
          void reschedule({ ...move, assignedTo }, false);
        }}
      />
      <BlockDetailsDialog
        event={otherBlock}
        ownerName={
          otherBlock
            ? ((otherBlock.block.ownerId ? everyone.byId.get(otherBlock.block.ownerId)?.displayName : undefined) ??
              otherBlock.block.ownerName)
            : ""
        }
        onClose={() => setOtherBlock(null)}
      />
    </Stack>
  );
}
