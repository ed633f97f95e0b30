import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone, getServiceLabel, serviceEmoji } from "@crawlguard/content";
import { format } from "date-fns";
import { memo, type ReactNode, useId } from "react";
import { statusLabels, statusPalette } from "../leads/lead-board-model";
import { PriorityDot, timeRange } from "./calendar-events";
import type { AppointmentEvent } from "./calendar-event-model";
import type { StatusCounts } from "./calendar-grid";

function Panel({
  title,
  children,
  subtitle,
  id: panelId,
}: {
  title: string;
  subtitle?: string | undefined;
  children: ReactNode;
  id?: string;
}) {
  const id = useId();
  return (
    <Card.Root as="section" size="sm" aria-labelledby={id} id={panelId}>
      <Card.Header pb="0">
        <Heading as="h3" size="sm" id={id}>
          {title}
        </Heading>
        {subtitle ? (
          <Text textStyle="xs" color="fg.muted">
            {subtitle}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Counts({ items }: { items: Array<[string, number]> }) {
  return (
    <SimpleGrid as="dl" columns={2} gap="2">
      {items.map(([label, value]) => (
        <Box key={label} bg="bg.muted" rounded="l2" px="3" py="2">
          <Text as="dt" textStyle="xs" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" textStyle="xl" fontWeight="bold">
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** Counts are recomputed with each range; the same numbers need no new drawing. */
function sameCounts(a: { counts: StatusCounts }, b: { counts: StatusCounts }): boolean {
  const x = a.counts;
  const y = b.counts;
  return (
    x.total === y.total && x.scheduled === y.scheduled && x.new === y.new && x.inProgress === y.inProgress && x.completed === y.completed
  );
}

/**
 * docs/product.md "Screens and routes": the week's appointments in all, and those new, in progress and completed;
 * and Scheduled (most booked appointments are, and the total did not add up).
 */
export const WeekSummary = memo(function WeekSummary({ counts }: { counts: StatusCounts }) {
  return (
    <Panel title="Week Summary">
      <Counts
        items={[
          ["Total Appointments", counts.total],
          ["Scheduled", counts.scheduled],
          ["New", counts.new],
          ["In Progress", counts.inProgress],
          ["Completed", counts.completed],
        ]}
      />
    </Panel>
  );
}, sameCounts);

/** docs/product.md "Screens and routes": the day's total, Completed, In Progress, New; and Scheduled. */
export const DaySummary = memo(function DaySummary({ counts }: { counts: StatusCounts }) {
  return (
    <Panel title="Day Summary">
      <Counts
        items={[
          ["Total", counts.total],
          ["Scheduled", counts.scheduled],
          ["Completed", counts.completed],
          ["In Progress", counts.inProgress],
          ["New", counts.new],
        ]}
      />
    </Panel>
  );
}, sameCounts);

/**
 * Today's Agenda (docs/product.md "Screens and routes"): the shown day's appointments with name, time, phone, address,
 * status and service; 'No appointments scheduled' when there are none. Each opens the appointment.
 * On another day it names that day ("Agenda for Tuesday, Mar 10").
 */
export function TodaysAgenda({
  id,
  day,
  isToday,
  events,
  onOpen,
}: {
  id?: string;
  day: Date;
  isToday: boolean;
  events: readonly AppointmentEvent[];
  onOpen: (event: AppointmentEvent) => void;
}) {
  return (
    <Panel id={id} title={agendaTitle(day, isToday)} subtitle={format(day, "EEEE, MMM d, yyyy")}>
      {events.length === 0 ? (
        <Text color="fg.muted">No appointments scheduled</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {events.map((event) => {
            const a = event.appointment;
            return (
              <Box as="li" key={event.id} borderWidth="1px" rounded="l2" p="2.5">
                <HStack gap="1.5" minW="0">
                  <Box as="span" aria-hidden="true">
                    {serviceEmoji(a.service)}
                  </Box>
                  <PriorityDot priority={a.priority} />
                  <Button variant="plain" size="sm" p="0" h="auto" minW="0" fontWeight="semibold" onClick={() => onOpen(event)} truncate>
                    {a.name}
                  </Button>
                </HStack>
                <Text textStyle="sm">{timeRange(event.start, event.end)}</Text>
                {a.phone ? <Text textStyle="xs">{formatPhone(a.phone)}</Text> : null}
                {a.address ? (
                  <Text textStyle="xs" color="fg.muted">
                    {a.address}
                  </Text>
                ) : null}
                <HStack gap="1.5" mt="1" wrap="wrap">
                  <Badge size="sm" colorPalette={statusPalette[a.status]} variant="subtle">
                    {statusLabels[a.status]}
                  </Badge>
                  <Text textStyle="xs" color="fg.muted">
                    {getServiceLabel(a.service)}
                  </Text>
                </HStack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}

/** "Today's Agenda" (docs/product.md "Screens and routes") on today; "Agenda for Tuesday, Mar 10" on any other day. */
export function agendaTitle(day: Date, isToday: boolean): string {
  return isToday ? "Today's Agenda" : `Agenda for ${format(day, "EEEE, MMM d")}`;
}

/** docs/product.md "Screens and routes" (month view): the legend (and Google's events when Google Calendar is connected). */
export function MonthLegend({ google = false }: { google?: boolean }) {
  return (
    <Panel title="Legend">
      <Stack gap="2" textStyle="sm">
        <HStack gap="2">
          <Box boxSize="3" rounded="sm" bg="brand.solid" aria-hidden="true" />
          <Text>Scheduled Appointments</Text>
        </HStack>
        {google ? (
          <HStack gap="2">
            <Box
              boxSize="3"
              rounded="sm"
              bg="bg"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor="#1a73e8"
              borderInlineStartWidth="3px"
              aria-hidden="true"
            />
            <Text>Google Calendar events</Text>
          </HStack>
        ) : null}
        <HStack gap="2">
          <Box boxSize="3" rounded="sm" bg="brand.50" borderWidth="1px" borderColor="brand.200" aria-hidden="true" />
          <Text>Today</Text>
        </HStack>
      </Stack>
    </Panel>
  );
}

/**
 * Month events in the grid cannot take keyboard focus (react-big-calendar), so the month's
 * appointments are also listed here as buttons, by date: the keyboard and screen reader path.
 */
export function MonthAppointmentList({
  title,
  events,
  onOpen,
}: {
  title: string;
  events: readonly AppointmentEvent[];
  onOpen: (event: AppointmentEvent) => void;
}) {
  return (
    <Panel title={title}>
      {events.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No appointments this month.
        </Text>
      ) : (
        <Stack as="ol" gap="1" listStyleType="none" m="0" p="0" maxH="96" overflowY="auto">
          {events.map((event) => (
            <Box as="li" key={event.id}>
              <Button
                variant="ghost"
                size="sm"
                w="full"
                justifyContent="flex-start"
                h="auto"
                py="1.5"
                onClick={() => onOpen(event)}
                textAlign="start"
              >
                <Box as="span" aria-hidden="true">
                  {serviceEmoji(event.appointment.service)}
                </Box>
                <Text as="span" truncate>
                  {format(event.start, "MMM d, h:mm a")} · {event.appointment.name}
                </Text>
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
