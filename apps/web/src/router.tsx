import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { ErrorPage } from "./components/error-page";
import { Provider } from "./components/provider";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/route-tree";

export type CreateAppRouterOptions = {
  /** Public origin used in canonical/share URLs; the client takes the server's value at hydration. */
  publicUrl: string;
  /** Memory history on the server; the browser history by default. */
  history?: RouterHistory;
};

/** Sent with the router state so client navigations build the same URLs as the server. */
type DehydratedAppState = { publicUrl: string };

/** One router per request on the server, one per page load in the browser. */
export function createAppRouter({ publicUrl, history }: CreateAppRouterOptions) {
  const context: RouterContext = { publicUrl };
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context,
    InnerWrap: Provider,
    defaultErrorComponent: ErrorPage,
    defaultPreload: "intent",
    scrollRestoration: false,
    dehydrate: (): DehydratedAppState => ({ publicUrl: context.publicUrl }),
    hydrate: (dehydrated: DehydratedAppState) => {
      context.publicUrl = dehydrated.publicUrl;
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
