import type { AppRouter } from "@crawlguard/api";
import { httpLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";

/** Typed tRPC hooks (`trpc.auth.me.useQuery()`, `trpc.useUtils()`, …). */
export const trpc = createTRPCReact<AppRouter>();

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/**
 * One client per app instance. Pages fetch nothing while rendering on the
 * server, so the relative `/trpc` URL is only ever resolved by the browser.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpLink({
        url: "/trpc",
        fetch: (input, init) => fetch(input, { ...(init as RequestInit), credentials: "include" }),
      }),
    ],
  });
}
