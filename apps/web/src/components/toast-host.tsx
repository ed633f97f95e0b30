import { lazy, Suspense, useEffect, useState } from "react";
import { onToastRaised } from "../lib/toaster";

const loadToaster = () => import("./app-toaster");
const AppToaster = lazy(() => loadToaster().then((module) => ({ default: module.AppToaster })));

/** Starts loading the toast UI early on screens that will surely raise toasts. */
export function preloadToaster(): void {
  void loadToaster();
}

/**
 * Mounts the toast UI once the first toast is raised: the toast machinery is
 * a chunk of its own that public pages only load when they need it. Toasts
 * created before it mounts are picked up from the store.
 */
export function ToastHost() {
  const [active, setActive] = useState(false);
  useEffect(() => onToastRaised(() => setActive(true)), []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
