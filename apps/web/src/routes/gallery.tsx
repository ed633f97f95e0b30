import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const galleryRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/gallery",
  // The published staff photos: read on the server while rendering (so the page's HTML holds
  // them), sent to the browser with the router state, fetched afresh on each navigation here.
  loader: async ({ context, abortController }) => {
    const { loadPublishedImages } = await import("../features/gallery/published-images");
    return { published: await loadPublishedImages(context.publicApi, abortController.signal) };
  },
  // A photo published or unpublished a moment ago must show or go on the next visit.
  staleTime: 0,
  preloadStaleTime: 0,
  gcTime: 0,
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/gallery"] }),
  component: lazyRouteComponent(() => import("../features/gallery/gallery-page"), "GalleryPage"),
});
