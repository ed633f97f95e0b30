import { aboutRoute } from "./about";
import { adminRoute, adminTodayRoute } from "./admin";
import { authRoute } from "./auth";
import { contactRoute } from "./contact";
import { galleryRoute } from "./gallery";
import { homeRoute } from "./home";
import { publicRoute } from "./public";
import { rootRoute } from "./root";
import { serviceDetailRoute } from "./service-detail";
import { servicesRoute } from "./services";

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([homeRoute, servicesRoute, serviceDetailRoute, aboutRoute, contactRoute, galleryRoute]),
  authRoute,
  adminRoute,
  adminTodayRoute,
]);
