import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { privateHead } from "../lib/page-head";
import { rootRoute } from "./root";

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  head: () => privateHead("Staff Sign In | CrawlGuard"),
  // Lazy: the forms, session code and the API client stay out of public pages.
  component: lazyRouteComponent(() => import("../features/auth/auth-page"), "AuthPage"),
});
