import { type Query, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useSyncExternalStore } from "react";
import { httpStatusOf } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { leaveSignInNotice, readStoredUser, subscribeStoredUser, writeStoredUser } from "./session-storage";
import type { SessionUser } from "./types";

export type { LoginInput, RegisterInput, SessionUser } from "./types";

/** The `auth.me` query key; `null` data there means "nobody is signed in". */
export function sessionQueryKey() {
  return getQueryKey(trpc.auth.me, undefined, "query");
}

function isSessionQuery(query: Query): boolean {
  return JSON.stringify(query.queryKey) === JSON.stringify(sessionQueryKey());
}

const noStoredUser = () => null;

export const SESSION_ENDED_NOTICE = "Your session has ended. Please sign in again.";

/**
 * A request of a signed-in screen was answered 401 (the session expired, or was revoked: signed
 * out elsewhere, password reset, user deleted). The user becomes signed out at once, so the
 * dashboard's guard sends them to /auth, which shows why, instead of a half-working dashboard.
 */
export function endExpiredSession(queryClient: QueryClient): void {
  if (queryClient.getQueryData(sessionQueryKey()) === null) return; // already signed out
  leaveSignInNotice(SESSION_ENDED_NOTICE);
  writeStoredUser(null);
  queryClient.setQueryData(sessionQueryKey(), null);
}

/**
 * The session (docs/product.md "States and transitions"). The cached user from localStorage shows at
 * once (after hydration: the server never sees localStorage, so the first
 * client render must match the server's "unknown"), then `auth.me` decides:
 * a user is stored in the query cache and localStorage; 401 means signed out
 * and clears the cache; any other failure also clears it and is kept as
 * `error`.
 *
 * Use this hook rather than `trpc.auth.me.useQuery()`: it shares that query
 * key but maps 401 to `null` instead of throwing.
 */
export function useSession() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const cachedUser = useSyncExternalStore(subscribeStoredUser, readStoredUser, noStoredUser);

  const me = useQuery<SessionUser | null>({
    queryKey: sessionQueryKey(),
    queryFn: async ({ signal }) => {
      try {
        const user = await utils.client.auth.me.query(undefined, { signal });
        writeStoredUser(user);
        return user;
      } catch (error) {
        writeStoredUser(null);
        if (httpStatusOf(error) === 401) return null;
        throw error;
      }
    },
  });

  const storeUser = (user: SessionUser) => {
    queryClient.setQueryData(sessionQueryKey(), user);
    writeStoredUser(user);
  };

  const login = trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      storeUser(user);
      // Data cached while signed out (or as someone else) is refreshed.
      await queryClient.invalidateQueries({ predicate: (query) => !isSessionQuery(query) });
    },
  });

  const register = trpc.auth.register.useMutation({
    onSuccess: (user) => storeUser(user),
  });

  const logout = trpc.auth.logout.useMutation({
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey(), null);
      queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query) });
      writeStoredUser(null);
    },
  });

  const user: SessionUser | null = me.data !== undefined ? me.data : me.isError ? null : cachedUser;

  return {
    user,
    /** True until the server has answered the first session check. */
    isChecking: me.isPending,
    /** A failure of the session check other than 401. */
    error: me.error,
    login,
    register,
    logout,
  };
}
