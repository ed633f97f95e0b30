import { Box } from "@chakra-ui/react/box";
import { Grid } from "@chakra-ui/react/grid";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { useEffect, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { useSession } from "../auth/use-session";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { LoadError } from "../dashboard/load-error";
import { ConnectionCard } from "./connection-card";
import { calendarPromise } from "./google-calendar-model";
import { FeaturesCard } from "./features-card";
import { useGoogleQueriesInvalidation } from "./use-google-calendar";
import { useGoogleConnect } from "./use-google-connect";
import { UpcomingEventsCard } from "./upcoming-events-card";

/**
 * The Google Calendar tab (docs/product.md "Screens and routes"; ADR 014). On opening it runs `init` (POST
 * /api/calendar/init, admins only) then checks the status, and shows the connection, what it does,
 * and the calendar's upcoming events when connected. Connecting, reconnecting and disconnecting
 * are for admins: staff see the state and the events, and who can connect.
 */
export default function GoogleCalendarPanel() {
  const zone = useBusinessTimeZone();
  const utils = trpc.useUtils();
  const invalidateGoogle = useGoogleQueriesInvalidation();
  const canManage = useSession().user?.isAdmin === true;

  // docs/product.md: init on mount, then the status (a fresh answer each time the tab opens).
  // init is admin-only; staff go straight to the status.
  const init = trpc.googleCalendar.init.useMutation();
  const [initialised, setInitialised] = useState(false);
  const { mutate: runInit } = init;
  useEffect(() => {
    if (!canManage) {
      void utils.googleCalendar.status.invalidate();
      setInitialised(true);
      return;
    }
    runInit(undefined, {
      onSettled: () => {
        void utils.googleCalendar.status.invalidate();
        setInitialised(true);
      },
    });
  }, [runInit, utils, canManage]);
  const status = trpc.googleCalendar.status.useQuery(undefined, { enabled: initialised });

  const connection = useGoogleConnect();
  const [eventsShown, setEventsShown] = useState(false);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);

  const connected = status.data?.authenticated === true;
  const events = trpc.googleCalendar.events.useQuery(undefined, { enabled: connected && eventsShown, refetchOnMount: "always" });
  // A failed read may have found the connection revoked: the status says so.
  const eventsFailed = events.isError;
  useEffect(() => {
    if (eventsFailed) void utils.googleCalendar.status.invalidate();
  }, [eventsFailed, utils]);

  const disconnect = trpc.googleCalendar.disconnect.useMutation({
    onSuccess: ({ message }) => {
      setConfirmingDisconnect(false);
      setEventsShown(false);
      showToast({ title: "Calendar Disconnected", description: message, type: "success" });
    },
    onError: (error) => showToast({ title: "Disconnect Failed", description: toastErrorText(error), type: "error" }),
    onSettled: () => {
      invalidateGoogle();
      // Disconnecting forgets every lead's event id.
      void utils.leads.list.invalidate();
    },
  });

  const connect = () => void connection.connect();

  return (
    <Stack gap="4">
      <Box>
        <Heading as="h2" size="lg">
          Google Calendar
        </Heading>
        {status.data ? (
          <Text textStyle="sm" color="fg.muted">
            {calendarPromise(status.data)}
          </Text>
        ) : null}
      </Box>
      {status.data ? (
        // Phones: the connection, then its events, then what it does; wider: events on the right.
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" }}
          templateAreas={{ base: `"connection" "events" "features"`, lg: `"connection events" "features events"` }}
          templateRows={{ lg: "auto 1fr" }}
          gap="4"
          alignItems="start"
        >
          <Box gridArea="connection" minW="0">
            <ConnectionCard
              status={status.data}
              canManage={canManage}
              zone={zone}
              phase={connection.phase}
              problem={connection.problem}
              eventsShown={eventsShown}
              onConnect={connect}
              onOpenBlocked={connection.openBlocked}
              onDismissBlocked={connection.dismissBlocked}
              onToggleEvents={() => setEventsShown((shown) => !shown)}
              onDisconnect={() => setConfirmingDisconnect(true)}
            />
          </Box>
          {connected && eventsShown ? (
            <Box gridArea="events" minW="0">
              <UpcomingEventsCard
                events={events.data}
                zone={zone}
                loading={events.isPending}
                refreshing={events.isFetching}
                error={events.isError ? events.error : null}
                onRefresh={() => {
                  void events.refetch();
                  void utils.googleCalendar.status.invalidate();
                }}
              />
            </Box>
          ) : null}
          <Box gridArea="features" minW="0">
            <FeaturesCard />
          </Box>
        </Grid>
      ) : status.isError ? (
        <LoadError what="the Google Calendar connection" error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <CenteredSpinner label="Checking connection status..." minH="40" />
      )}
      <ConfirmDialog
        open={confirmingDisconnect}
        onClose={() => setConfirmingDisconnect(false)}
        title="Disconnect Google Calendar?"
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      >
        {status.data?.account
          ? `Appointments will no longer be sent to ${status.data.account}.`
          : "Appointments will no longer be sent to Google Calendar."}{" "}
        Events already in the calendar stay there.
      </ConfirmDialog>
    </Stack>
  );
}
