import { Alert } from "@chakra-ui/react/alert";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { ChevronLeft, ChevronRight, WifiOff } from "lucide-react";
import { useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { addDaysToDate, formatInZone, todayInZone } from "../../lib/business-time";
import { trpcErrorText } from "../../lib/http-error";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { dayHeading } from "./crew-model";
import { JobCard } from "./job-card";
import { useMyDay } from "./use-my-day";
import { useOnline } from "./use-online";

/**
 * Today (docs/product.md "The crew's day"): the signed-in person's jobs of a day, phone first. The
 * jobs last fetched stay on screen while they are fetched again and when the signal is gone, with
 * the time they are from; each opens its job view.
 */
export default function TodayPanel() {
  const zone = useBusinessTimeZone();
  const { openJob } = useDashboardActions();
  const today = todayInZone(zone);
  const [date, setDate] = useState(today);
  const day = useMyDay(date);
  const online = useOnline();
  const shown = day.data?.date === date ? day.data : undefined;
  const asOf = day.dataUpdatedAt ? formatInZone(day.dataUpdatedAt, "h:mm a", zone) : null;
  const headingId = "today-heading";

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" maxW="2xl" mx="auto" w="full">
      <Flex align="center" gap="2">
        <IconButton variant="outline" size="lg" aria-label="Previous day" onClick={() => setDate((d) => addDaysToDate(d, -1))}>
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <Stack gap="0" flex="1" textAlign="center">
          <Heading as="h2" id={headingId} size="lg">
            {date === today ? "Today" : dayHeading(date)}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {date === today ? dayHeading(date) : "Your jobs that day"}
          </Text>
        </Stack>
        <IconButton variant="outline" size="lg" aria-label="Next day" onClick={() => setDate((d) => addDaysToDate(d, 1))}>
          <ChevronRight aria-hidden="true" />
        </IconButton>
      </Flex>
      {date !== today ? (
        <Button variant="subtle" size="lg" onClick={() => setDate(today)}>
          Back to today
        </Button>
      ) : null}

      <div role="status" aria-live="polite">
        {!online ? (
          <Alert.Root status="warning">
            <Alert.Indicator>
              <WifiOff aria-hidden="true" />
            </Alert.Indicator>
            <Alert.Content>
              <Alert.Title>No signal</Alert.Title>
              <Alert.Description>
                {shown && asOf
                  ? `Showing your jobs as of ${asOf}. They refresh when the signal is back.`
                  : "Your jobs load when the signal is back."}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : shown && day.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Could not refresh your jobs</Alert.Title>
              <Alert.Description>
                {trpcErrorText(day.error)}
                {asOf ? ` Showing them as of ${asOf}.` : ""}
              </Alert.Description>
            </Alert.Content>
            <Button size="lg" variant="outline" onClick={() => void day.refetch()} alignSelf="center">
              Try again
            </Button>
          </Alert.Root>
        ) : shown && day.isFetching ? (
          <Text color="fg.muted" textStyle="sm" textAlign="center">
            Refreshing…
          </Text>
        ) : null}
      </div>

      {shown ? (
        shown.jobs.length === 0 ? (
          <PanelEmptyState title={date === today ? "No jobs today" : "No jobs that day"}>
            Appointments booked for you show here, earliest first.
          </PanelEmptyState>
        ) : (
          <Stack as="ol" gap="3" aria-label={`Jobs, ${dayHeading(date)}`} listStyleType="none">
            {shown.jobs.map((job) => (
              <JobCard key={job.leadId} job={job} zone={zone} onOpen={() => openJob(job)} />
            ))}
          </Stack>
        )
      ) : day.isError && online ? (
        <LoadError what="your jobs" error={day.error} onRetry={() => void day.refetch()} />
      ) : online ? (
        <CenteredSpinner label="Loading your jobs" minH="40" />
      ) : null}
    </Stack>
  );
}
