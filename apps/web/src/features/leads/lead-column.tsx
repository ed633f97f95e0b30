import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useId, useMemo, useRef } from "react";
import type { DraggedLead } from "./lead-board-dnd";
import { type BoardColumnData, type ColumnId, formatCurrency } from "./lead-board-model";
import { LeadCard } from "./lead-card";
import { pendingRevealIn } from "./lead-reveal";

const CARD_GAP_PX = 8;
/** A closed card (name, priority, service, value, appointment); open ones are measured. */
const ESTIMATED_CARD_PX = 104;

type LeadColumnProps = {
  column: BoardColumnData<Lead>;
  onDelete: (lead: Lead) => void;
  zone: string;
};

/**
 * A board column: its title, count and dollar total, and a drop zone. Only
 * the cards in view (plus a few) are rendered, so a column of thousands
 * scrolls as smoothly as one of ten.
 */
export const LeadColumn = memo(function LeadColumn({ column, onDelete, zone }: LeadColumnProps) {
  const headingId = useId();
  // The drop zone re-renders as drags start, pass over it and end: only this frame and its
  // header do; the cards (ColumnCards, memoised) do not.
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const { leads } = column;

  return (
    <Box
      as="section"
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.id}
      display="flex"
      flexDirection="column"
      bg={isOver ? "brand.subtle" : "bg.subtle"}
      borderWidth="2px"
      borderStyle={isOver ? "dashed" : "solid"}
      borderColor={isOver ? "brand.solid" : "border.muted"}
      rounded="l3"
      minW="0"
      scrollSnapAlign="start"
      transition="background-color 0.15s, border-color 0.15s"
    >
      <Box px="3" pt="3" pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="sm" id={headingId}>
            {column.title}
          </Heading>
          {/* The cards shown, no more and no fewer: a search narrows both alike. */}
          <Badge
            variant="solid"
            colorPalette="gray"
            aria-label={column.count === 1 ? "1 lead" : `${column.count} leads`}
            data-testid="column-count"
          >
            {column.count}
          </Badge>
        </Flex>
        {column.unbooked > 0 ? (
          <Text textStyle="xs" color="fg.muted" data-testid="column-unbooked">
            {column.unbooked === 1 ? "1 of these has no appointment yet" : `${column.unbooked} of these have no appointment yet`}
          </Text>
        ) : null}
        <Text
          textStyle="sm"
          fontWeight="semibold"
          color="fg.muted"
          data-testid="column-total"
          aria-label={`Estimated total ${formatCurrency(column.total)}`}
        >
          {formatCurrency(column.total)}
        </Text>
      </Box>
      <ColumnCards columnId={column.id} leads={leads} headingId={headingId} onDelete={onDelete} zone={zone} />
    </Box>
  );
});

type ColumnCardsProps = { columnId: ColumnId; leads: Lead[]; headingId: string; onDelete: (lead: Lead) => void; zone: string };

/**
 * The column's scrolling list. Only the cards in view (plus a few) are drawn, so a column of
 * thousands scrolls as smoothly as one of ten; their wrappers are plain elements with inline
 * positions, so scrolling generates no new styles.
 */
const ColumnCards = memo(function ColumnCards({ columnId, leads, headingId, onDelete, zone }: ColumnCardsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => leads[index]?.id ?? index,
    gap: CARD_GAP_PX,
    overscan: 2,
    // React 19 warns about flushSync during render; async measuring is smooth enough.
    useFlushSync: false,
  });

  // A card just dropped here may sit far down a long column, where nothing is drawn: scroll the
  // list to it, so it is drawn and can reveal itself (lead-reveal.ts).
  useEffect(() => {
    const leadId = pendingRevealIn(columnId);
    if (!leadId) return;
    const index = leads.findIndex((lead) => lead.id === leadId);
    if (index === -1) return;
    const drawn = virtualizer.getVirtualItems();
    const first = drawn[0]?.index ?? 0;
    const last = drawn.at(-1)?.index ?? -1;
    if (index < first || index > last) virtualizer.scrollToIndex(index, { align: "center" });
  }, [columnId, leads, virtualizer]);

  return (
    <Box
      ref={scrollRef}
      data-column-list=""
      // An empty column is no list (axe: a list holds list items only); its text says it is empty.
      role={leads.length === 0 ? undefined : "list"}
      aria-labelledby={leads.length === 0 ? undefined : headingId}
      overflowY="auto"
      maxH={{ base: "70dvh", md: "calc(100dvh - 12rem)" }}
      minH="32"
      px="2"
      pb="2"
    >
      {leads.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" textAlign="center" py="6">
          No leads here
        </Text>
      ) : (
        <div style={{ position: "relative", width: "100%", height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const lead = leads[item.index];
            if (!lead) return null;
            return (
              <div
                key={item.key}
                role="listitem"
                aria-setsize={leads.length}
                aria-posinset={item.index + 1}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: "absolute", top: 0, left: 0, width: "100%", transform: `translateY(${item.start}px)` }}
              >
                <DraggableLeadCard lead={lead} onDelete={onDelete} zone={zone} />
              </div>
            );
          })}
        </div>
      )}
    </Box>
  );
});

function DraggableLeadCard({ lead, onDelete, zone }: { lead: Lead; onDelete: (lead: Lead) => void; zone: string }) {
  const data: DraggedLead = useMemo(() => ({ lead }), [lead]);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({ id: lead.id, data });
  const handle = useMemo(() => ({ setActivatorNodeRef, attributes, listeners }), [setActivatorNodeRef, attributes, listeners]);
  return (
    <div ref={setNodeRef}>
      <LeadCard lead={lead} handle={handle} isDragging={isDragging} onDelete={onDelete} zone={zone} />
    </div>
  );
}
