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

/** Scrolls the card of `handle` into sight (its column, the board, the page), highlights it, and focuses the handle if asked. */
export function revealCard(handle: HTMLElement, focus: boolean): void {
  const card = handle.closest("article") ?? handle;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  card.scrollIntoView({ block: "nearest", inline: "nearest", behavior: still ? "auto" : "smooth" });
  if (focus) handle.focus({ preventScroll: true });
  if (!still) {
    void animate(
      card,
      { transform: ["scale(1.04)", "scale(1)"], boxShadow: ["0 0 0 3px rgb(19 103 137 / 0.6)", "0 0 0 0 rgb(19 103 137 / 0)"] },
      { duration: 0.6, ease: "easeOut" },
    );
  }
}
