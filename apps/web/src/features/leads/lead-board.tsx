import { Box } from "@chakra-ui/react/box";
import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import { getServiceLabel } from "@crawlguard/content";
import { type Lead, parseEstimatedValue } from "@crawlguard/validators";
import { DndContext, type DragEndEvent, DragOverlay, useDndContext, useSensor, useSensors } from "@dnd-kit/core";
import { memo, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { keepClearOfToasts, showToast } from "../../lib/toaster";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { useDashboardActions } from "../dashboard/dashboard-context";
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
import { revealWhenShown } from "./lead-reveal";
import { LeadColumn } from "./lead-column";
import { useDeleteLead, useUpdateLead } from "./use-lead-mutations";
import { HeldKeysKeyboardSensor } from "../../lib/held-keys-keyboard-sensor";

/**
 * Scrolling the board (or page) when a dragged card nears its edge: only in the outer 10 % and
 * gently, at most 3 px every 10 ms (300 px/s). dnd-kit's default (the outer 20 %, up to
 * 2,000 px/s) scrolled a phone's board past the next column while a finger rested on its visible
 * sliver, so the card landed a column or two too far; at 600 px/s a rest of under a second could
 * still carry it past, the more so on a fast device. A finger resting there now takes well over
 * a second to bring the column after it under the finger.
 */
const AUTO_SCROLL = { threshold: { x: 0.1, y: 0.1 }, acceleration: 3, interval: 10 } as const;

/*
 * The sensors' options, made once: dnd-kit's useSensor memoises on the options object, and a new
 * object on each render gave every card new drag listeners, so every card redrew whenever the
 * board did (on each drop, at 5,000 leads too; bench/board).
 */
const MOUSE_OPTIONS = { activationConstraint: { distance: 5 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 250, tolerance: 8 } };
const KEYBOARD_OPTIONS = { coordinateGetter: columnKeyboardCoordinates };

/**
 * The kanban board (docs/product.md "Screens and routes"): dropping a card on a column sets that
 * status at once, and puts it back with an error toast if the server refuses. Dropping a lead
 * without an appointment on Scheduled opens the booking dialog for it instead.
 * Mouse drags start anywhere on a card but its controls after 5 px of movement; touch drags after
 * a 250 ms press (so a swipe still scrolls the board); keyboard drags from the card's handle.
 */
export const LeadBoard = memo(function LeadBoard({ columns, zone }: { columns: BoardColumnData<Lead>[]; zone: string }) {
  const sensors = useSensors(
    useSensor(CardMouseSensor, MOUSE_OPTIONS),
    useSensor(CardTouchSensor, TOUCH_OPTIONS),
    useSensor(HeldKeysKeyboardSensor, KEYBOARD_OPTIONS),
  );
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const { openBooking } = useDashboardActions();
  const [announcements] = useState(createLeadAnnouncements);
  // The save and what became of it live in two leaf components: their state changes (pending,
  // saved, the sentence read out) then redraw those leaves, not the board and dnd-kit's context.
  const saveRef = useRef<SaveMove | null>(null);
  const outcomeRef = useRef<((text: string) => void) | null>(null);
  const setOutcome = (text: string) => outcomeRef.current?.(text);
  // No state changes here when a drag starts or ends (a re-render of the board on every drag
  // cost whole frames at 5,000 leads): the overlay follows dnd-kit's own context, and the
  // sideways snapping, which would fight the auto-scroll, is switched off on the element.
  const boardRef = useRef<HTMLDivElement>(null);
  const setSnapping = (on: boolean) => {
    if (boardRef.current) boardRef.current.style.scrollSnapType = on ? "" : "none";
  };
  // On a phone, toasts keep off the cards (at the top, or the bottom when the board is up there).
  useEffect(() => (boardRef.current ? keepClearOfToasts(boardRef.current, "phone") : undefined), []);

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setSnapping(true);
    const lead = (active.data.current as DraggedLead | undefined)?.lead;
    // A keyboard user keeps their place: focus returns to the card's handle, wherever it now is.
    const keyboard = activatorEvent instanceof KeyboardEvent;
    if (!lead || !isColumnId(over?.id) || columnOf(lead.status) === over.id) return;
    const target = over.id;
    // A lead is Scheduled by booking it: dropped on Scheduled without an appointment,
    // it stays where it was and the booking dialog opens for it (cancelling leaves it there).
    if (target === "scheduled" && !lead.scheduledDate) {
      setOutcome(
        `${lead.name} needs an appointment to be scheduled: book one, or cancel to leave it in ${columnTitle(columnOf(lead.status))}.`,
      );
      openBooking(lead);
      return;
    }
    revealWhenShown(lead.id, target, keyboard);
    const from = columnTitle(columnOf(lead.status));
    const to = columnTitle(over.id);
    setOutcome("");
    saveRef.current?.(
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

  const closeDelete = useCallback(() => setDeleting(null), []);

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisionDetection}
        onDragStart={() => setSnapping(false)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setSnapping(true)}
        autoScroll={AUTO_SCROLL}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <Box ref={boardRef} data-lead-board="" overflowX="auto" pb="3" scrollSnapType="x proximity" aria-label="Lead board" role="region">
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
              <LeadColumn key={column.id} column={column} onDelete={requestDelete} zone={zone} />
            ))}
          </Box>
        </Box>
        <BoardDragOverlay />
      </DndContext>
      <MoveSaver saveRef={saveRef} />
      <MoveOutcome setterRef={outcomeRef} />
      <DeleteLeadDialog lead={deleting} onClose={closeDelete} />
    </>
  );
});

