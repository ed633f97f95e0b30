import { buildBreadcrumbJsonLd, buildServiceJsonLd, getService, serviceDetailSeo, serviceNotFoundSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent, notFound } from "@tanstack/react-router";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const serviceDetailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/services/$serviceId",
  // The detail texts are a chunk of their own, so other pages do not carry them.
  loader: async ({ params }) => {
    const { getServiceDetail } = await import("../features/services/service-detail-content");
    const detail = getServiceDetail(params.serviceId);
    // The server answers 404 for this (entry-server), and the route shows 'Service Not Found'.
    if (!detail) throw notFound();
    return detail;
  },
  head: ({ match, loaderData: detail }) => {
    if (!detail) return { meta: [{ title: serviceNotFoundSeo.title }, { name: "robots", content: "noindex" }] };
    const { publicUrl } = match.context;
    const seo = serviceDetailSeo(detail);
    return pageHead({
      publicUrl,
      ...seo,
      image: getService(detail.id)?.image,
      jsonLd: [
        buildServiceJsonLd(detail, publicUrl),
        buildBreadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: "Services", path: "/services" },
            { name: detail.name, path: seo.path },
          ],
          publicUrl,
        ),
      ],
    });
  },
  component: lazyRouteComponent(() => import("../features/services/service-detail-page"), "ServiceDetailPage"),
  notFoundComponent: lazyRouteComponent(() => import("../features/services/service-not-found"), "ServiceNotFound"),
});
