import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus } from "@crawlguard/validators";
import { ChevronDown, RotateCw } from "lucide-react";
import { useId, useState } from "react";
import { SelectControl } from "../../components/form-controls";
import { FormField } from "../../components/form-field";
import { toastErrorText, trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";

/** Deliveries per page of the log. */
const PAGE = 25;

const STATUS_PALETTE: Record<WebhookDeliveryStatus, string> = { pending: "orange", sending: "blue", delivered: "green", failed: "red" };
const STATUS_TEXT: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
};
const STATUS_OPTIONS = [
  { value: "", label: "All deliveries" },
  { value: "failed", label: "Failed" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "sending", label: "Sending" },
] as const;

/** The body as sent, indented for reading (it is JSON; anything else is shown as it is). */
function readable(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * An endpoint's delivery log (docs/api.md, Webhooks): newest first, a page at a time with Load
 * older, filtered by status, each delivery with its status, time, attempts, the receiver's answer,
 * the body it sent (Body) and Resend.
 */
export function DeliveryLog({ id, webhook, when }: { id: string; webhook: Webhook; when: (iso: string) => string }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | "">("");
  const [older, setOlder] = useState<WebhookDelivery[]>([]);
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const filter = status ? { status } : {};
  const deliveries = trpc.webhooks.deliveries.useQuery({ id: webhook.id, limit: PAGE, ...filter }, { refetchInterval: 5000 });
  const utils = trpc.useUtils();
  const label = webhook.description || webhook.url;
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: (delivery) => {
      setOlder((list) => list.map((d) => (d.id === delivery.id ? delivery : d)));
      showToast({ title: "Delivery resent", description: "It is sent again now, with the same webhook-id.", type: "success" });
      void utils.webhooks.deliveries.invalidate({ id: webhook.id });
    },
    onError: (error) => showToast({ title: "Failed to resend", description: toastErrorText(error), type: "error" }),
  });
  const changeStatus = (value: string) => {
    setStatus(value as WebhookDeliveryStatus | "");
    setOlder([]);
    setOlderDone(false);
  };
  const shown = [...(deliveries.data ?? []), ...older];
  const more = !olderDone && (older.length > 0 || (deliveries.data?.length ?? 0) === PAGE);
  const loadOlder = async () => {
    const last = shown.at(-1);
    if (!last) return;
    setLoadingOlder(true);
    try {
      const page = await utils.client.webhooks.deliveries.query({ id: webhook.id, limit: PAGE, before: last.id, ...filter });
      setOlder((list) => [...list, ...page]);
      if (page.length < PAGE) setOlderDone(true);
    } catch (error) {
      showToast({ title: "Could not load older deliveries", description: toastErrorText(error), type: "error" });
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <Box id={id} borderTopWidth="1px" pt="3">
      <Flex justify="space-between" align="flex-end" mb="2" gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          Delivery log
        </Heading>
        <HStack gap="2" align="flex-end">
          <Box minW="10rem">
            <FormField label="Show">
              <SelectControl name="deliveryStatus" value={status} options={STATUS_OPTIONS} onChange={changeStatus} />
            </FormField>
          </Box>
          <Button variant="ghost" size="xs" onClick={() => void deliveries.refetch()} aria-label={`Refresh deliveries of ${label}`}>
            <RotateCw aria-hidden="true" />
            Refresh
          </Button>
        </HStack>
      </Flex>
      {deliveries.isPending ? (
        <Text color="fg.muted" textStyle="sm">
          Loading deliveries...
        </Text>
      ) : deliveries.isError ? (
        <Text color="fg.error" role="alert" textStyle="sm">
          Could not load deliveries: {trpcErrorText(deliveries.error)}
        </Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {status ? `No ${STATUS_TEXT[status].toLowerCase()} deliveries.` : "Nothing sent yet."}
        </Text>
      ) : (
        <Stack as="ul" aria-label="Deliveries" gap="2" listStyleType="none" m="0" p="0">
          {shown.map((d) => (
            <DeliveryRow
              key={d.id}
              delivery={d}
              when={when}
              canResend={webhook.enabled}
              resending={resend.isPending && resend.variables.deliveryId === d.id}
              onResend={() => resend.mutate({ id: webhook.id, deliveryId: d.id })}
            />
          ))}
        </Stack>
      )}
      {more ? (
        <Button mt="2" variant="outline" size="sm" loading={loadingOlder} onClick={() => void loadOlder()}>
          <ChevronDown aria-hidden="true" />
          Load older
        </Button>
      ) : null}
    </Box>
  );
}

function DeliveryRow({
  delivery: d,
  when,
  canResend,
  resending,
  onResend,
}: {
  delivery: WebhookDelivery;
  when: (iso: string) => string;
  canResend: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  const [showBody, setShowBody] = useState(false);
  const bodyId = useId();
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="2">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Box minW="0">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={STATUS_PALETTE[d.status]} variant="subtle">
              {STATUS_TEXT[d.status]}
            </Badge>
            <Text fontWeight="medium" textStyle="sm">
              {d.eventType}
            </Text>
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {when(d.lastAttemptAt ?? d.createdAt)} · {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
            {d.responseStatus !== null ? ` · HTTP ${d.responseStatus}` : ""}
            {d.status === "pending" && d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ""}
          </Text>
          {d.error ? (
            <Text textStyle="xs" color="fg.error" wordBreak="break-word">
              {d.error}
            </Text>
          ) : null}
        </Box>
        <HStack gap="2">
          <Button
            variant="ghost"
            size="xs"
            aria-expanded={showBody}
            aria-controls={bodyId}
            aria-label={`Body of ${d.eventType} of ${when(d.createdAt)}`}
            onClick={() => setShowBody((v) => !v)}
          >
            {showBody ? "Hide Body" : "Body"}
          </Button>
          <Button
            variant="outline"
            size="xs"
            disabled={!canResend || d.status === "sending"}
            loading={resending}
            aria-label={`Resend ${d.eventType} of ${when(d.createdAt)}`}
            onClick={onResend}
          >
            <RotateCw aria-hidden="true" />
            Resend
          </Button>
        </HStack>
      </Flex>
      {showBody ? (
        <Box
          as="pre"
          id={bodyId}
          mt="2"
          p="2"
          bg="bg.muted"
          borderRadius="sm"
          textStyle="xs"
          overflowX="auto"
          maxH="20rem"
          tabIndex={0}
          aria-label={`Body sent, webhook-id ${d.webhookId}`}
        >
          {readable(d.payload)}
        </Box>
      ) : null}
    </Box>
  );
}
