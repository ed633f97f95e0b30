import { Alert } from "@chakra-ui/react/alert";
import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Link } from "@chakra-ui/react/link";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { GoogleCalendarStatus } from "@crawlguard/validators";
import { CalendarCheck, CalendarX, Eye, EyeOff, type LucideIcon, RefreshCw, Unplug } from "lucide-react";
import { type MouseEvent, type ReactNode, useId } from "react";
import { displayInZone } from "../../lib/business-time";
import { connectionState, NOT_SET_UP_TEXT, pendingPushesText } from "./google-calendar-model";
import type { ConnectPhase } from "./use-google-connect";

export type ConnectionCardProps = {
  status: GoogleCalendarStatus;
  /**
   * The viewer may connect, reconnect and disconnect (admins only, ADR 018). Staff see the
   * state and the events, and are told that only an administrator can change the connection.
   */
  canManage: boolean;
  zone: string;
  phase: ConnectPhase;
  /** Why the last connection attempt failed. */
  problem: string | null;
  eventsShown: boolean;
  onConnect: () => void;
  /** The blocked popup's link was clicked: true when it opened as a popup (the link is then not followed). */
  onOpenBlocked: (authUrl: string) => boolean;
  onDismissBlocked: () => void;
  onToggleEvents: () => void;
  onDisconnect: () => void;
};

/**
 * The connection (docs/product.md "Screens and routes", Google Calendar): Connected ("Google Calendar is connected and
 * ready", which account, who connected it and when, Show/Hide Recent Events, Disconnect), Not
 * Connected ("Connect to automatically sync appointments", Connect Calendar, "Connecting..."), or
 * needing a reconnection (Reconnect and the reason). Pushes waiting and the last failure show when
 * there are any. Only admins get the buttons that change the connection (the server refuses
 * staff anyway). Presentational: the panel holds the calls.
 */
