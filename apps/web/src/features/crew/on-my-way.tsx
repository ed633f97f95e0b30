import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CrewJob } from "@crawlguard/validators";
import { useId, useState } from "react";
import { trpcErrorText } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { ChoiceChips } from "./choice-chips";
import { ETA_CHOICES } from "./crew-model";

/** On my way: the client is mailed who is coming and around when (one mail per appointment per half hour). */
export function OnMyWay({ job }: { job: Pick<CrewJob, "leadId" | "clientName"> }) {
  const headingId = useId();
  const [eta, setEta] = useState<number>(15);
  const utils = trpc.useUtils();
  const send = trpc.crewDay.onMyWay.useMutation({
    onSettled: () => {
      void utils.leads.timeline.invalidate({ id: job.leadId });
      void utils.notifications.deliveries.invalidate({ leadId: job.leadId });
    },
  });
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" id={headingId} size="md">
        On my way
      </Heading>
      <ChoiceChips<number>
        legend="Arriving in"
        choices={ETA_CHOICES}
        value={eta}
        onChange={setEta}
        labelOf={(minutes) => `${minutes} min`}
      />
      <Button size="lg" variant="outline" disabled={send.isPending} onClick={() => send.mutate({ id: job.leadId, etaMinutes: eta })}>
        {send.isPending ? "Telling the client…" : `Tell ${job.clientName} I'm on my way`}
      </Button>
      <div role="status" aria-live="polite">
        {send.isPaused ? (
          <Text color="orange.fg">No signal: it is sent as soon as the signal is back.</Text>
        ) : send.isSuccess ? (
          <Text color="green.fg">
            {job.clientName} is told {send.data.crewName} arrives around {send.data.arrivalTime} ({send.data.sentTo}).
          </Text>
        ) : send.isError ? (
          <Text color="fg.error">{trpcErrorText(send.error)}</Text>
        ) : null}
      </div>
    </Stack>
  );
}
