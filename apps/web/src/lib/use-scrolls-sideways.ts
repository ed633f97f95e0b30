import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element is wider inside than it shows, so that it scrolls sideways (a row of cards on
 * a phone). A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's
 * scrollable-region-focusable): give it `tabIndex={0}` while this is true, and only then, so a row
 * that fits (on a wider screen) is no tab stop.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // The element's own size (the screen turns) and its children's (their text arrives).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
