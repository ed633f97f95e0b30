import { pageSeo } from "@crawlguard/content";
import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { loadBookingOffer } from "../features/online-booking/booking-offer";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

export const contactRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/contact",
  // "Pick a time online" beside the form while online booking is on.
  loader: async ({ context, abortController }) => ({ onlineBooking: await loadBookingOffer(context.publicApi, abortController.signal) }),
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/contact"] }),
  component: lazyRouteComponent(() => import("../features/contact/contact-page"), "ContactPage"),
});
