import { animate } from "framer-motion/dom/mini";
import type { ColumnId } from "./lead-board-model";

/** The card to reveal when it next appears in that column (just dropped there), and whether its handle takes the focus. */
type PendingReveal = { leadId: string; column: ColumnId; focus: boolean };

let pendingReveal: PendingReveal | null = null;

/**
 * After a move the card is drawn anew in its new column (or, when the save fails, back in its
 * old one). There it is scrolled into sight and briefly highlighted (framer-motion), so a drop
 * at the edge of a phone's screen is not lost; after a keyboard move its handle also takes the
 * focus, instead of the focus falling to the page. A column draws only the cards in view, so the
 * column first scrolls its list to the card (`pendingRevealIn`), then the card reveals itself
 * once drawn (`takeReveal`).
 */
export function revealWhenShown(leadId: string, column: ColumnId, focus: boolean): void {
  pendingReveal = { leadId, column, focus };
}

/** The lead waiting to be revealed in `column`, if any (the reveal stays pending). */
export function pendingRevealIn(column: ColumnId): string | null {
  return pendingReveal?.column === column ? pendingReveal.leadId : null;
}

/** Takes the pending reveal if it is for this lead in this column: whether to focus, or null. */
export function takeReveal(leadId: string, column: ColumnId): { focus: boolean } | null {
  if (pendingReveal?.leadId !== leadId || pendingReveal.column !== column) return null;
  const { focus } = pendingReveal;
  pendingReveal = null;
  return { focus };
}

/**
 * Scrolls the card of `handle` into sight, highlights it, and focuses the handle if asked. Only
 * the card's column list (up and down) and the board (sideways) scroll, never the page: the
 * browser's scrollIntoView also scrolled the window whenever the column reached below the screen,
 * which carried the search box and the filter away after a drop.
 */
export function revealCard(handle: HTMLElement, focus: boolean): void {
  const card = handle.closest("article") ?? handle;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior: ScrollBehavior = still ? "auto" : "smooth";
  const list = card.closest<HTMLElement>("[data-column-list]");
  if (list) keepInList(list, card, 4);
  const board = card.closest<HTMLElement>("[data-lead-board]");
  const column = card.closest<HTMLElement>("[data-column]");
  if (board && column) scrollBoardTo(board, column, behavior);
  if (focus) handle.focus({ preventScroll: true });
  if (!still) {
    void animate(
      card,
      { transform: ["scale(1.04)", "scale(1)"], boxShadow: ["0 0 0 3px rgb(19 103 137 / 0.6)", "0 0 0 0 rgb(19 103 137 / 0)"] },
      { duration: 0.6, ease: "easeOut" },
    );
  }
}

/**
 * The column's list measures the cards above this one as they are drawn, which moves it down a
 * little: the list is scrolled to it now and again on the next few frames, instantly (the
 * highlight shows where it is).
 */
function keepInList(list: HTMLElement, card: Element, frames: number): void {
  scrollListTo(list, card, "auto");
  if (frames > 0) requestAnimationFrame(() => keepInList(list, card, frames - 1));
}

/**
 * Scrolls the column's list so the card is within the part of the list that is on screen (a
 * column may reach below the window's bottom edge): top first when it does not fit.
 */
function scrollListTo(list: HTMLElement, card: Element, behavior: ScrollBehavior): void {
  const listBox = list.getBoundingClientRect();
  const box = card.getBoundingClientRect();
  const top = Math.max(listBox.top, 0);
  const bottom = Math.min(listBox.bottom, window.innerHeight);
  let delta = 0;
  if (box.top < top || box.height > bottom - top) delta = box.top - top;
  else if (box.bottom > bottom) delta = box.bottom - bottom;
  if (delta !== 0) list.scrollBy({ top: delta, behavior });
}

/** Scrolls the board sideways so the column is in sight (a phone shows one column at a time). */
function scrollBoardTo(board: HTMLElement, column: HTMLElement, behavior: ScrollBehavior): void {
  const boardBox = board.getBoundingClientRect();
  const box = column.getBoundingClientRect();
  let delta = 0;
  if (box.left < boardBox.left || box.width > boardBox.width) delta = box.left - boardBox.left;
  else if (box.right > boardBox.right) delta = box.right - boardBox.right;
  if (delta !== 0) board.scrollBy({ left: delta, behavior });
}
