import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone, getServiceLabel, serviceEmoji } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { CalendarPlus, Pencil } from "lucide-react";
import { memo, useId } from "react";
import { displayInZone } from "../../lib/business-time";
import { statusLabels, statusPalette } from "../leads/lead-board-model";
import { PriorityDot } from "./calendar-events";

/** What 'Add to Google' needs: why it cannot be used now (null: it can), the push under way, the push. */
export type AppointmentGoogleActions = {
  unavailable: string | null;
  pendingLeadId: string | null;
  onAdd: (lead: Lead) => void;
};

type ListProps = {
  title: string;
  leads: readonly Lead[];
  zone: string;
  empty: string;
  onEdit: (lead: Lead) => void;
  google: AppointmentGoogleActions;
  /** What the list holds, in a line under the title: "Upcoming appointments" under 'Recent Appointments'. */
  subtitle?: string | undefined;
  /** Shown under the title, e.g. "Showing 5 of 12". */
  note?: string | undefined;
};

/**
 * 'Recent Appointments' (upcoming) and 'Past Appointments' (docs/product.md "Screens and routes"): each with Edit and
 * 'Add to Google' (pushes the appointment to the connected Google Calendar now; disabled, with
 * the reason, while Google Calendar is not connected). Memoised: the calendar redraws on every
 * navigation, these lists only when their own props change.
 */
export const AppointmentList = memo(function AppointmentList({ title, leads, zone, empty, onEdit, google, subtitle, note }: ListProps) {
  const headingId = useId();
  const subtitleId = useId();
  const googleHintId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} aria-describedby={subtitle ? subtitleId : undefined} size="sm">
      <Card.Header pb="0">
        <Heading as="h3" size="md" id={headingId}>
          {title}
        </Heading>
        {subtitle ? (
          <Text id={subtitleId} textStyle="sm" color="fg.muted" data-testid="appointment-list-subtitle">
            {subtitle}
          </Text>
        ) : null}
        {note ? (
          <Text textStyle="xs" color="fg.muted">
            {note}
          </Text>
        ) : null}
        {google.unavailable ? (
          <Text id={googleHintId} srOnly>
            {google.unavailable}.
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {leads.length === 0 ? (
          <Text color="fg.muted" py="4" textAlign="center">
            {empty}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {leads.map((lead) => (
              <AppointmentRow key={lead.id} lead={lead} zone={zone} onEdit={onEdit} google={google} googleHintId={googleHintId} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
});

type RowProps = { lead: Lead; zone: string; onEdit: (lead: Lead) => void; google: AppointmentGoogleActions; googleHintId: string };

function AppointmentRow({ lead, zone, onEdit, google, googleHintId }: RowProps) {
  const adding = google.pendingLeadId === lead.id;
  const when = lead.scheduledDate ? displayInZone(lead.scheduledDate, zone) : null;
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" aria-label={lead.name}>
      <Flex gap="3" justify="space-between" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }}>
        <Stack gap="0.5" minW="0">
          <HStack gap="1.5" minW="0">
            <Box as="span" aria-hidden="true">
              {serviceEmoji(lead.service)}
            </Box>
            <PriorityDot priority={lead.priority} />
            <Text fontWeight="semibold" truncate>
              {lead.name}
            </Text>
            <Badge size="sm" colorPalette={statusPalette[lead.status]} variant="subtle">
              {statusLabels[lead.status]}
            </Badge>
          </HStack>
          <Text textStyle="sm">{when ? `${when.date} at ${when.time}` : ""}</Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {getServiceLabel(lead.service)}
            {lead.phone ? ` · ${formatPhone(lead.phone)}` : ""}
            {lead.address ? ` · ${lead.address}` : ""}
          </Text>
        </Stack>
        <HStack gap="1" flexShrink={0}>
          <Button size="xs" variant="outline" onClick={() => onEdit(lead)} aria-label={`Edit appointment with ${lead.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          {google.unavailable ? (
            <Button size="xs" variant="ghost" disabled aria-describedby={googleHintId} title={google.unavailable}>
              <CalendarPlus aria-hidden="true" />
              Add to Google
            </Button>
          ) : (
            <Button size="xs" variant="ghost" disabled={adding} aria-busy={adding} onClick={() => google.onAdd(lead)}>
              <CalendarPlus aria-hidden="true" />
              {adding ? "Adding..." : "Add to Google"}
            </Button>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
