import { Alert } from "@chakra-ui/react/alert";
import { Button } from "@chakra-ui/react/button";
import { trpcErrorText } from "../../lib/http-error";

/** A list that failed to load: what failed, the server's reason and a retry. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load {what}</Alert.Title>
        <Alert.Description>{trpcErrorText(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
        Try again
      </Button>
    </Alert.Root>
  );
}
