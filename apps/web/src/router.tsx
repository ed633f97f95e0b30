import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { ErrorPage } from "./components/error-page";
import type { AuthFormServerState } from "@crawlguard/validators";
import type { ContactFormServerState } from "./features/contact/contact-fields";
import { Provider } from "./components/provider";
import type { PublicApi } from "./lib/public-api";
import type { RouterContext } from "./routes/root";
import { routeTree } from "./routes/route-tree";

export type CreateAppRouterOptions = {
  /** Public origin used in canonical/share URLs; the client takes the server's value at hydration. */
  publicUrl: string;
  /** Cloudflare Turnstile site key; the contact form shows the widget only when it is set. */
  turnstileSiteKey?: string | undefined;
  /** Set by the server on pages with a contact form (see ContactFormServerState). */
  contactForm?: ContactFormServerState | undefined;
  /** Set by the server on /auth when a form posted without JavaScript was refused. */
  authForm?: AuthFormServerState | undefined;
  /** The server's in-process API for public pages' data (see RenderInput.publicApi); absent in the browser. */
  publicApi?: PublicApi | undefined;
  /** Memory history on the server; the browser history by default. */
  history?: RouterHistory;
};

/** Sent with the router state so the client uses the server's configuration. */
type DehydratedAppState = {
  publicUrl: string;
  turnstileSiteKey?: string | undefined;
  contactForm?: ContactFormServerState | undefined;
  authForm?: AuthFormServerState | undefined;
};

/** One router per request on the server, one per page load in the browser. */
export function createAppRouter({ publicUrl, turnstileSiteKey, contactForm, authForm, publicApi, history }: CreateAppRouterOptions) {
  const context: RouterContext = { publicUrl, turnstileSiteKey, contactForm, authForm, publicApi };
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context,
    InnerWrap: Provider,
    defaultErrorComponent: ErrorPage,
    defaultPreload: "intent",
    scrollRestoration: false,
    dehydrate: (): DehydratedAppState => ({
      publicUrl: context.publicUrl,
      turnstileSiteKey: context.turnstileSiteKey,
      contactForm: context.contactForm,
      authForm: context.authForm,
    }),
    hydrate: (dehydrated: DehydratedAppState) => {
      context.publicUrl = dehydrated.publicUrl;
      context.turnstileSiteKey = dehydrated.turnstileSiteKey;
      context.contactForm = dehydrated.contactForm;
      context.authForm = dehydrated.authForm;
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
