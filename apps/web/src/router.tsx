import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { ErrorPage } from "./components/error-page";
import { Provider } from "./components/provider";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/route-tree";

export type CreateAppRouterOptions = {
  /** Public origin used in canonical/share URLs; the client takes the server's value at hydration. */
  publicUrl: string;
  /** Cloudflare Turnstile site key; the contact form shows the widget only when it is set. */
  turnstileSiteKey?: string | undefined;
  /** Memory history on the server; the browser history by default. */
  history?: RouterHistory;
};

/** Sent with the router state so the client uses the server's configuration. */
type DehydratedAppState = { publicUrl: string; turnstileSiteKey?: string | undefined };

/** One router per request on the server, one per page load in the browser. */
export function createAppRouter({ publicUrl, turnstileSiteKey, history }: CreateAppRouterOptions) {
  const context: RouterContext = { publicUrl, turnstileSiteKey };
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context,
    InnerWrap: Provider,
    defaultErrorComponent: ErrorPage,
    defaultPreload: "intent",
    scrollRestoration: false,
    dehydrate: (): DehydratedAppState => ({ publicUrl: context.publicUrl, turnstileSiteKey: context.turnstileSiteKey }),
    hydrate: (dehydrated: DehydratedAppState) => {
      context.publicUrl = dehydrated.publicUrl;
      context.turnstileSiteKey = dehydrated.turnstileSiteKey;
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
