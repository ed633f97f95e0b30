import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { privateHead } from "../lib/page-head";
import { authSearch } from "../features/auth/auth-search";
import { rootRoute } from "./root";

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: authSearch,
  head: () => privateHead("Staff Sign In | CrawlGuard"),
  // Lazy: the forms, session code and the API client stay out of public pages.
  component: lazyRouteComponent(() => import("../features/auth/auth-page"), "AuthPage"),
});
