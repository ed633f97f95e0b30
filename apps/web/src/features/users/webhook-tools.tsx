import { Button } from "@chakra-ui/react/button";
import type { RotatedWebhookSecret, Webhook } from "@crawlguard/validators";
import { KeyRound, Send } from "lucide-react";
import { useState } from "react";
import { OneTimeSecret } from "../../components/admin-section/one-time-secret";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../dashboard/confirm-dialog";

/** Send Test: a signed webhook.test event now, and a toast of what the receiver answered. */
export function SendTestButton({ webhook, label }: { webhook: Webhook; label: string }) {
  const test = trpc.webhooks.test.useMutation({
    onSuccess: (result) =>
      result.delivered
        ? showToast({ title: "Test event delivered", description: `The endpoint answered ${result.responseStatus}.`, type: "success" })
        : showToast({
            title: "Test event not delivered",
            description: result.error ?? `The endpoint answered ${result.responseStatus}.`,
            type: "error",
          }),
    onError: (error) => showToast({ title: "Failed to send test event", description: toastErrorText(error), type: "error" }),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      loading={test.isPending}
      loadingText="Sending..."
      aria-label={`Send a test event to ${label}`}
      onClick={() => test.mutate({ id: webhook.id })}
    >
      <Send aria-hidden="true" />
      Send Test
    </Button>
  );
}

/**
 * Rotate Secret: confirmed first; the new secret goes to `onRotated` (the card shows it once). The
 * old one keeps signing beside it for 24 hours so the receiver can switch without losing a delivery.
 */
export function RotateSecretButton({
  webhook,
  label,
  onRotated,
}: {
  webhook: Webhook;
  label: string;
  onRotated: (rotated: RotatedWebhookSecret) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: (result) => {
      const { secret: _shownOnce, ...listed } = result;
      utils.webhooks.list.setData(undefined, (list) => list?.map((w) => (w.id === listed.id ? listed : w)));
      setConfirming(false);
      onRotated(result);
    },
    onError: (error) => showToast({ title: "Failed to rotate secret", description: toastErrorText(error), type: "error" }),
  });
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Rotate the signing secret of ${label}`} onClick={() => setConfirming(true)}>
        <KeyRound aria-hidden="true" />
        Rotate Secret
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate signing secret?"
        confirmLabel="Rotate Secret"
        pendingLabel="Rotating..."
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate({ id: webhook.id })}
      >
        A new secret is shown once. For 24 hours every delivery is signed with both the old and the new secret, so {label} keeps verifying
        while you switch it over; then only the new one signs.
      </ConfirmDialog>
    </>
  );
}

/** The rotated secret, shown once with Copy and Done. */
export function RotatedSecret({ rotated, onDismiss }: { rotated: RotatedWebhookSecret; onDismiss: () => void }) {
  return (
    <OneTimeSecret
      onDismiss={onDismiss}
      content={{
        label: "New webhook secret",
        icon: <KeyRound aria-hidden="true" />,
        title: `New signing secret for ${rotated.url}`,
        breakTitle: true,
        field: {
          label: "Signing secret",
          helper: "Shown only now. The old secret also signs every delivery for 24 hours: switch your receiver to this one before then.",
          name: "rotatedWebhookSecret",
        },
        value: rotated.secret,
        copy: {
          label: "Copy Secret",
          copied: { title: "Secret copied", description: "Store it where your receiver verifies signatures." },
          selectTitle: "Copy the selected secret",
        },
      }}
    />
  );
}
