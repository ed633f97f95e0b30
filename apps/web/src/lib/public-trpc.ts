import type { AppRouter } from "@crawlguard/api";
import { createTRPCClient, httpLink } from "@trpc/client";

/**
 * A plain tRPC client (no React Query) for the public pages' few calls, such
 * as the contact form. Import it lazily (`await import(...)`): it stays out
 * of the home page's initial JavaScript.
 */
export const publicTrpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: "/trpc" })],
});
