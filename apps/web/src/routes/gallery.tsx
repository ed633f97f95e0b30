import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const galleryRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/gallery",
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/gallery"] }),
  component: lazyRouteComponent(() => import("../features/gallery/gallery-page"), "GalleryPage"),
});
