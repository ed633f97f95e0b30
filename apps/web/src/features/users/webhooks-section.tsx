import { Alert } from "@chakra-ui/react/alert";
import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CreatedWebhook, RotatedWebhookSecret, Webhook } from "@crawlguard/validators";
import { KeyRound, ListChecks, Pencil, Plus, Trash2, Webhook as WebhookIcon } from "lucide-react";
import { useId, useState } from "react";
import { AdminSection } from "../../components/admin-section/admin-section";
import { DATE_FORMAT, formatInZone, TIME_FORMAT } from "../../lib/business-time";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { DeliveriesHoldNotice } from "./deliveries-hold-notice";
import { WEBHOOK_EVENT_LABELS, WebhookDialog } from "./webhook-dialog";
import { DeliveryLog } from "./webhook-delivery-log";
import { RotatedSecret, RotateSecretButton, SendTestButton } from "./webhook-tools";

/**
 * Webhooks (docs/api.md, Webhooks; ADR 030): endpoints that receive signed events, each with its
 * delivery log (status, time, attempts, the receiver's answer, the body sent) and Resend, Edit (the
 * Add Webhook dialog, filled in), a test event and secret rotation. An endpoint that gets staff-only values says so. An endpoint the server
 * disabled after a day of failures says so, with Enable.
 */
export function WebhooksSection() {
  const webhooks = trpc.webhooks.list.useQuery();
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: (_r, { id }) => utils.webhooks.list.setData(undefined, (list) => list?.filter((w) => w.id !== id)),
  });

  return (
    <AdminSection<Webhook, CreatedWebhook>
      title="Webhooks"
      description="Signed events (new contacts, leads, appointments, gallery photos) POSTed to other tools."
      create={{ button: { label: "Add Webhook", icon: <Plus aria-hidden="true" /> }, dialog: WebhookDialog }}
      notice={<DeliveriesHoldNotice />}
      // Only the sender keeps the signing secret.
      shownOnce={(webhook) => ({
        label: "New webhook secret",
        icon: <KeyRound aria-hidden="true" />,
        title: `Webhook added for ${webhook.url}`,
        breakTitle: true,
        field: {
          label: "Signing secret",
          helper: "Shown only now: your receiver verifies each request's webhook-signature with it (Standard Webhooks).",
          name: "webhookSecret",
        },
        value: webhook.secret,
        copy: {
          label: "Copy Secret",
          copied: { title: "Secret copied", description: "Store it where your receiver verifies signatures." },
          selectTitle: "Copy the selected secret",
        },
      })}
      list={{
        query: webhooks,
        label: "Webhooks",
        loading: "Loading webhooks...",
        loadFailed: "Could not load webhooks",
        empty: "No webhooks yet.",
        gap: "3",
      }}
      renderItem={(webhook, confirm) => <WebhookCard webhook={webhook} onDelete={confirm} />}
      confirm={{
        title: "Delete webhook?",
        confirmLabel: "Delete Webhook",
        pendingLabel: "Deleting...",
        message: (webhook) => `${webhook.url} will receive nothing more, and its delivery log is deleted.`,
        mutation: remove,
        done: { title: "Webhook deleted", description: "Nothing more is sent to it." },
        failed: "Failed to delete webhook",
      }}
    />
  );
}

function WebhookCard({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const zone = useBusinessTimeZone();
  const [showLog, setShowLog] = useState(false);
  const [rotated, setRotated] = useState<RotatedWebhookSecret | null>(null);
  const [editing, setEditing] = useState(false);
  // A fresh dialog each time it opens, filled from the endpoint as it is then.
  const [editKey, setEditKey] = useState(0);
  const logId = useId();
  const utils = trpc.useUtils();
  const update = trpc.webhooks.update.useMutation({
    onSuccess: (changed) => utils.webhooks.list.setData(undefined, (list) => list?.map((w) => (w.id === changed.id ? changed : w))),
    onError: (error) => showToast({ title: "Failed to change webhook", description: toastErrorText(error), type: "error" }),
  });
  const when = (iso: string) => `${formatInZone(iso, DATE_FORMAT, zone)} ${formatInZone(iso, TIME_FORMAT, zone)}`;
  const label = webhook.description || webhook.url;
  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <WebhookIcon aria-hidden="true" size="1em" />
              <Text fontWeight="medium" wordBreak="break-all">
                {webhook.url}
              </Text>
              <Badge colorPalette={webhook.enabled ? "green" : "red"} variant="subtle">
                {webhook.enabled ? "Enabled" : "Disabled"}
              </Badge>
              {webhook.includeStaffFields ? (
                <Badge colorPalette="orange" variant="outline" title="Notes, estimated value, priority and assignee are sent to it">
                  Staff fields
                </Badge>
              ) : null}
            </HStack>
            {webhook.description ? (
              <Text textStyle="sm" color="fg.muted">
                {webhook.description}
              </Text>
            ) : null}
            <Text textStyle="sm" color="fg.muted">
              {webhook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(" · ")}
            </Text>
            {webhook.previousSecretExpiresAt ? (
              <Text textStyle="sm" color="fg.muted">
                Secret rotated: the old one also signs until {when(webhook.previousSecretExpiresAt)}.
              </Text>
            ) : null}
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showLog}
              aria-controls={logId}
              aria-label={`Deliveries of ${label}`}
              onClick={() => setShowLog((v) => !v)}
            >
              <ListChecks aria-hidden="true" />
              {showLog ? "Hide Deliveries" : "Deliveries"}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Edit ${label}`}
              onClick={() => {
                setEditKey((k) => k + 1);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <SendTestButton webhook={webhook} label={label} />
            <RotateSecretButton webhook={webhook} label={label} onRotated={setRotated} />
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              aria-label={`${webhook.enabled ? "Disable" : "Enable"} ${label}`}
              onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled })}
            >
              {webhook.enabled ? "Disable" : "Enable"}
            </Button>
            <Button variant="outline" colorPalette="red" size="sm" aria-label={`Delete ${label}`} onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </HStack>
        </Flex>
        {!webhook.enabled && webhook.disabledReason ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Disabled{webhook.disabledAt ? ` on ${when(webhook.disabledAt)}` : ""}</Alert.Title>
              <Alert.Description>{webhook.disabledReason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : webhook.enabled && webhook.failingSince ? (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              Deliveries failing since {when(webhook.failingSince)}. It is disabled after a day of failures.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        {rotated ? <RotatedSecret rotated={rotated} onDismiss={() => setRotated(null)} /> : null}
        {showLog ? <DeliveryLog id={logId} webhook={webhook} when={when} /> : null}
        <WebhookDialog key={editKey} open={editing} onClose={() => setEditing(false)} webhook={webhook} />
      </Card.Body>
    </Card.Root>
  );
}
