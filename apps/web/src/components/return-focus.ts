import { useCallback, useState } from "react";
import { MAIN_CONTENT_ID } from "./page-main";

/** What had focus as a dialog opened, and how to know it again if it is drawn anew. */
type Opener = { element: HTMLElement; tag: string; label: string | null };

function labelOf(element: HTMLElement): string | null {
  const label = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
  return label === "" ? null : label;
}

function shown(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0 && !element.matches(":disabled");
}

/**
 * The opener, or the element that stands for it now: a card that moved to another column, or was
 * saved and drawn again, has a new Edit button with the same name.
 */
export function findOpener(opener: Opener, root: ParentNode = document): HTMLElement | null {
  if (shown(opener.element)) return opener.element;
  if (!opener.label) return null;
  for (const candidate of root.querySelectorAll<HTMLElement>(opener.tag)) {
    if (candidate !== opener.element && labelOf(candidate) === opener.label && shown(candidate)) return candidate;
  }
  return null;
}

/**
 * Where focus goes when a dialog closes (Chakra's `finalFocusEl`): back to what opened it, found
 * again if it was drawn anew meanwhile; else the page's main content, never the page's start. The
 * opener is what has focus when `open` turns true, before the dialog takes it.
 */
export function useReturnFocus(open: boolean): () => HTMLElement | null {
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<Opener | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && typeof document !== "undefined") {
      const active = document.activeElement;
      setOpener(
        active instanceof HTMLElement && active !== document.body
          ? { element: active, tag: active.tagName.toLowerCase(), label: labelOf(active) }
          : null,
      );
    }
  }
  return useCallback(() => (opener ? findOpener(opener) : null) ?? document.getElementById(MAIN_CONTENT_ID), [opener]);
}
