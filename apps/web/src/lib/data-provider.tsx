import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { endExpiredSession } from "../features/auth/use-session";
import { createQueryClient } from "./query-client";
import { createTrpcClient, type TrpcClient, trpc } from "./trpc";

export type DataClients = { queryClient: QueryClient; trpcClient: TrpcClient };

// One set per router: per request on the server, per page load in the
// browser, so /auth and /admin share one cache.
const clientsByRouter = new WeakMap<object, DataClients>();

/** The query and tRPC clients that belong to `router`, created on first use. */
export function getDataClients(router: object): DataClients {
  let clients = clientsByRouter.get(router);
  if (!clients) {
    // Any 401 while signed in ends the session here: the guard then shows /auth with a notice.
    clients = { queryClient: createQueryClient({ onUnauthorized: endExpiredSession }), trpcClient: createTrpcClient() };
    clientsByRouter.set(router, clients);
  }
  return clients;
}

/**
 * tRPC + TanStack Query for the screens that talk to the API. It wraps those
 * screens (they are lazy chunks), not the root, so public pages do not ship
 * the query and tRPC libraries.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const { queryClient, trpcClient } = getDataClients(useRouter());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
