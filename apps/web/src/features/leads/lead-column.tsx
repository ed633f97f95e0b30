import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useId, useMemo, useRef } from "react";
import type { DraggedLead } from "./lead-board-dnd";
import { type BoardColumnData, formatCurrency } from "./lead-board-model";
import { LeadCard } from "./lead-card";

const CARD_GAP_PX = 12;
const ESTIMATED_CARD_PX = 330;

type LeadColumnProps = {
  column: BoardColumnData<Lead>;
  onDelete: (lead: Lead) => void;
};

/**
 * A board column: its title, count and dollar total, and a drop zone. Only
 * the cards in view (plus a few) are rendered, so a column of thousands
 * scrolls as smoothly as one of ten.
 */
export const LeadColumn = memo(function LeadColumn({ column, onDelete }: LeadColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const scrollRef = useRef<HTMLDivElement>(null);
  const { leads } = column;

  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => leads[index]?.id ?? index,
    gap: CARD_GAP_PX,
    overscan: 1,
    // React 19 warns about flushSync during render; async measuring is smooth enough.
    useFlushSync: false,
  });

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
          <Badge variant="solid" colorPalette="gray" aria-label={`${leads.length} leads`}>
            {leads.length}
          </Badge>
        </Flex>
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
      <Box
        ref={scrollRef}
        role="list"
        aria-labelledby={headingId}
        overflowY="auto"
        maxH={{ base: "70dvh", md: "calc(100dvh - 12rem)" }}
        minH="32"
        px="2"
        pb="2"
      >
        {leads.length === 0 ? (
          <Text textStyle="sm" color="fg.subtle" textAlign="center" py="6">
            No leads here
          </Text>
        ) : (
          <Box position="relative" width="full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const lead = leads[item.index];
              if (!lead) return null;
              return (
                <Box
                  key={item.key}
                  role="listitem"
                  aria-setsize={leads.length}
                  aria-posinset={item.index + 1}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  position="absolute"
                  top="0"
                  left="0"
                  width="full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <DraggableLeadCard lead={lead} onDelete={onDelete} />
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
});

function DraggableLeadCard({ lead, onDelete }: { lead: Lead; onDelete: (lead: Lead) => void }) {
  const data: DraggedLead = useMemo(() => ({ lead }), [lead]);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({ id: lead.id, data });
  const handle = useMemo(() => ({ setActivatorNodeRef, attributes, listeners }), [setActivatorNodeRef, attributes, listeners]);
  return (
    <div ref={setNodeRef}>
      <LeadCard lead={lead} handle={handle} isDragging={isDragging} onDelete={onDelete} />
    </div>
  );
}
