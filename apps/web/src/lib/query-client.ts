import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { httpStatusOf } from "./http-error";

export type QueryClientOptions = {
  /**
   * A request was answered 401: the session expired or was revoked while the screen was open.
   * Not called for the auth procedures themselves (a wrong password is a 401 too).
   */
  onUnauthorized?: (queryClient: QueryClient) => void;
};

/** tRPC keys start with the procedure's path: [["auth", "login"], ...]. */
function isAuthCall(key: readonly unknown[] | undefined): boolean {
  const path = key?.[0];
  return Array.isArray(path) && path[0] === "auth";
}

/**
 * docs/product.md "The calls it makes": no retries, no refetch on window focus, no polling, data
 * never stale. Screens that need fresher data opt in per query.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const unauthorized = (error: unknown, key: readonly unknown[] | undefined) => {
    if (onUnauthorized && httpStatusOf(error) === 401 && !isAuthCall(key)) onUnauthorized(queryClient);
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => unauthorized(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => unauthorized(error, mutation.options.mutationKey),
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
