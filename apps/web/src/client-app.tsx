// The client app: loaded by entry-client.tsx once the server HTML has been painted.
import { CacheProvider } from "@emotion/react";
import { RouterProvider } from "@tanstack/react-router";
import { RouterClient } from "@tanstack/react-router/ssr/client";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createAppRouter } from "./router";
import { createEmotionCache } from "./theme/emotion-cache";
import { getSystem } from "./theme/system";

// No compiled (new Function) parsers in the browser: the CSP allows no eval (ADR 017), and zod's
// probe for it would be reported as a violation. The forms' schemas are small; the server keeps JIT.
// Set through the global zod reads its configuration from (zod's own `config()`), so that public
// pages, which load zod only with a form, do not load it at start for this (3.5 KB gzipped).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

/**
 * Starting the app, in steps the entry runs in separate tasks, so that none
 * of them keeps the page from answering input for long: building Chakra's
 * system, then creating the router and starting hydration (which itself
 * yields to the browser as it goes).
 */
export const startSteps: ReadonlyArray<() => void> = [() => void getSystem(), start];

function start(): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");

  // The server sends its publicUrl with the router state; this is a fallback only.
  const router = createAppRouter({ publicUrl: window.location.origin });
  const emotionCache = createEmotionCache();

  if (window.$_TSR) {
    // The page has been on screen since the first paint, and the visitor may have scrolled it: the
    // router's first render (hydration) must leave the scroll where it is. It resets the window to
    // the top after every render unless told otherwise for that one (`resetScroll: false` on a
    // navigation sets this flag). On a slow phone the reset threw a visitor who had scrolled down
    // back to the top, and a tap on the way landed on whatever was then under the finger.
    router._scroll.n = false;
    // Server-rendered page: RouterClient restores the router state the server
    // dehydrated before React hydrates, so both sides render the same tree.
    // Hydrating in a transition lets React yield to the browser while it works
    // through a long page, instead of one long task.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <CacheProvider value={emotionCache}>
            <RouterClient router={router} />
          </CacheProvider>
        </StrictMode>,
      );
    });
  } else {
    // The page came without server rendering (e.g. a static fallback): render from scratch.
    createRoot(container).render(
      <StrictMode>
        <CacheProvider value={emotionCache}>
          <RouterProvider router={router} />
        </CacheProvider>
      </StrictMode>,
    );
  }
}
