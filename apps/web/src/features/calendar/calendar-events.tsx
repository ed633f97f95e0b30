import { Box } from "@chakra-ui/react/box";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { getServiceLabel } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { format } from "date-fns";
import type { EventProps } from "react-big-calendar";
import { TimeBlockTypeBadge } from "../availability/time-block-type-badge";
import { priorityPalette, statusLabels } from "../leads/lead-board-model";
import { type AppointmentEvent, type BlockEvent, type CalendarEvent, serviceEmoji } from "./calendar-model";

const priorityNames: Record<Lead["priority"], string> = { high: "High priority", medium: "Medium priority", low: "Low priority" };

/** SPEC section 9 priority colours (high red, medium yellow, low green), named for screen readers. */
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

/** An appointment in the week view: emoji, priority dot, name, time. */
export function WeekEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "block") return <BlockContent event={event} />;
  if (event.kind === "more") return null; // month view only
  return <AppointmentContent event={event} detailed={false} />;
}

/** An appointment in the day view: also its service and status (SPEC section 2: lead cards). */
export function DayEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "block") return <BlockContent event={event} />;
  if (event.kind === "more") return null; // month view only
  return <AppointmentContent event={event} detailed />;
}

/** A month cell's line: time and name (SPEC section 2), or the cell's "+N more". */
export function MonthEvent({ event }: EventProps<CalendarEvent>) {
  if (event.kind === "more") {
    // A real button, so a keyboard reaches it (react-big-calendar's month events are not
    // focusable); its click reaches the calendar's own handler, which opens that day.
    return (
      <button type="button" className="cg-more-button">
        {event.title}
      </button>
    );
  }
  return (
    <span className="cg-event-text">
      {clockTime(event.start)} {event.title}
    </span>
  );
}

/**
 * Plain elements and calendar.css, not Chakra components: a week can hold hundreds of these, and
 * style props cost a style computation per element per render (bench/calendar).
 */
function AppointmentContent({ event, detailed }: { event: AppointmentEvent; detailed: boolean }) {
  const { appointment } = event;
  return (
    <span className="cg-event-body">
      <span className="cg-event-line">
        <span aria-hidden="true">{serviceEmoji(appointment.service)}</span>
        <span className={`cg-dot cg-dot--${appointment.priority}`} title={priorityNames[appointment.priority]}>
          <span className="cg-sr-only">{priorityNames[appointment.priority]}</span>
        </span>
        <span className="cg-event-name">{appointment.name}</span>
      </span>
      <span className="cg-event-text">{timeRange(event.start, event.end)}</span>
      {detailed ? (
        <span className="cg-event-text">
          {getServiceLabel(appointment.service)} · {statusLabels[appointment.status]}
        </span>
      ) : null}
    </span>
  );
}

function BlockContent({ event }: { event: BlockEvent }) {
  return (
    <Box overflow="hidden">
      <HStack gap="1" minW="0" wrap="wrap">
        <Text as="span" fontWeight="semibold" truncate>
          {event.title}
        </Text>
        <TimeBlockTypeBadge block={event.block} size="xs" />
      </HStack>
      <Text as="span" display="block" truncate>
        {timeRange(event.start, event.end)}
      </Text>
    </Box>
  );
}
