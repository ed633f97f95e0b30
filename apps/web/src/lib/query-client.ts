import { QueryClient } from "@tanstack/react-query";

/**
 * SPEC section 7: no retries, no refetch on window focus, no polling, data
 * never stale. Screens that need fresher data opt in per query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
