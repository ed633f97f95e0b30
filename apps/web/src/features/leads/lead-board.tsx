import { Box } from "@chakra-ui/react/box";
import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import { getServiceLabel } from "@crawlguard/content";
import { type Lead, parseEstimatedValue } from "@crawlguard/validators";
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { memo, useCallback, useState } from "react";
import { showToast } from "../../lib/toaster";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import {
  boardCollisionDetection,
  CardMouseSensor,
  CardTouchSensor,
  columnKeyboardCoordinates,
  columnTitle,
  type DraggedLead,
  isColumnId,
  createLeadAnnouncements,
  screenReaderInstructions,
} from "./lead-board-dnd";
import { type BoardColumnData, columnOf, formatCurrency } from "./lead-board-model";
import { revealWhenShown } from "./lead-card";
import { LeadColumn } from "./lead-column";
import { useDeleteLead, useUpdateLead } from "./use-lead-mutations";

/**
 * The kanban board (docs/product.md §2): dropping a card on a column sets that
 * status at once, and puts it back with an error toast if the server refuses.
 * Mouse drags start anywhere on a card but its controls after 5 px of movement; touch drags after
 * a 250 ms press (so a swipe still scrolls the board); keyboard drags from the card's handle.
 */
export const LeadBoard = memo(function LeadBoard({ columns }: { columns: BoardColumnData<Lead>[] }) {
  const sensors = useSensors(
    useSensor(CardMouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(CardTouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const update = useUpdateLead();
  const [dragged, setDragged] = useState<Lead | null>(null);
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const remove = useDeleteLead();
  const [announcements] = useState(createLeadAnnouncements);
  /** What became of the last move, once the server answered: read out by screen readers. */
  const [outcome, setOutcome] = useState("");

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged((active.data.current as DraggedLead | undefined)?.lead ?? null);
  };

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragged(null);
    const lead = (active.data.current as DraggedLead | undefined)?.lead;
    // A keyboard user keeps their place: focus returns to the card's handle, wherever it now is.
    const keyboard = activatorEvent instanceof KeyboardEvent;
    if (!lead || !isColumnId(over?.id) || columnOf(lead.status) === over.id) return;
    const target = over.id;
    revealWhenShown(lead.id, target, keyboard);
    const from = columnTitle(columnOf(lead.status));
    const to = columnTitle(over.id);
    setOutcome("");
    update.mutate(
      { id: lead.id, status: over.id },
      {
        onSuccess: () => setOutcome(`${lead.name} was moved to ${to}.`),
        onError: () => {
          revealWhenShown(lead.id, columnOf(lead.status), keyboard);
          setOutcome(`${lead.name} could not be moved to ${to}; it is back in ${from}.`);
        },
      },
    );
  };

  const requestDelete = useCallback((lead: Lead) => setDeleting(lead), []);

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          setDeleting(null);
          showToast({ title: "Lead deleted", description: `${name} was removed.`, type: "success" });
        },
      },
    );
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <Box overflowX="auto" pb="3" scrollSnapType={dragged ? "none" : "x proximity"} aria-label="Lead board" role="region">
          <Box
            display="grid"
            gridAutoFlow="column"
            // From 1280 px (a 1366 px laptop) the six columns share the width: Won and Lost are
            // in sight, not off to the right. Narrower screens scroll the board sideways.
            gridAutoColumns={{ base: "min(85%, 20rem)", md: "18rem", xl: "minmax(0, 1fr)" }}
            gap="3"
            alignItems="stretch"
          >
            {columns.map((column) => (
              <LeadColumn key={column.id} column={column} onDelete={requestDelete} />
            ))}
          </Box>
        </Box>
        <DragOverlay>{dragged ? <DragPreview lead={dragged} /> : null}</DragOverlay>
      </DndContext>
      <Box srOnly role="status" aria-live="polite" data-testid="board-move-outcome">
        {outcome}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete lead?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {deleting ? `${deleting.name} will be removed from the board. This cannot be undone.` : null}
      </ConfirmDialog>
    </>
  );
});

/** What follows the pointer (or the keyboard) while a card moves. */
function DragPreview({ lead }: { lead: Lead }) {
  const value = parseEstimatedValue(lead.estimatedValue);
  return (
    <Card.Root size="sm" boxShadow="lg" borderColor="brand.solid" cursor="grabbing" rotate="2deg">
      <Card.Body gap="1">
        <Heading as="p" size="sm">
          {lead.name}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {getServiceLabel(lead.service)}
          {value > 0 ? ` · ${formatCurrency(value)}` : ""}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
