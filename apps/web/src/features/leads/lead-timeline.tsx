import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import { useId } from "react";
import { parseISO } from "date-fns";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { trpcErrorText } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { describeLeadEvent, describeLeadEventMeta } from "./lead-timeline-model";
import { LeadQuotes } from "../quotes/lead-quotes";

/** The lead's history (Edit Lead and the card's History): every status, value, appointment, notes, priority and assignee change, by whom and when. */
export function LeadTimeline({ leadId }: { leadId: string }) {
  const headingId = useId();
  // Changes made elsewhere (the board, another person) since the last look: always refetch on open.
  const timeline = trpc.leads.timeline.useQuery({ id: leadId }, { refetchOnMount: "always" });
  const zone = useBusinessTimeZone();
  const deliveries = trpc.notifications.deliveries.useQuery(
    { leadId },
    {
      refetchOnMount: "always",
      // A mail queued in the last two minutes (On my way, say) is followed until it is sent; a
      // reminder waiting days for its time is not.
      refetchInterval: (query) => (query.state.data?.some((d) => sendingNow(d, Date.now())) ? 3000 : false),
    },
  );
  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" pt="4">
      <Heading as="h3" id={headingId} size="sm" mb="2">
        History
      </Heading>
      {timeline.isPending ? (
        <Text color="fg.muted" fontSize="sm">
          Loading history...
        </Text>
      ) : timeline.isError ? (
        <Text color="fg.error" fontSize="sm">
          {trpcErrorText(timeline.error)}
        </Text>
      ) : timeline.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No changes recorded yet.
        </Text>
      ) : (
        <Box as="ol" display="flex" flexDirection="column" gap="2" aria-label="Lead history">
          {timeline.data.map((event) => (
            <li key={event.id}>
              <Text fontSize="sm">{describeLeadEvent(event, zone)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {describeLeadEventMeta(event, zone)}
              </Text>
            </li>
          ))}
        </Box>
      )}
      {deliveries.data && deliveries.data.length > 0 ? (
        <Box as="ol" display="flex" flexDirection="column" gap="2" mt="3" aria-label="E-mails for this lead">
          {deliveries.data.map((d) => (
            <li key={d.id}>
              <Text fontSize="sm">{describeDelivery(d)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {formatInZone(parseISO(d.sentAt ?? d.createdAt), `${DATE_FORMAT} h:mm a`, zone)}
                {d.lastError && d.status !== "sent" ? ` · ${d.lastError}` : ""}
              </Text>
            </li>
          ))}
        </Box>
      ) : null}
      <LeadQuotes leadId={leadId} />
    </Box>
  );
}

/** A delivery the mail worker is about to send or sending: queued or sending, made in the last two minutes. */
function sendingNow(d: { status: string; createdAt: string }, now: number): boolean {
  return (d.status === "queued" || d.status === "sending") && now - Date.parse(d.createdAt) < 120_000;
}

const KIND_LABELS: Record<string, string> = {
  "office-contact": "Office mail: new request",
  "office-booking": "Office mail: booking",
  "client-confirmation": "Confirmation to the client",
  "client-cancellation": "Cancellation to the client",
  "client-reminder": "Reminder to the client",
  "contact-ack": "Acknowledgement to the client",
  "quote-sent": "Quote to the client",
  "quote-reminder": "Quote follow-up to the client",
  "quote-approved": "Quote approval confirmation to the client",
  "office-quote": "Office mail: quote answered",
  "client-on-my-way": "On my way, to the client",
};
const STATUS_LABELS: Record<string, string> = {
  queued: "waiting",
  sending: "sending",
  sent: "sent",
  failed: "failed, retrying",
  skipped: "not sent",
};

function describeDelivery(d: { kind: string; status: string; recipient: string }): string {
  return `E-mail — ${KIND_LABELS[d.kind] ?? d.kind} to ${d.recipient}: ${STATUS_LABELS[d.status] ?? d.status}`;
}
