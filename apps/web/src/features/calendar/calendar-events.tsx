import { Box } from "@chakra-ui/react/box";
import { getServiceLabel, serviceEmoji } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { format } from "date-fns";
import type { EventProps } from "react-big-calendar";
import { blockTypeLabels } from "../availability/time-block-form";
import { priorityPalette, statusLabels } from "../leads/lead-board-model";
import { type AppointmentEvent, type BlockEvent, type CalendarEvent, type GoogleEvent, type MoreEvent } from "./calendar-event-model";
import { OwnerMark } from "./calendar-owners";

const priorityNames: Record<Lead["priority"], string> = { high: "High priority", medium: "Medium priority", low: "Low priority" };

/** docs/product.md "Business constants and limits" priority colours (high red, medium yellow, low green), named for screen readers. */
export function PriorityDot({ priority }: { priority: Lead["priority"] }) {
  return (
    <Box
      as="span"
      display="inline-block"
      boxSize="2"
      rounded="full"
      flexShrink={0}
      bg={`${priorityPalette[priority]}.solid`}
      borderWidth="1px"
      borderColor="white"
      title={priorityNames[priority]}
    >
      <Box as="span" srOnly>
        {priorityNames[priority]}
      </Box>
    </Box>
  );
}

const clockTimes = new Map<number, string>();
/** '2:30 PM' of a floating date; memoised, as a week redraws hundreds of them. */
function clockTime(date: Date): string {
  const key = date.getHours() * 60 + date.getMinutes();
  let text = clockTimes.get(key);
  if (text === undefined) {
    text = format(date, "h:mm a");
    clockTimes.set(key, text);
  }
  return text;
}

export function timeRange(start: Date, end: Date): string {
  return `${clockTime(start)} – ${clockTime(end)}`;
}

/** An event in the week view: an appointment's priority dot, name and time, in brief. */
export function WeekEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "block") return <BlockContent event={event} />;
  if (event.kind === "google") return <GoogleContent event={event} detailed={false} />;
  if (event.kind === "more") return <MoreContent event={event} />;
  return <WeekAppointment event={event} />;
}

/**
 * A week can hold hundreds of appointments, and every element, text and glyph costs style and
 * layout work on each draw (bench/calendar), so a week's appointment is two elements: one text of
 * two lines, name then time (calendar.css sets them in bold and plain, each cut with an ellipsis),
 * and the priority for screen readers. The priority dot is the content's ::before, from the
 * event's priority class (eventPropGetter). The service is its tooltip: a colour emoji per card
 * cost more layout than the rest of the card and crowded the name out of a narrow column; the
 * day view shows it.
 */
function WeekAppointment({ event }: { event: AppointmentEvent }) {
  const { appointment } = event;
  return (
    <>
      <OwnerMark ownerId={appointment.assignedTo} />
      <span className="cg-week-event" title={getServiceLabel(appointment.service)}>
        {`${appointment.name}\n${timeRange(event.start, event.end)}`}
      </span>
      <span className="cg-sr-only">{priorityNames[appointment.priority]}</span>
    </>
  );
}

/** An event in the day view: an appointment's emoji, priority dot, name, time, service and status (docs/product.md "Screens and routes": lead cards). */
export function DayEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "block") return <BlockContent event={event} />;
  if (event.kind === "google") return <GoogleContent event={event} detailed />;
  if (event.kind === "more") return <MoreContent event={event} />;
  return <DayAppointment event={event} />;
}

/**
 * Week and day views: the items that do not fit beside those overlapping them (calendar-grid's
 * `fitOverlaps`), as "+N more" and the time they start; the event itself opens the day.
 */
function MoreContent({ event }: { event: MoreEvent }) {
  return (
    <>
      <span className="cg-event-name" title={event.titles?.join(", ")}>
        {event.title}
      </span>
      <span className="cg-event-text">from {clockTime(event.start)}</span>
      {event.titles ? <span className="cg-sr-only">: {event.titles.join(", ")}</span> : null}
    </>
  );
}

