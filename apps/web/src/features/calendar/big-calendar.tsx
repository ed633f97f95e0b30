import "react-big-calendar/lib/css/react-big-calendar.css";
import "react-big-calendar/lib/addons/dragAndDrop/styles.css";
import "./calendar.css";
import { Box } from "@chakra-ui/react/box";
import { format, getDay, parse, startOfWeek } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import {
  type ComponentType,
  type KeyboardEvent,
  memo,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import { Calendar, type CalendarProps, type Components, dateFnsLocalizer, type Formats, type SlotInfo } from "react-big-calendar";
import dragAndDropModule, { type EventInteractionArgs } from "react-big-calendar/lib/addons/dragAndDrop";
import { DayEvent, MonthEvent, WeekEvent } from "./calendar-events";
import { CrewHeader } from "./crew-header";
import { type CrewColumn, columnOf } from "./crew-model";
import { type CalendarEvent, dayInRange } from "./calendar-event-model";
import { gridHours, isPastSlot } from "./calendar-grid";
import { dayScrollTime } from "./day-scroll";
import { DAY_HOURS, WEEK_HOURS, WEEK_STARTS_ON } from "./calendar-model";

/*
 * react-big-calendar on floating dates (lib/business-time.ts): the date-fns localizer computes in
 * the browser's zone, and every Date it gets already shows the business zone's wall clock.
 */
const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }),
  getDay,
  locales: { "en-US": enUS },
});

/*
 * A week view asks, for each of its seven days, whether each event touches that day
 * (`inRange(day, start, end, "day")`); react-big-calendar's generic date arithmetic clones several
 * Dates per question, which a busy week (bench/calendar) felt. Localizers may supply their own
 * arithmetic: the same answer by comparing day numbers, and the generic one for any other unit.
 */
const genericInRange = localizer.inRange;
localizer.inRange = (day, min, max, unit = "day") => (unit === "day" ? dayInRange(day, min, max) : genericInRange(day, min, max, unit));

/**
 * The drag and drop addon is CommonJS. This package is an ES module package, so the bundler
 * imports it the way Node does: the default import is `module.exports`, whose `default` is the
 * function (the types describe the transpiled ES shape).
 */
type WithDragAndDrop = typeof dragAndDropModule;
const withDragAndDrop: WithDragAndDrop =
  typeof dragAndDropModule === "function" ? dragAndDropModule : (dragAndDropModule as unknown as { default: WithDragAndDrop }).default;

const DnDCalendar = withDragAndDrop<CalendarEvent, CrewColumn>(Calendar as ComponentType<CalendarProps<CalendarEvent, CrewColumn>>);

const formats: Formats = {
  timeGutterFormat: "h:mm a",
  // The label react-big-calendar draws is hidden (calendar.css): each event shows its own time.
  eventTimeRangeFormat: () => "",
  dayFormat: "EEE M/d",
  weekdayFormat: "EEE",
  dateFormat: "d",
  dayHeaderFormat: "EEEE, MMMM d, yyyy",
  monthHeaderFormat: "MMMM yyyy",
};

const components: Components<CalendarEvent, CrewColumn> = {
  week: { event: WeekEvent },
  day: { event: DayEvent },
  month: { event: MonthEvent },
  resourceHeader: CrewHeader,
};

const columnId = (column: CrewColumn) => column.id;
const columnTitle = (column: CrewColumn) => column.title;

/**
 * The Crew view's least width: in a week each person's column of each day 4.5rem (a name and a
 * time on two lines, cut), in a day 8rem (the service too), beside the time gutter; wider crews
 * scroll sideways. A single column (a phone) fits the screen.
 */
function crewWidth(view: GridView, people: number): string {
  return `calc(${view === "week" ? 7 * people * 4.5 : people * 8}rem + 4.5rem)`;
}

/** Only the time of day of these is read; hour 24 is the day's last millisecond. */
const at = (hour: number) => (hour >= 24 ? new Date(1970, 0, 1, 23, 59, 59, 999) : new Date(1970, 0, 1, hour, 0, 0));

export type GridView = "month" | "week" | "day";

/**
 * The Crew view's column a slot or drop is in. Without columns react-big-calendar still hands
 * one (an empty object standing for "no resource"): only a column's id, a string, counts.
 */
const crewColumnId = (resourceId: unknown): string | undefined => (typeof resourceId === "string" ? resourceId : undefined);

