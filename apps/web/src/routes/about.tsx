import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const aboutRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/about",
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/about"] }),
  component: lazyRouteComponent(() => import("../features/about/about-page"), "AboutPage"),
});
