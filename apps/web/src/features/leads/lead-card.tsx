import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import { getServiceLabel } from "@crawlguard/content";
import { type Lead, parseEstimatedValue } from "@crawlguard/validators";
import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { CalendarClock, ChevronDown, GripVertical } from "lucide-react";
import { memo, useEffect, useId } from "react";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { columnOf, formatCurrency, priorityOptions, priorityPalette } from "./lead-board-model";
import { useCardExpanded } from "./lead-card-expansion";
import { LeadCardDetails } from "./lead-card-details";
import { AssigneeLine } from "./lead-assignee";
import { revealCard, takeReveal } from "./lead-reveal";
import { formatScheduled } from "./lead-schedule";
import { QuoteStatusBadge } from "../quotes/quote-status-badge";

export type DragHandle = {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

type LeadCardProps = {
  lead: Lead;
  handle: DragHandle;
  isDragging: boolean;
  onDelete: (lead: Lead) => void;
  /** The business time zone (one query for the board, not one per card). */
  zone: string;
};

const scheduledLabels = new Map<string, { date: string; time: string } | null>();

/** formatScheduled, remembered: cards are drawn again and again as columns scroll and searches change. */
function formatScheduledCached(iso: string, zone: string): { date: string; time: string } | null {
  const key = `${zone} ${iso}`;
  let label = scheduledLabels.get(key);
  if (label === undefined) {
    if (scheduledLabels.size > 10_000) scheduledLabels.clear();
    label = formatScheduled(iso, zone);
    scheduledLabels.set(key, label);
  }
  return label;
}

const priorityLabel = Object.fromEntries(priorityOptions.map((option) => [option.value, option.label])) as Record<Lead["priority"], string>;

/**
 * One lead on the board (docs/product.md "Screens and routes", Lead card), compact: name, priority, service, value
 * and appointment. "Details of {name}" opens the rest in place (status, email, phone, address,
 * the editable value and priority, notes, Book Appointment, edit and delete). Memoised, and light
 * when closed: a column of thousands draws a dozen of them at a time.
 */
export const LeadCard = memo(function LeadCard({ lead, handle, isDragging, onDelete, zone }: LeadCardProps) {
  useEffect(() => {
    const reveal = takeReveal(lead.id, columnOf(lead.status));
    if (!reveal) return;
    const handleElement = document.querySelector<HTMLElement>(`[data-lead-handle="${CSS.escape(lead.id)}"]`);
    if (handleElement) revealCard(handleElement, reveal.focus);
  });
  const [expanded, toggleDetails] = useCardExpanded(lead.id);
  const detailsId = useId();
  const { showInCalendar } = useDashboardActions();
  const scheduledAt = lead.scheduledDate;
  const scheduled = scheduledAt ? formatScheduledCached(scheduledAt, zone) : null;
  const value = lead.estimatedValue ? parseEstimatedValue(lead.estimatedValue) : null;

  return (
    <Card.Root
      as="article"
      size="sm"
      aria-label={lead.name}
      data-lead-card={lead.id}
      // The whole card drags (pointer and touch; the sensors skip its fields, links and buttons);
      // its text is not selectable, so a press-and-move never drags text into a field.
      {...handle.listeners}
      cursor="grab"
      userSelect="none"
      opacity={isDragging ? 0.4 : 1}
      borderColor={isDragging ? "brand.solid" : undefined}
      borderStyle={isDragging ? "dashed" : undefined}
    >
      <Card.Body gap="2" px="3" py="2.5">
        <Flex align="flex-start" gap="1">
          <IconButton
            ref={handle.setActivatorNodeRef}
            data-lead-handle={lead.id}
            {...handle.attributes}
            aria-label={`Move ${lead.name}`}
            variant="ghost"
            size="xs"
            ms="-2"
            cursor="grab"
            touchAction="manipulation"
            color="fg.muted"
          >
            <GripVertical aria-hidden="true" />
          </IconButton>
          <Heading as="h3" size="sm" lineClamp={2} flex="1" pt="1" wordBreak="break-word">
            <bdi>{lead.name}</bdi>
          </Heading>
          <IconButton
            aria-label={`Details of ${lead.name}`}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={toggleDetails}
            variant="ghost"
            size="xs"
            me="-2"
            color="fg.muted"
          >
            <Box as="span" display="flex" transform={expanded ? "rotate(180deg)" : undefined} transition="transform 0.15s">
              <ChevronDown aria-hidden="true" />
            </Box>
          </IconButton>
        </Flex>

        <Flex align="center" gap="2" wrap="wrap" textStyle="sm" minW="0">
          <Badge colorPalette={priorityPalette[lead.priority]} variant="subtle">
            <Box as="span" srOnly>
              {"Priority: "}
            </Box>
            {priorityLabel[lead.priority]}
          </Badge>
          {/* Whole, never cut short (it once showed "Sump P…" at 1366 px): beside the priority when it
              fits, else on a line of its own, wrapping between words in a narrow column. */}
          <Text as="span" flex="1 1 auto" minW="0" color="fg.muted" overflowWrap="anywhere" data-testid="lead-card-service">
            {getServiceLabel(lead.service)}
          </Text>
          {value !== null ? (
            <Text as="span" fontWeight="semibold">
              <Box as="span" srOnly>
                {"Estimated value: "}
              </Box>
              {formatCurrency(value)}
            </Text>
          ) : null}
        </Flex>

        {/* The Quoted column says where the lead's quote stands: "Q-1001 viewed", "Q-1001 changes requested". */}
        {lead.status === "quoted" ? <QuoteStatusBadge leadId={lead.id} /> : null}
        {scheduled && scheduledAt ? (
          <Button
            variant="subtle"
            colorPalette="brand"
            size="xs"
            justifyContent="flex-start"
            alignSelf="flex-start"
            maxW="full"
            // A narrow column (six share 1366 px) breaks the chip between the date and the time
            // instead of cutting the time off.
            h="auto"
            minH="6"
            py="1"
            whiteSpace="normal"
            textAlign="start"
            onClick={() => showInCalendar(scheduledAt)}
            // Its name holds the words it shows ("Sep 30, 2027 at 10:30 AM"), as speech input needs.
            aria-label={`Scheduled ${scheduled.date} at ${scheduled.time}. Open in calendar`}
            data-testid="lead-card-date"
          >
            <CalendarClock aria-hidden="true" />
            <Box as="span" minW="0">
              <Box as="span" whiteSpace="nowrap">
                {scheduled.date} at
              </Box>{" "}
              <Box as="span" whiteSpace="nowrap">
                {scheduled.time}
              </Box>
            </Box>
          </Button>
        ) : null}

        <AssigneeLine lead={lead} />

        {expanded ? <LeadCardDetails id={detailsId} lead={lead} onDelete={onDelete} /> : null}
      </Card.Body>
    </Card.Root>
  );
});
