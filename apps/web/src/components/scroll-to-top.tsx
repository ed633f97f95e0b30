import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";

/**
 * Scrolls to the top on every route change (docs/product.md "Screens and routes"), not on first load, and not when the
 * link names a part of the page (/services#mold-remediation): the router scrolls to that.
 */
export function ScrollToTop() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const hash = useLocation({ select: (location) => location.hash });
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
    // Only a new page scrolls; the hash is read, not a reason to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
