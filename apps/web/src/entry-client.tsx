import { captureAttribution, sessionStore } from "./lib/attribution";

// First touch of the visit (UTM parameters, referrer, landing page) for the contact form.
captureAttribution(sessionStore(), window.location.href, document.referrer);

/**
 * Runs `start` once the browser has had a chance to paint the server HTML
 * (rAF fires before a paint, the timeout after it). The fallback timeout
 * covers tabs opened in the background, where rAF does not fire.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

// The page is readable as the server sent it: the app (React, the router,
// hydration) loads after the first paint, so the first paint never waits
// for JavaScript to download, compile or run.
afterFirstPaint(() => void import("./client-app"));
