import { Button, CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CrewJob } from "@crawlguard/validators";
import { useRef } from "react";
import { formatInZone } from "../../lib/business-time";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { LeadTimeline } from "../leads/lead-timeline";
import { jobTimeRange } from "./crew-model";
import { JobLinks } from "./job-links";
import { JobPhotos } from "./job-photos";
import { OnMyWay } from "./on-my-way";
import { VisitUpdate } from "./visit-update";
import { useReturnFocus } from "../../components/return-focus";

type JobViewProps = {
  open: boolean;
  job: CrewJob;
  onClose: () => void;
  /** Offered where the job was opened from the calendar: moving it is an action of its own, never the first thing shown. */
  onReschedule?: (() => void) | undefined;
};

/**
 * The job view (docs/product.md "The crew's day"): the client, the service, the address with Call
 * and Directions, On my way, the update after the visit, photos and the history. A view, not a
 * form: nothing is focused that would raise the keyboard, and nothing moves the appointment unless
 * Reschedule is chosen.
 */
export default function JobView({ open, job, onClose, onReschedule }: JobViewProps) {
  const zone = useBusinessTimeZone();
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: "full", md: "lg" }}
      scrollBehavior="inside"
      placement="center"
      initialFocusEl={() => closeRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content minH={{ md: "auto" }} borderRadius={{ md: "l3" }}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title fontSize="xl">{job.clientName}</Dialog.Title>
              <Dialog.Description color="fg.muted">
                {formatInZone(job.start, "EEE, MMM d", zone)} · {jobTimeRange(job, zone)} · {job.service}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <Stack gap="3">
                  {job.address ? <Text overflowWrap="anywhere">{job.address}</Text> : <Text color="fg.muted">No address on file</Text>}
                  {job.phone ? <Text color="fg.muted">{job.phone}</Text> : null}
                  <JobLinks job={job} />
                  {job.notes ? (
                    <Text whiteSpace="pre-wrap" bg="bg.muted" p="3" borderRadius="l2">
                      {job.notes}
                    </Text>
                  ) : null}
                </Stack>
                <OnMyWay job={job} />
                <VisitUpdate job={job} />
                <JobPhotos leadId={job.leadId} clientName={job.clientName} />
                <LeadTimeline leadId={job.leadId} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {onReschedule ? (
                <Button size="lg" variant="outline" onClick={onReschedule}>
                  Reschedule
                </Button>
              ) : null}
              <Dialog.ActionTrigger asChild>
                <Button size="lg">Done</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton ref={closeRef} size="lg" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
