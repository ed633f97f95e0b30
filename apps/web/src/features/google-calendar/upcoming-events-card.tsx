import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { IconButton } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { GoogleCalendarEvent } from "@crawlguard/validators";
import { CalendarClock, ExternalLink, MapPin, RefreshCw } from "lucide-react";
import { useId } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { LoadError } from "../dashboard/load-error";
import { eventTitle, eventWhen, moreEventsText, statusBadgeStyle, statusLabel, upcomingPreview } from "./google-calendar-model";

export type UpcomingEventsCardProps = {
  events: readonly GoogleCalendarEvent[] | undefined;
  zone: string;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRefresh: () => void;
};

/**
 * 'Upcoming Calendar Events' (docs/product.md "Screens and routes"): the next 5 events of the connected calendar, then
 * "And N more events..."; "No upcoming events found" / "Schedule some appointments to see them
 * here" when there are none. Each shows its title, when (the business zone's clock), where, its
 * status and a link to it in Google Calendar.
 */
export function UpcomingEventsCard({ events, zone, loading, refreshing, error, onRefresh }: UpcomingEventsCardProps) {
  const headingId = useId();
  const { shown, more } = upcomingPreview(events ?? []);
  const moreText = moreEventsText(more);
  return (
    <Card.Root as="section" aria-labelledby={headingId} aria-busy={loading || refreshing}>
      <Card.Header>
        <Flex gap="2" align="center" justify="space-between">
          <Heading as="h3" size="md" id={headingId}>
            Upcoming Calendar Events
          </Heading>
          <IconButton size="sm" variant="ghost" aria-label="Refresh events" onClick={onRefresh} disabled={loading || refreshing}>
            <RefreshCw aria-hidden="true" />
          </IconButton>
        </Flex>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <CenteredSpinner label="Loading events..." minH="32" />
        ) : error ? (
          <LoadError what="upcoming events" error={error} onRetry={onRefresh} />
        ) : shown.length === 0 ? (
          <Stack align="center" textAlign="center" py="6" gap="1">
            <Box color="fg.subtle">
              <CalendarClock aria-hidden="true" />
            </Box>
            <Text fontWeight="semibold">No upcoming events found</Text>
            <Text textStyle="sm" color="fg.muted">
              Schedule some appointments to see them here
            </Text>
          </Stack>
        ) : (
          <Stack gap="2">
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Upcoming events">
              {shown.map((event) => (
                <EventRow key={event.id} event={event} zone={zone} />
              ))}
            </Stack>
            {moreText ? (
              <Text textStyle="sm" color="fg.muted" textAlign="center">
                {moreText}
              </Text>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function EventRow({ event, zone }: { event: GoogleCalendarEvent; zone: string }) {
  const title = eventTitle(event);
  const when = eventWhen(event, zone);
  const badge = statusBadgeStyle(event.status);
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" aria-label={title}>
      <Flex gap="3" justify="space-between" align="start">
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {title}
          </Text>
          {when ? <Text textStyle="sm">{when}</Text> : null}
          {event.location ? (
            <HStack gap="1" textStyle="xs" color="fg.muted" align="start">
              <Box as="span" mt="0.5" flexShrink={0}>
                <MapPin aria-hidden="true" size="12" />
              </Box>
              <Text as="span" overflowWrap="anywhere">
                <Box as="span" srOnly>
                  Location:{" "}
                </Box>
                {event.location}
              </Text>
            </HStack>
          ) : null}
        </Stack>
        <HStack gap="1" flexShrink={0}>
          <Badge
            size="sm"
            variant={badge === "default" ? "solid" : "subtle"}
            colorPalette={badge === "default" ? "brand" : "gray"}
            data-badge={badge}
          >
            {statusLabel(event.status)}
          </Badge>
          {event.htmlLink ? (
            <IconButton asChild size="xs" variant="ghost" aria-label={`Open ${title} in Google Calendar (new tab)`}>
              <a href={event.htmlLink} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
              </a>
            </IconButton>
          ) : null}
        </HStack>
      </Flex>
    </Box>
  );
}