export function ConnectionCard(props: ConnectionCardProps) {
  const { status, phase } = props;
  const headingId = useId();
  const state = connectionState(status);
  const connecting = phase.kind === "connecting";
  const pending = pendingPushesText(status.pendingPushes);
  const lastErrorAt = status.lastErrorAt ? displayInZone(status.lastErrorAt, props.zone) : null;

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex gap="2" align="center" justify="space-between" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            Connection Status
          </Heading>
          {state === "connected" ? (
            <Badge colorPalette="green" variant="solid">
              Connected
            </Badge>
          ) : state === "needs-reconnect" ? (
            <Badge colorPalette="orange" variant="solid">
              Needs Reconnecting
            </Badge>
          ) : status.configured ? (
            <Badge colorPalette="gray" variant="subtle">
              Not Connected
            </Badge>
          ) : (
            <Badge colorPalette="gray" variant="subtle">
              Not Set Up
            </Badge>
          )}
        </Flex>
      </Card.Header>
      <Card.Body gap="4">
        {state === "connected" ? (
          <Connected {...props} />
        ) : state === "needs-reconnect" ? (
          <NeedsReconnect {...props} connecting={connecting} />
        ) : (
          <NotConnected {...props} connecting={connecting} />
        )}

        {phase.kind === "blocked" ? (
          <PopupBlocked authUrl={phase.authUrl} onOpen={props.onOpenBlocked} onDismiss={props.onDismissBlocked} />
        ) : null}
        {props.problem && !connecting ? (
          <Alert.Root status="error" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Google Calendar was not connected</Alert.Title>
              <Alert.Description>{props.problem}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {pending && state !== "not-connected" ? (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{pending}</Alert.Title>
          </Alert.Root>
        ) : null}
        {status.lastError && state !== "not-connected" ? (
          <Alert.Root status="warning" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {lastErrorAt ? `Google's last error (${lastErrorAt.date} at ${lastErrorAt.time})` : "Google's last error"}
              </Alert.Title>
              <Alert.Description>{status.lastError}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function Details({ status, zone }: { status: GoogleCalendarStatus; zone: string }) {
  const when = status.connectedAt ? displayInZone(status.connectedAt, zone) : null;
  return (
    <Stack as="dl" gap="1" textStyle="sm">
      <Flex gap="1.5" wrap="wrap">
        <Text as="dt" color="fg.muted">
          Google account:
        </Text>
        <Text as="dd" fontWeight="medium" wordBreak="break-all">
          {status.account ?? "Unknown account"}
        </Text>
      </Flex>
      {status.connectedBy || when ? (
        <Flex gap="1.5" wrap="wrap">
          <Text as="dt" color="fg.muted">
            Connected by:
          </Text>
          <Text as="dd">
            {status.connectedBy ?? "a former user"}
            {when ? ` on ${when.date} at ${when.time}` : ""}
          </Text>
        </Flex>
      ) : null}
    </Stack>
  );
}

/** Where a staff member would find a connection button: who can do it instead. */
export const ADMIN_ONLY_TEXT = "Only an administrator can connect, reconnect or disconnect Google Calendar.";

function AdminOnlyNote() {
  return (
    <Text textStyle="sm" color="fg.muted">
      {ADMIN_ONLY_TEXT}
    </Text>
  );
}

function Connected({ status, zone, eventsShown, onToggleEvents, onDisconnect, canManage }: ConnectionCardProps) {
  return (
    <>
      <StateHeading icon={CalendarCheck} color="green.fg" title="Google Calendar is connected and ready">
        <Details status={status} zone={zone} />
      </StateHeading>
      <Flex gap="2" wrap="wrap">
        <Button variant="outline" onClick={onToggleEvents} aria-expanded={eventsShown}>
          {eventsShown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {eventsShown ? "Hide Recent Events" : "Show Recent Events"}
        </Button>
        {canManage ? (
          <Button variant="outline" colorPalette="red" onClick={onDisconnect}>
            <Unplug aria-hidden="true" />
            Disconnect
          </Button>
        ) : null}
      </Flex>
      {canManage ? null : <AdminOnlyNote />}
    </>
  );
}

function NeedsReconnect({ status, zone, onConnect, onDisconnect, connecting, canManage }: ConnectionCardProps & { connecting: boolean }) {
  return (
    <>
      <StateHeading icon={CalendarX} color="orange.fg" title="Google no longer accepts this connection">
        <Text textStyle="sm" color="fg.muted">
          Google revoked or expired the access{status.account ? ` of ${status.account}` : ""}. Appointments wait here and are sent once
          {canManage ? " you reconnect." : " an administrator reconnects."}
        </Text>
        <Details status={status} zone={zone} />
      </StateHeading>
      {canManage ? null : <AdminOnlyNote />}
      {canManage ? (
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={onConnect} disabled={connecting}>
            <RefreshCw aria-hidden="true" />
            {connecting ? "Connecting..." : "Reconnect"}
          </Button>
          <Button variant="outline" colorPalette="red" onClick={onDisconnect} disabled={connecting}>
            <Unplug aria-hidden="true" />
            Disconnect
          </Button>
        </Flex>
      ) : null}
    </>
  );
}

/**
 * A server without a Google OAuth client: said at once, before anyone clicks. Staff
 * are told to ask their administrator; admins get the technical steps (the settings and the
 * redirect URI to register). There is no Connect button: it could not work.
 */
function NotSetUp({ status, canManage }: ConnectionCardProps) {
  return (
    <HStack gap="3" align="start">
      <Box color="fg.muted" mt="0.5" flexShrink={0}>
        <CalendarX aria-hidden="true" />
      </Box>
      <Stack gap="2" minW="0">
        <Text fontWeight="semibold">{canManage ? "Google Calendar is not set up on this server" : NOT_SET_UP_TEXT}</Text>
        {canManage ? (
          <>
            <Text textStyle="sm">
              {status.setupMessage ?? "The server has no Google OAuth client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)."}
            </Text>
            <Text textStyle="sm">
              The redirect URI to register with the OAuth client:{" "}
              <Box as="code" fontFamily="mono" bg="bg.muted" px="1" rounded="l1" wordBreak="break-all">
                {status.redirectUri}
              </Box>
            </Text>
          </>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            Appointments are kept here; nothing is sent to Google until it is set up and connected.
          </Text>
        )}
      </Stack>
    </HStack>
  );
}

function NotConnected(props: ConnectionCardProps & { connecting: boolean }) {
  const { onConnect, connecting, canManage } = props;
  if (!props.status.configured) return <NotSetUp {...props} />;
  if (!canManage) {
    return (
      <HStack gap="3" align="start">
        <Box color="fg.muted" mt="0.5" flexShrink={0}>
          <CalendarX aria-hidden="true" />
        </Box>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold">Google Calendar is not connected</Text>
          <AdminOnlyNote />
        </Stack>
      </HStack>
    );
  }
  return (
    <>
      <HStack gap="3" align="start">
        <Box color="fg.muted" mt="0.5" flexShrink={0}>
          <CalendarX aria-hidden="true" />
        </Box>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold">Connect to automatically sync appointments</Text>
          <Text textStyle="sm" color="fg.muted">
            One connection for the business: every appointment goes to the office calendar.
          </Text>
        </Stack>
      </HStack>
      <Box>
        <Button colorPalette="brand" onClick={onConnect} disabled={connecting}>
          <CalendarCheck aria-hidden="true" />
          {connecting ? "Connecting..." : "Connect Calendar"}
        </Button>
      </Box>
    </>
  );
}

function PopupBlocked({ authUrl, onOpen, onDismiss }: { authUrl: string; onOpen: (authUrl: string) => boolean; onDismiss: () => void }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (onOpen(authUrl)) event.preventDefault();
  };
  return (
    <Alert.Root status="warning" variant="subtle">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>The Google sign-in window was blocked</Alert.Title>
        <Alert.Description>
          <Stack gap="2" align="start">
            <Text>
              Your browser blocked the pop-up. Allow pop-ups for this site and try again, or open Google&apos;s sign-in page from here.
            </Text>
            <Flex gap="3" wrap="wrap" align="center">
              <Link href={authUrl} target="google-calendar" onClick={follow} fontWeight="semibold" colorPalette="brand">
                Open Google sign-in
              </Link>
              <Button size="xs" variant="ghost" onClick={onDismiss}>
                Cancel
              </Button>
            </Flex>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A connection state's icon, title and details, laid out the same way in every state. */
function StateHeading({ icon: Icon, color, title, children }: { icon: LucideIcon; color: string; title: string; children: ReactNode }) {
  return (
    <HStack gap="3" align="start">
      <Box color={color} mt="0.5" flexShrink={0}>
        <Icon aria-hidden="true" />
      </Box>
      <Stack gap="2" minW="0">
        <Text fontWeight="semibold">{title}</Text>
        {children}
      </Stack>
    </HStack>
  );
}
