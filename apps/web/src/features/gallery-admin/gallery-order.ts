import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";

type Ordered = { id: string; displayOrder: string };

/**
 * The ids in their new order after moving `activeId` to where `overId` is, or null when nothing
 * moves (dropped in place, or outside the grid).
 */
export function movedIds(ids: readonly string[], activeId: string, overId: string | null | undefined): string[] | null {
  if (!overId || overId === activeId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1) return null;
  const next = ids.slice();
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/**
 * The list as the server will answer `gallery.reorder`: in the given order, each listed image's
 * display order its position. Images not listed keep their place after them (none, today: the
 * whole list is sent).
 */
export function inOrder<T extends Ordered>(images: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(images.map((image) => [image.id, image]));
  const listed = ids.flatMap((id, index) => {
    const image = byId.get(id);
    return image ? [{ ...image, displayOrder: String(index) }] : [];
  });
  const rest = images.filter((image) => !ids.includes(image.id));
  return [...listed, ...rest];
}

export const reorderInstructions: ScreenReaderInstructions = {
  draggable:
    "To move an image, press Space or Enter to pick it up, use the arrow keys to move it to another place, " +
    "then press Space or Enter to drop it there. Press Escape to cancel.",
};

/** What each sortable card carries for the announcements. */
export type SortableImageData = { title: string };

type Sortable = { data: { current?: unknown } } | null;

function titleOf(item: Sortable): string {
  const title = (item?.data.current as Partial<SortableImageData> | undefined)?.title;
  return title?.trim() || "The image";
}

/** The 1-based place and the count of a sortable item (dnd-kit's sortable data), when it has them. */
function placeOf(item: Sortable): { position: number; count: number } | null {
  const sortable = (item?.data.current as { sortable?: { index?: unknown; items?: unknown } } | undefined)?.sortable;
  if (typeof sortable?.index !== "number" || !Array.isArray(sortable.items)) return null;
  return { position: sortable.index + 1, count: sortable.items.length };
}

const where = (place: { position: number; count: number } | null) => (place ? `position ${place.position} of ${place.count}` : "its place");

/** What a screen reader hears while an image moves: its title and its place among the images. */
export function createReorderAnnouncements(): Announcements {
  let start: { position: number; count: number } | null = null;
  return {
    onDragStart: ({ active }) => {
      start = placeOf(active);
      return `Picked up ${titleOf(active)}, in ${where(start)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(active)} is no longer over the gallery.`;
      return `${titleOf(active)} is over ${where(placeOf(over))}.`;
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${titleOf(active)} was dropped outside the gallery and stays in ${where(start)}.`;
      const place = placeOf(over);
      if (place && start && place.position === start.position) return `${titleOf(active)} was dropped back in ${where(start)}.`;
      return `${titleOf(active)} was dropped in ${where(place)}.`;
    },
    onDragCancel: ({ active }) => `Moving was cancelled. ${titleOf(active)} stays in ${where(start)}.`,
  };
}
