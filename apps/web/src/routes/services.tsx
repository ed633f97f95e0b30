import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const servicesRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/services",
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/services"] }),
  component: lazyRouteComponent(() => import("../features/services/services-page"), "ServicesPage"),
});
