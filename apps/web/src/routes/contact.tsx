import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const contactRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/contact",
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/contact"] }),
  component: lazyRouteComponent(() => import("../features/contact/contact-page"), "ContactPage"),
});