const dayNames = new Map<number, string>();
/** "Tuesday, December 1" of a floating date; memoised like clockTime. */
function dayName(date: Date): string {
  const key = Math.floor(date.getTime() / 86_400_000) * 100 + date.getDate();
  let text = dayNames.get(key);
  if (text === undefined) {
    text = format(date, "EEEE, MMMM d");
    dayNames.set(key, text);
  }
  return text;
}

/**
 * A month cell's line: time and name (docs/product.md "Screens and routes"), or the cell's "+N more". react-big-calendar
 * draws a week's events in rows that span its days, not inside each day's cell, so
 * its table roles are dropped (patches/react-big-calendar) and each line names its day itself,
 * for screen readers.
 */
export function MonthEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "more") {
    // A real button, so a keyboard reaches it (react-big-calendar's month events are not
    // focusable); its click reaches the calendar's own handler, which opens that day.
    return (
      <button type="button" className="cg-more-button" aria-label={`${event.title} on ${dayName(event.start)}`}>
        {event.title}
      </button>
    );
  }
  const day = <span className="cg-sr-only">{`${dayName(event.start)}: `}</span>;
  if (event.kind === "google") {
    return (
      <span className="cg-event-text">
        {day}
        <span className="cg-google-mark" aria-hidden="true">
          G
        </span>
        <span className="cg-sr-only">Google: </span>
        {event.allDay ? "" : `${clockTime(event.start)} `}
        {event.title}
      </span>
    );
  }
  return (
    <span className="cg-event-text">
      {day}
      {event.kind === "appointment" ? <OwnerMark ownerId={event.appointment.assignedTo} /> : null}
      {clockTime(event.start)} {event.title}
    </span>
  );
}

/**
 * A day's appointment: plain elements and calendar.css, not Chakra components (the priority dot is
 * drawn by the emoji's ::after), as every element costs style and layout work on each draw.
 */
function DayAppointment({ event }: { event: AppointmentEvent }) {
  const { appointment } = event;
  const priority = priorityNames[appointment.priority];
  return (
    <>
      <span className="cg-event-name">
        <OwnerMark ownerId={appointment.assignedTo} />
        <span className={`cg-event-mark cg-event-mark--${appointment.priority}`} aria-hidden="true" title={priority}>
          {serviceEmoji(appointment.service)}
        </span>
        {appointment.name}
      </span>
      <span className="cg-sr-only">{priority}</span>
      <span className="cg-event-text">{timeRange(event.start, event.end)}</span>
      <span className="cg-event-text">
        {getServiceLabel(appointment.service)} · {statusLabels[appointment.status]}
      </span>
    </>
  );
}

/** A time block: title, type badge in its colour, time. Plain elements too (a daily block is 7 a week). */
function BlockContent({ event }: { event: BlockEvent }) {
  const { block } = event;
  return (
    <>
      <span className="cg-event-name">
        <OwnerMark ownerId={block.ownerId} />
        {event.title}
      </span>
      <span className="cg-event-badge" style={{ background: `${block.color}26`, borderColor: block.color }}>
        <span className="cg-event-badge-dot" style={{ background: block.color }} aria-hidden="true" />
        {blockTypeLabels[block.blockType]}
      </span>
      <span className="cg-event-text">{timeRange(event.start, event.end)}</span>
    </>
  );
}

/**
 * An event of the connected Google Calendar (not one of our appointments): its title, a "Google"
 * tag (read by screen readers too), its time and, in the day view, where it is. Read only.
 */
function GoogleContent({ event, detailed }: { event: GoogleEvent; detailed: boolean }) {
  return (
    <>
      <span className="cg-event-name">{event.title}</span>
      <span className="cg-event-badge cg-event-badge--google">Google</span>
      <span className="cg-event-text">{event.allDay ? "All day" : timeRange(event.start, event.end)}</span>
      {detailed && event.event.location ? <span className="cg-event-text">{event.event.location}</span> : null}
    </>
  );
}
