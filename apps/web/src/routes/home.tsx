import { buildLocalBusinessJsonLd, pageSeo } from "@crawlguard/content";
import { createRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/home-page";
import { pageHead } from "../lib/page-head";
import { rootRoute } from "./root";

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  head: ({ match }) =>
    pageHead({
      publicUrl: match.context.publicUrl,
      ...pageSeo["/"],
      jsonLd: [buildLocalBusinessJsonLd(match.context.publicUrl)],
    }),
  component: HomePage,
});
