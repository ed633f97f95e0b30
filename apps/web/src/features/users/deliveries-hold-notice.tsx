import { Alert } from "@chakra-ui/react/alert";
import { Button } from "@chakra-ui/react/button";
import { Play } from "lucide-react";
import { DATE_FORMAT, formatInZone, TIME_FORMAT } from "../../lib/business-time";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";

/**
 * Shown while webhook deliveries are held after a restore (`db:restore --hold-deliveries`): the
 * deliveries waiting in the backup may have reached their receivers from the original installation
 * since, so nothing is sent until an admin has looked and resumes them. Nothing shows otherwise.
 */
export function DeliveriesHoldNotice() {
  const zone = useBusinessTimeZone();
  const hold = trpc.webhooks.deliveriesHold.useQuery();
  const utils = trpc.useUtils();
  const resume = trpc.webhooks.resumeDeliveries.useMutation({
    onSuccess: (state) => {
      utils.webhooks.deliveriesHold.setData(undefined, state);
      void utils.webhooks.deliveries.invalidate();
      showToast({ title: "Deliveries resumed", description: "Waiting deliveries are being sent now.", type: "success" });
    },
    onError: (error) => showToast({ title: "Failed to resume deliveries", description: toastErrorText(error), type: "error" }),
  });
  if (!hold.data?.held) return null;
  const since = hold.data.since
    ? ` since ${formatInZone(hold.data.since, DATE_FORMAT, zone)} ${formatInZone(hold.data.since, TIME_FORMAT, zone)}`
    : "";
  const waiting = hold.data.waiting === 1 ? "1 delivery is waiting" : `${hold.data.waiting} deliveries are waiting`;
  return (
    <Alert.Root status="warning" role="region" aria-label="Webhook deliveries held">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>Webhook deliveries are held{since}</Alert.Title>
        <Alert.Description>
          {hold.data.reason} {waiting}. Receivers may already have some of them: they drop repeats by their webhook-id. Nothing is sent
          until you resume.
        </Alert.Description>
        <Button
          alignSelf="flex-start"
          colorPalette="orange"
          size="sm"
          loading={resume.isPending}
          aria-label="Resume webhook deliveries"
          onClick={() => resume.mutate()}
        >
          <Play aria-hidden="true" />
          Resume deliveries
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
