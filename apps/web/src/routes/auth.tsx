import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { privateHead } from "../lib/page-head";
import { authSearch } from "../features/auth/auth-search";
import { rootRoute } from "./root";

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: authSearch,
  // The invitation the link names: read on the server while rendering (the page's HTML holds the
  // invited address, filled in and locked, also without JavaScript), afresh on each visit. After a
  // refused script-less post the code comes back in the form's state instead of the address.
  loaderDeps: ({ search }) => ({ invite: search.invite }),
  loader: async ({ deps, context, abortController }) => {
    const { loadInvitation } = await import("../features/auth/invitation");
    return { invitation: await loadInvitation(context.publicApi, deps.invite ?? context.authForm?.inviteToken, abortController.signal) };
  },
  staleTime: 0,
  gcTime: 0,
  head: () => privateHead("Staff Sign In | CrawlGuard"),
  // Lazy: the forms, session code and the API client stay out of public pages.
  component: lazyRouteComponent(() => import("../features/auth/auth-page"), "AuthPage"),
});
