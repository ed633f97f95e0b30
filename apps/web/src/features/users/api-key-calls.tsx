import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { ApiKey, ApiKeyCall } from "@crawlguard/validators";
import { RotateCw } from "lucide-react";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { trpcErrorText } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";

/** Shown at a time: the newest calls (the server keeps a key's last 1,000). */
const SHOWN = 50;
/** Times to the second: an integration's calls come seconds apart. */
export const SECONDS_FORMAT = "h:mm:ss a";

/**
 * A key's audit list (docs/api.md, API keys): its newest calls, each with when, the method and path,
 * the answer's status and the client address, so an admin can tell what an integration does.
 */
export function ApiKeyCalls({ id, apiKey }: { id: string; apiKey: ApiKey }) {
  const zone = useBusinessTimeZone();
  const calls = trpc.apiKeys.calls.useQuery({ id: apiKey.id, limit: SHOWN });
  const when = (iso: string) => `${formatInZone(iso, DATE_FORMAT, zone)} ${formatInZone(iso, SECONDS_FORMAT, zone)}`;
  return (
    <Box id={id} borderTopWidth="1px" pt="3" mt="3">
      <Flex justify="space-between" align="center" mb="2" gap="2">
        <Heading as="h3" size="sm">
          Recent calls
        </Heading>
        <Button variant="ghost" size="xs" onClick={() => void calls.refetch()} aria-label={`Refresh calls of ${apiKey.name}`}>
          <RotateCw aria-hidden="true" />
          Refresh
        </Button>
      </Flex>
      {calls.isPending ? (
        <Text color="fg.muted" textStyle="sm">
          Loading calls...
        </Text>
      ) : calls.isError ? (
        <Text color="fg.error" role="alert" textStyle="sm">
          Could not load calls: {trpcErrorText(calls.error)}
        </Text>
      ) : calls.data.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No calls yet.
        </Text>
      ) : (
        <Stack as="ul" aria-label={`Calls made with ${apiKey.name}`} gap="1" listStyleType="none" m="0" p="0">
          {calls.data.map((call) => (
            <CallRow key={call.id} call={call} when={when} />
          ))}
          {calls.data.length === SHOWN ? (
            <Text as="li" textStyle="xs" color="fg.muted">
              The newest {SHOWN} are shown; the API (GET /api/api-keys/{"{id}"}/audit) answers the last 1,000.
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

function CallRow({ call, when }: { call: ApiKeyCall; when: (iso: string) => string }) {
  const palette = call.status >= 500 ? "red" : call.status >= 400 ? "orange" : "green";
  return (
    <Flex as="li" gap="2" align="baseline" wrap="wrap" textStyle="sm">
      <Badge colorPalette={palette} variant="subtle" aria-label={`Status ${call.status}`}>
        {call.status}
      </Badge>
      <Text as="span" fontFamily="mono" wordBreak="break-all">
        {call.method} {call.path}
      </Text>
      <Text as="span" color="fg.muted" textStyle="xs">
        {when(call.at)} · {call.clientAddress}
      </Text>
    </Flex>
  );
}
