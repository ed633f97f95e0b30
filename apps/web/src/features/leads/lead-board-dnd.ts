import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  type ScreenReaderInstructions,
  TouchSensor,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import type { Lead } from "@crawlguard/validators";
import { boardColumns, type ColumnId, columnOf } from "./lead-board-model";

/** What each draggable card carries, so drop handlers and announcements need no lookup. */
export type DraggedLead = { lead: Lead };

const columnIds = boardColumns.map((column) => column.id);

export function isColumnId(id: UniqueIdentifier | undefined | null): id is ColumnId {
  return typeof id === "string" && (columnIds as readonly string[]).includes(id);
}

export function columnTitle(id: UniqueIdentifier | undefined | null): string {
  return boardColumns.find((column) => column.id === id)?.title ?? "no column";
}

/**
 * The pointer decides for mouse and touch (the column under the finger);
 * keyboard drags have no pointer, so the moved card's overlap decides.
 */
export const boardCollisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    if (within.length > 0) return within;
  }
  return rectIntersection(args);
};

/**
 * Keyboard dragging moves a card one column at a time: Left and Right jump
 * to the neighbouring column's centre (the sensor scrolls the board when the
 * column is off screen). Up and Down do nothing: a column has no order to
 * change, and they must not scroll the page under the lifted card.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { active, over, droppableRects, collisionRect } = context;
  if (event.code === "ArrowUp" || event.code === "ArrowDown") {
    event.preventDefault();
    return undefined;
  }
  if ((event.code !== "ArrowRight" && event.code !== "ArrowLeft") || !active || !collisionRect) return undefined;
  event.preventDefault();
  const dragged = active.data.current as DraggedLead | undefined;
  // Where the card is now, from the sensor's own coordinates: `over` is only updated after a
  // render, so quick presses in a row would each start from the same column and get lost.
  const centre = currentCoordinates.x + collisionRect.width / 2;
  const under = columnIds.find((id) => {
    const rect = droppableRects.get(id);
    return rect !== undefined && centre >= rect.left && centre <= rect.left + rect.width;
  });
  const from = under ?? (isColumnId(over?.id) ? over.id : dragged ? columnOf(dragged.lead.status) : undefined);
  if (!from) return undefined;
  const target = columnIds[columnIds.indexOf(from) + (event.code === "ArrowRight" ? 1 : -1)];
  const rect = target ? droppableRects.get(target) : undefined;
  if (!rect) return undefined;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: currentCoordinates.y };
};

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "To move a lead to another column, press Space or Enter to pick it up, " +
    "use the Left and Right arrow keys to choose the column, then press Space or Enter to drop it there. " +
    "Press Escape to cancel.",
};

function nameOf(active: { data: { current?: unknown } }): string {
  return (active.data.current as DraggedLead | undefined)?.lead.name ?? "The lead";
}

function startColumn(active: { data: { current?: unknown } }): ColumnId | undefined {
  const lead = (active.data.current as DraggedLead | undefined)?.lead;
  return lead ? columnOf(lead.status) : undefined;
}

/**
 * What a screen reader hears while a card moves. One set per board: it
 * remembers whether the card has left its column yet, so the "over" event
 * that follows the pick-up at once does not drown the pick-up message.
 */
export function createLeadAnnouncements(): Announcements {
  let hasLeftStart = false;
  return {
    onDragStart: ({ active }) => {
      hasLeftStart = false;
      return `Picked up ${nameOf(active)} in ${columnTitle(startColumn(active))}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active)} is no longer over a column.`;
      if (over.id === startColumn(active)) {
        if (!hasLeftStart) return undefined;
        return `${nameOf(active)} is back over ${columnTitle(over.id)}, where it started.`;
      }
      hasLeftStart = true;
      return `${nameOf(active)} is over ${columnTitle(over.id)}.`;
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${nameOf(active)} was dropped outside the board and stays in ${columnTitle(startColumn(active))}.`;
      if (over.id === startColumn(active)) return `${nameOf(active)} was dropped back in ${columnTitle(over.id)}.`;
      // A lead without an appointment is not moved to Scheduled: the booking dialog opens (lead-board.tsx).
      const lead = (active.data.current as DraggedLead | undefined)?.lead;
      if (over.id === "scheduled" && lead && !lead.scheduledDate) {
        return `${nameOf(active)} has no appointment: book one to schedule it. It stays in ${columnTitle(startColumn(active))} until then.`;
      }
      // Whether the move is saved is said once the server has answered (lead-board.tsx).
      return `Moving ${nameOf(active)} to ${columnTitle(over.id)}…`;
    },
    onDragCancel: ({ active }) => `Moving was cancelled. ${nameOf(active)} stays in ${columnTitle(startColumn(active))}.`,
  };
}

/** What a press on a card must leave alone: its fields, links and buttons (not the drag handle). */
export function startsCardDrag(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("[data-lead-handle]")) return true;
  return !target.closest("input, select, textarea, button, a, label, [contenteditable], [role='combobox'], [role='button']");
}

/** Mouse drags from anywhere on a card but its controls (after 5 px, so clicks stay clicks). */
export class CardMouseSensor extends MouseSensor {
  static override activators = [
    {
      eventName: "onMouseDown" as const,
      handler: ({ nativeEvent }: { nativeEvent: MouseEvent }) => nativeEvent.button === 0 && startsCardDrag(nativeEvent.target),
    },
  ];
}

/** Touch drags from anywhere on a card but its controls (after a long press, so swipes scroll). */
export class CardTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: "onTouchStart" as const,
      handler: ({ nativeEvent }: { nativeEvent: TouchEvent }) => nativeEvent.touches.length <= 1 && startsCardDrag(nativeEvent.target),
    },
  ];
}
