import { Alert } from "@chakra-ui/react/alert";
import { rootRouteId, useRouteContext } from "@tanstack/react-router";
import type { AuthFormServerState } from "@crawlguard/validators";

/**
 * The outcome of this form when it was posted before the page's script ran and the
 * server refused it: the page came back with its message and the values typed (never the password).
 */
export function useServerFormState(form: AuthFormServerState["form"]): AuthFormServerState | undefined {
  const state = useRouteContext({ from: rootRouteId, select: (context) => context.authForm });
  return state?.form === form ? state : undefined;
}

export function ServerFormNotice({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
