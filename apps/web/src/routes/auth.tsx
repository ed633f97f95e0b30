import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { privateHead } from "../lib/page-head";
import { rootRoute } from "./root";

/**
 * `tab=register` opens the Register tab (the tabs are links, so they work before the script runs);
 * `invite` is an invitation link's code: it fills the Invitation code field and opens Register.
 */
export type AuthSearch = { tab?: "register"; invite?: string };

export function authSearch(search: Record<string, unknown>): AuthSearch {
  const invite = typeof search["invite"] === "string" && search["invite"] ? search["invite"].slice(0, 200) : undefined;
  return { ...(search["tab"] === "register" ? { tab: "register" as const } : {}), ...(invite ? { invite } : {}) };
}

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: authSearch,
  head: () => privateHead("Staff Sign In | CrawlGuard"),
  // Lazy: the forms, session code and the API client stay out of public pages.
  component: lazyRouteComponent(() => import("../features/auth/auth-page"), "AuthPage"),
});
