import { buildLocalBusinessJsonLd } from "@crawlguard/content";
import { createRoute } from "@tanstack/react-router";
import { PublicLayout, SiteFooter } from "../features/layout/public-layout";
import { rootRoute } from "./root";

/**
 * Pathless layout of the public pages: the site header and footer, and the
 * business's structured data (schema.org HomeAndConstructionBusiness) in the
 * head of every public page. /auth and /admin are not under it.
 */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "public",
  loader: async () => {
    await SiteFooter.preload();
  },
  head: ({ match }) => ({
    scripts: [{ type: "application/ld+json", children: JSON.stringify(buildLocalBusinessJsonLd(match.context.publicUrl)) }],
  }),
  component: PublicLayout,
});
