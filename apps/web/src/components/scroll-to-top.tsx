import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";

/** Scrolls to the top on every route change (SPEC section 2), not on first load. */
export function ScrollToTop() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
