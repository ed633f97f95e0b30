import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { CenteredSpinner } from "../components/centered-spinner";
import { privateHead } from "../lib/page-head";
import { rootRoute } from "./root";

/**
 * The staff dashboard. Its component (and everything under
 * src/features/dashboard and the dashboard features) is a separate chunk,
 * loaded only when /admin is visited, so public pages never download it.
 */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  head: () => privateHead("Dashboard | CrawlGuard"),
  component: lazyRouteComponent(() => import("../features/dashboard/admin-page"), "AdminPage"),
  pendingComponent: () => <CenteredSpinner label="Loading the dashboard" />,
});

/** /admin/today: the dashboard opened on Today (docs/product.md "The crew's day"), for a phone's home screen or bookmark. */
export const adminTodayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin/today",
  head: () => privateHead("Today | CrawlGuard"),
  component: lazyRouteComponent(() => import("../features/dashboard/admin-page"), "AdminPage"),
  pendingComponent: () => <CenteredSpinner label="Loading the dashboard" />,
});
