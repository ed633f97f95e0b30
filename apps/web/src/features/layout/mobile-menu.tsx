import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { useLocation } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

/**
 * The menu button below the `lg` breakpoint. The slide-out panel is a chunk
 * of its own, fetched when the button is first pointed at or focused.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const panelId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });

  // A route change (a link chosen in the menu, back/forward) closes it.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Box display={{ lg: "none" }}>
      <Button
        variant="outline"
        colorPalette="gray"
        size="sm"
        px="2"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={used ? panelId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuPanel id={panelId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
