import { pageSeo } from "@crawlguard/content";
import { createRoute } from "@tanstack/react-router";
import { HomePage, HomeSections } from "../features/home/home-page";
import { loadBookingOffer } from "../features/online-booking/booking-offer";
import { pageHead } from "../lib/page-head";
import { publicRoute } from "./public";

// Not lazy: the home page is the most visited entry, so its code is part of the main bundle.
export const homeRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: "/",
  // Client-side navigations get the lower sections' code before the page shows; the form's
  // neighbour "Pick a time online" shows while online booking is on.
  loader: async ({ context, abortController }) => {
    const [, onlineBooking] = await Promise.all([HomeSections.preload(), loadBookingOffer(context.publicApi, abortController.signal)]);
    return { onlineBooking };
  },
  head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/"] }),
  component: HomePage,
});