type SaveMove = ReturnType<typeof useUpdateLead>["mutate"];

/** Holds the board's save of a move (useUpdateLead) and renders nothing. */
const MoveSaver = memo(function MoveSaver({ saveRef }: { saveRef: RefObject<SaveMove | null> }) {
  const { mutate } = useUpdateLead();
  useLayoutEffect(() => {
    saveRef.current = mutate;
  }, [saveRef, mutate]);
  return null;
});

/** What became of the last move, once the server answered: read out by screen readers. */
const MoveOutcome = memo(function MoveOutcome({ setterRef }: { setterRef: RefObject<((text: string) => void) | null> }) {
  const [outcome, setOutcome] = useState("");
  useLayoutEffect(() => {
    setterRef.current = setOutcome;
  }, [setterRef]);
  return (
    <Box srOnly role="status" aria-live="polite" data-testid="board-move-outcome">
      {outcome}
    </Box>
  );
});

/** Asks before deleting `lead` (docs/product.md "Screens and routes"); memoised, so drags and moves do not redraw it. */
const DeleteLeadDialog = memo(function DeleteLeadDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const remove = useDeleteLead();
  const confirmDelete = () => {
    if (!lead) return;
    const { id, name } = lead;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          onClose();
          showToast({
            title: "Lead deleted",
            description: (
              <>
                <bdi>{name}</bdi> was removed.
              </>
            ),
            type: "success",
          });
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={lead !== null}
      onClose={onClose}
      title="Delete lead?"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirmDelete}
    >
      {lead ? (
        <>
          <bdi>{lead.name}</bdi> will be removed from the board. This cannot be undone.
        </>
      ) : null}
    </ConfirmDialog>
  );
});

/** The card under the pointer while it moves, read from dnd-kit's context (no board state). */
function BoardDragOverlay() {
  const { active } = useDndContext();
  const lead = (active?.data.current as DraggedLead | undefined)?.lead;
  // No drop animation: the card is drawn at once in its new column, and highlighted there.
  return <DragOverlay dropAnimation={null}>{lead ? <DragPreview lead={lead} /> : null}</DragOverlay>;
}

/** What follows the pointer (or the keyboard) while a card moves. */
const DragPreview = memo(function DragPreview({ lead }: { lead: Lead }) {
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
});
