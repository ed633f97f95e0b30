import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type BusyDayQuery, NEXT_FREE_SEARCH_DAYS } from "@crawlguard/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { format } from "date-fns";
import { useId } from "react";
import { floatingOf, isPastDate, parseDateInput, parseTimeInput } from "../../lib/business-time";
import { trpc } from "../../lib/trpc";
import { durationOf } from "./booking-form";
import { busyLines, nextFreeText, workingText } from "./busy-times-model";

type BusyTimesProps = {
  /** Whose day: the dialog's "Assigned to". */
  assignedTo: string;
  /** Whose, as the heading says it: "Jo Lee’s", or "Your" for the signed-in user. */
  whose: string;
  date: string;
  time: string;
  duration: string;
  /** The lead being rescheduled: its own appointment is no busy time. */
  excludeLeadId?: string | undefined;
  zone: string;
  /** "Next free" chosen: its date and time go into the dialog's fields. */
  onPick: (date: string, time: string) => void;
};

/**
 * The chosen person's day in a booking dialog (docs/product.md "Calendar", busy times): their
 * working hours, what is booked that day, and the next free time for the appointment's length as
 * a button that fills in the date and time. Asked as soon as a date (today or later) and a person
 * are chosen, so a clash shows before Book is pressed.
 */
export function BusyTimes({ assignedTo, whose, date, time, duration, excludeLeadId, zone, onPick }: BusyTimesProps) {
  const headingId = useId();
  const askable = Boolean(assignedTo) && parseDateInput(date) !== null && !isPastDate(date, zone);
  const day = trpc.busyTimes.day.useQuery(
    {
      assignedTo,
      date,
      durationMinutes: String(durationOf(duration)) as NonNullable<BusyDayQuery["durationMinutes"]>,
      ...(excludeLeadId ? { excludeLeadId } : {}),
      ...(parseTimeInput(time) !== null ? { time } : {}),
    },
    { enabled: askable, staleTime: 30_000, placeholderData: keepPreviousData },
  );
  if (!askable) return null;
  const data = day.data?.date === date && day.data.userId === assignedTo ? day.data : undefined;
  const shownDay = floatingOf(date);
  const lines = data ? busyLines(data, zone) : [];
  // While another time's answer is on its way the last one's day stays, its next free time not.
  const asking = day.isPlaceholderData;
  const free = data?.nextFree ?? null;
  const chosen = free !== null && free.date === date && free.time === time;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="l2" p="3" bg="bg.subtle" data-testid="busy-times">
      <Stack gap="2">
        <Text id={headingId} fontWeight="semibold" textStyle="sm">
          {whose} day{shownDay ? `, ${format(shownDay, "EEE, MMM d")}` : ""}
        </Text>
        {day.isError ? (
          <Text textStyle="sm" color="fg.muted">
            Busy times could not be loaded; the booking still checks for clashes.
          </Text>
        ) : !data ? (
          <Text textStyle="sm" color="fg.muted">
            Loading busy times…
          </Text>
        ) : (
          <>
            <Text textStyle="sm">{workingText(data, zone)}</Text>
            {lines.length > 0 ? (
              <Box as="ul" aria-label="Busy times" listStyleType="none" display="flex" flexDirection="column" gap="1">
                {lines.map((line) => (
                  <Box as="li" key={line.key} textStyle="sm" display="flex" gap="2" flexWrap="wrap">
                    <Text as="span" fontWeight="medium" whiteSpace="nowrap">
                      {line.when}
                    </Text>{" "}
                    <Text as="span" color="fg.muted">
                      <bdi>{line.what}</bdi>
                    </Text>
                  </Box>
                ))}
              </Box>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                Nothing booked.
              </Text>
            )}
            {asking ? (
              <Text textStyle="sm" color="fg.muted">
                Looking for the next free time…
              </Text>
            ) : free === null ? (
              <Text textStyle="sm">No free time in the next {NEXT_FREE_SEARCH_DAYS} days.</Text>
            ) : chosen ? (
              <Text textStyle="sm" color="green.fg">
                {nextFreeText(free, date, zone)} is free.
              </Text>
            ) : (
              <Box>
                <Button type="button" size="sm" variant="outline" bg="bg" onClick={() => onPick(free.date, free.time)}>
                  <CalendarCheck aria-hidden="true" />
                  Next free: {nextFreeText(free, date, zone)}
                </Button>
              </Box>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
