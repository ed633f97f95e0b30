import { CloseButton } from "@chakra-ui/react/button";
import { Button } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { format } from "date-fns";
import { blockTypeLabels } from "../availability/time-block-form";
import type { BlockEvent } from "./calendar-event-model";
import { useReturnFocus } from "../../components/return-focus";

type BlockDetailsDialogProps = {
  /** Another person's block occurrence; null: closed. */
  event: BlockEvent | null;
  /** The owner's shown name. */
  ownerName: string;
  onClose: () => void;
};

/**
 * Another person's time block, read only: whose it is, when, and what (for a staff
 * viewer only "Busy": the owner's words stay theirs). Only its owner changes it, in Availability.
 */
export function BlockDetailsDialog({ event, ownerName, onClose }: BlockDetailsDialogProps) {
  const returnFocus = useReturnFocus(event !== null);
  return (
    <Dialog.Root
      open={event !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      finalFocusEl={returnFocus}
      placement="center"
      size={{ base: "xs", sm: "md" }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{ownerName}&rsquo;s time block</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {event ? (
                <Stack gap="2">
                  <Text fontWeight="semibold">
                    <bdi>{event.block.title}</bdi>
                  </Text>
                  <Text>
                    {format(event.start, "EEE, MMM d, yyyy, h:mm a")} – {format(event.end, "h:mm a")}
                  </Text>
                  <Text>
                    {blockTypeLabels[event.block.blockType]}
                    {event.block.recurring && event.block.recurringPattern ? ` · repeats ${event.block.recurringPattern}` : ""}
                  </Text>
                  {event.block.description ? <Text color="fg.muted">{event.block.description}</Text> : null}
                  <Text textStyle="sm" color="fg.muted">
                    Read only: only {ownerName} can change this block, in their Availability tab.
                  </Text>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
