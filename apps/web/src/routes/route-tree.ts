import { adminRoute } from "./admin";
import { authRoute } from "./auth";
import { homeRoute } from "./home";
import { rootRoute } from "./root";

export const routeTree = rootRoute.addChildren([homeRoute, authRoute, adminRoute]);