export type BigCalendarProps = {
  view: GridView;
  /** Floating date within the period shown. */
  date: Date;
  events: CalendarEvent[];
  /** The events are the shown period's own, not the last period's kept on screen while they load. */
  settled?: boolean;
  /** The business zone's wall clock now, floating. */
  now: Date;
  onNavigate: (date: Date) => void;
  /** A free week or day slot (not past) was clicked or selected; in the Crew view, in whose column. */
  onSelectSlot: (start: Date, column?: string) => void;
  /** A month day was clicked, or its date / "+N more": show that day. */
  onShowDay: (date: Date) => void;
  onSelectEvent: (event: CalendarEvent) => void;
  /** An appointment was dragged to `start` (its length kept); in the Crew view, into whose column. */
  onEventDrop: (event: CalendarEvent, start: Date, column?: string) => void;
  /** The Crew view's columns (week and day): one per person, side by side each day. */
  crew?: readonly CrewColumn[] | null | undefined;
};

/**
 * The month, week and day grids. Appointments can be dragged to another slot (not into the past);
 * time blocks and Google Calendar events stay where they are. Each render is measured ("cg-calendar-render": from this
 * component's render to its commit; "cg-calendar-paint": to the next frame), for the bench.
 */
export const BigCalendar = memo(function BigCalendar({
  view,
  date,
  events,
  settled = true,
  now,
  onNavigate,
  onSelectSlot,
  onShowDay,
  onSelectEvent,
  onEventDrop,
  crew,
}: BigCalendarProps) {
  const renderStart = performance.now();
  useLayoutEffect(() => {
    const detail = { view, events: events.length, crew: crew?.length ?? 0 };
    performance.measure("cg-calendar-render", { start: renderStart, detail });
    const frame = requestAnimationFrame(() => {
      setTimeout(() => performance.measure("cg-calendar-paint", { start: renderStart, detail }), 0);
    });
    return () => cancelAnimationFrame(frame);
    // Measures each time the calendar shows something else, not every parent render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, date, events, crew]);

  const nowTime = now.getTime();
  const getNow = useCallback(() => new Date(nowTime), [nowTime]);
  const slotPropGetter = useCallback((slot: Date) => (isPastSlot(slot, new Date(nowTime)) ? { className: "cg-slot-past" } : {}), [nowTime]);
  const dayPropGetter = useCallback(
    (day: Date) => {
      const today = new Date(nowTime);
      today.setHours(0, 0, 0, 0);
      return day.getTime() < today.getTime() ? { className: "cg-day-past" } : {};
    },
    [nowTime],
  );
  const eventPropGetter = useCallback(
    (event: CalendarEvent) => {
      const past = event.end.getTime() <= nowTime ? " cg-event--past" : "";
      if (event.kind === "more") return { className: "cg-event--more" };
      if (event.kind === "google") return { className: `cg-event--google${past}` };
      if (event.kind === "block") {
        return {
          className: `cg-event--block${past}`,
          style: { background: `${event.block.color}33`, borderColor: event.block.color },
        };
      }
      return {
        className: `cg-event--appointment cg-event--${event.appointment.status} cg-event--priority-${event.appointment.priority}${past}`,
      };
    },
    [nowTime],
  );
  const draggable = useCallback((event: CalendarEvent) => event.kind === "appointment" && event.start.getTime() >= nowTime, [nowTime]);

  const selectSlot = useCallback(
    (slot: SlotInfo) => {
      if (view === "month") {
        onShowDay(slot.start);
        return;
      }
      if (!isPastSlot(slot.start, new Date(nowTime))) onSelectSlot(slot.start, crewColumnId(slot.resourceId));
    },
    [view, nowTime, onSelectSlot, onShowDay],
  );
  const selecting = useCallback(
    (range: { start: Date }) => view === "month" || !isPastSlot(range.start, new Date(nowTime)),
    [view, nowTime],
  );
  const drop = useCallback(
    ({ event, start, resourceId }: EventInteractionArgs<CalendarEvent>) => onEventDrop(event, new Date(start), crewColumnId(resourceId)),
    [onEventDrop],
  );
  const keyPress = useCallback(
    (event: CalendarEvent, e: SyntheticEvent) => {
      const key = (e as KeyboardEvent).key;
      if (key === "Enter" || key === " ") {
        e.preventDefault();
        onSelectEvent(event);
      }
    },
    [onSelectEvent],
  );
  const drillDown = useCallback((day: Date) => onShowDay(day), [onShowDay]);
  const noop = useCallback(() => {}, []);
  // Only Google's date-only events are all-day; the all-day row shows only when one is in view.
  const allDay = useCallback((event: CalendarEvent) => event.kind === "google" && event.allDay, []);
  const hasAllDay = view !== "month" && events.some(allDay);
  const views = useMemo(() => ({ month: true, week: true, day: true }), []);
  // The Crew view: each day split into one column per person (react-big-calendar's resources,
  // grouped by day so the people of one day stand side by side).
  const resources = useMemo(
    () =>
      crew && view !== "month"
        ? {
            resources: [...crew],
            resourceIdAccessor: columnId,
            resourceTitleAccessor: columnTitle,
            resourceAccessor: columnOf,
            resourceGroupingLayout: true,
          }
        : {},
    [crew, view],
  );
  const isCrew = crew != null && view !== "month";

  // 6:00–22:00, widened to take in any item outside it.
  const hours = useMemo(() => (view === "month" ? null : gridHours(events, view === "week" ? WEEK_HOURS : DAY_HOURS)), [view, events]);
  const first = hours?.first;
  const end = hours?.end;
  const timeGrid = useMemo(
    () =>
      first === undefined || end === undefined
        ? {}
        : { min: at(first), max: at(end), step: (view === "week" ? WEEK_HOURS : DAY_HOURS).stepMinutes, timeslots: 1 },
    [view, first, end],
  );
  // The day view scrolls within the screen's height and opens at its first job, or at now:
  // react-big-calendar's scrollToTime when the view opens, and again for each day shown once its
  // own appointments have loaded (at first the view may hold the last period's, while they load).
  const scrollToTime = useMemo(
    () => (view === "day" ? dayScrollTime(events, date, new Date(nowTime)) : undefined),
    [view, events, date, nowTime],
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const scrolledDay = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (view !== "day") {
      scrolledDay.current = null;
      return;
    }
    const content = frameRef.current?.querySelector<HTMLElement>(".rbc-time-content");
    const day = date.toDateString();
    if (!settled || !scrollToTime || !content || first === undefined || end === undefined || scrolledDay.current === day) return;
    scrolledDay.current = day;
    const minutes = scrollToTime.getHours() * 60 + scrollToTime.getMinutes() - first * 60;
    content.scrollTop = (content.scrollHeight * Math.max(0, minutes)) / ((end - first) * 60);
  }, [view, date, settled, scrollToTime, first, end]);
  useEffect(() => {
    // The day's scrolling grid takes keyboard focus, so that the arrow keys scroll it; not the
    // pointer's (focusing the whole grid scrolled a wide Crew day back to its first column in the
    // middle of a drag), which still focuses the appointments in it.
    const content = frameRef.current?.querySelector<HTMLElement>(".rbc-time-content");
    if (!content || view !== "day") return;
    content.tabIndex = 0;
    content.setAttribute("role", "region");
    content.setAttribute("aria-label", "Day schedule");
    const noPointerFocus = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest("[tabindex], button, a, input, select, textarea") : null;
      if (target === null || target === content) event.preventDefault();
    };
    content.addEventListener("mousedown", noPointerFocus);
    return () => content.removeEventListener("mousedown", noPointerFocus);
  }, [view]);

  return (
    <Box
      ref={frameRef}
      className={`cg-calendar cg-calendar--${view}${hasAllDay ? " cg-calendar--all-day" : ""}${isCrew ? " cg-calendar--crew" : ""}`}
      overflowX="auto"
    >
      {/* Phones: the month and the week fit the width; wider screens keep room (the Crew view a
          readable width per person and day, scrolling sideways when the crew is large). */}
      <Box minW={isCrew && crew.length > 1 ? crewWidth(view, crew.length) : view === "day" ? undefined : { base: "0", md: "44rem" }}>
        <DnDCalendar
          localizer={localizer}
          culture="en-US"
          formats={formats}
          components={components}
          events={events}
          view={view}
          views={views}
          date={date}
          getNow={getNow}
          onNavigate={onNavigate}
          onView={noop}
          toolbar={false}
          popup={false}
          selectable
          longPressThreshold={150}
          onSelectSlot={selectSlot}
          onSelecting={selecting}
          onSelectEvent={onSelectEvent}
          onKeyPressEvent={keyPress}
          onDrillDown={drillDown}
          onShowMore={(_events, day) => onShowDay(day)}
          doShowMoreDrillDown={false}
          onEventDrop={drop}
          draggableAccessor={draggable}
          resizable={false}
          allDayAccessor={allDay}
          showMultiDayTimes
          slotPropGetter={slotPropGetter}
          dayPropGetter={dayPropGetter}
          eventPropGetter={eventPropGetter}
          tooltipAccessor={null}
          dayLayoutAlgorithm="no-overlap"
          {...timeGrid}
          {...(scrollToTime ? { scrollToTime } : {})}
          {...resources}
        />
      </Box>
    </Box>
  );
});
