import { captureAttribution, sessionStore } from "./lib/attribution";
import { rememberSiteStylesheet } from "./lib/site-stylesheet-cookie";

// First touch of the visit (UTM parameters, referrer, landing page) for the contact form.
captureAttribution(sessionStore(), window.location.href, document.referrer);
// The next visit gets the page that links the stylesheet once this browser holds it (ADR 032).
rememberSiteStylesheet();

/** Longest wait for the first contentful paint before the app starts anyway. */
const PAINT_TIMEOUT_MS = 3000;

/**
 * Runs `start` once the browser has painted the server HTML: on the first
 * contentful paint as the browser reports it (a frame requested with
 * requestAnimationFrame can still be waiting for its text or images, and
 * fetching the app then competes with them). A tab opened in the background
 * paints nothing: it starts at once. Browsers without paint timing start
 * after the next frame.
 */
function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === "hidden") return start();
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    start();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) once();
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(once, PAINT_TIMEOUT_MS);
}

/** Resolves in a new task, so the browser can paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The page is readable as the server sent it: the app (React, the router,
// hydration) loads after the first paint, so the first paint never waits
// for JavaScript to download, compile or run. It loads in stages, each
// evaluated in a task of its own (React, the router, then the app: see
// STARTUP_STAGES in vite.startup.ts; one chunk was one long task), and each
// start step runs in a task of its own too (see client-app.tsx).
async function startApp(): Promise<void> {
  await import("react-dom/client");
  await nextTask();
  // Named, so the bundler keeps only what the app uses of the router.
  const { RouterProvider: _router } = await import("@tanstack/react-router");
  await nextTask();
  const { startSteps } = await import("./client-app");
  for (const step of startSteps) {
    await nextTask();
    step();
  }
}

afterFirstPaint(() => void startApp());
