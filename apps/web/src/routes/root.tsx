import { SkipNavLink } from "@chakra-ui/react/skip-nav";
import { defaultSeo } from "@crawlguard/content";
import { createRootRouteWithContext, Outlet, Scripts } from "@tanstack/react-router";
import { useEffect } from "react";
import { ToastHost } from "../components/toast-host";
import type { AuthFormServerState } from "@crawlguard/validators";
import type { ContactFormServerState } from "../features/contact/contact-fields";
import type { PublicApi } from "../lib/public-api";
import { HeadManager } from "../components/head-manager";
import { MAIN_CONTENT_ID } from "../components/page-main";
import { ScrollToTop } from "../components/scroll-to-top";
import { PublicNotFoundPage } from "../features/layout/public-layout";

/**
 * Router context. Query/tRPC clients are not here on purpose: they live in
 * `DataProvider` (lib/data-provider.tsx) so public pages do not load them.
 */
export type RouterContext = {
  /** Public origin of the site, e.g. "https://crawlguard.example" (canonical URLs). */
  publicUrl: string;
  /** Cloudflare Turnstile site key, when the server has one (contact form bot check). */
  turnstileSiteKey?: string | undefined;
  /** Server-rendered pages with a contact form: what a script-less submission needs and got. */
  contactForm?: ContactFormServerState | undefined;
  /** /auth answering a sign-in or registration posted without JavaScript that was refused. */
  authForm?: AuthFormServerState | undefined;
  /** On the server only: the API, called in-process, for data a public page renders (never dehydrated). */
  publicApi?: PublicApi | undefined;
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Defaults every page inherits; a route's own head() overrides them.
  head: () => ({
    meta: [
      { title: defaultSeo.title },
      { name: "description", content: defaultSeo.description },
      { name: "theme-color", content: "#0f546f" },
    ],
  }),
  component: RootLayout,
  // Unknown paths get the 404 page inside the public site header and footer.
  notFoundComponent: PublicNotFoundPage,
});

function RootLayout() {
  // Runs once React has committed the page: a server-rendered page is hydrated (its links and
  // buttons answer), a client-rendered one is on screen. Marked on <html>, outside React's tree,
  // for tests and scripts that wait for a working page (the router drops `window.$_TSR` earlier,
  // when it restores its state, while React may still be hydrating in a transition).
  useEffect(() => {
    document.documentElement.setAttribute("data-app-hydrated", "");
  }, []);
  return (
    <>
      <HeadManager />
      <ScrollToTop />
      <SkipNavLink id={MAIN_CONTENT_ID}>Skip to main content</SkipNavLink>
      <Outlet />
      <ToastHost />
      {/* Router hydration data on the server; renders nothing on the client. */}
      <Scripts />
    </>
  );
}
