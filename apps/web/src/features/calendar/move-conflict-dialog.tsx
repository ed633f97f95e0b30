import { CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import { Text } from "@chakra-ui/react/text";
import type { Conflict } from "@crawlguard/validators";
import { ConflictNotice } from "../appointments/conflict-notice";

type MoveConflictDialogProps = {
  open: boolean;
  /** "Jo Lee to Tue, Mar 10 at 9:00 AM" */
  what: string;
  conflicts: readonly Conflict[];
  pending: boolean;
  onBookAnyway: () => void;
  /** Leaves the appointment where it was. */
  onCancel: () => void;
};

/** A dragged appointment's new time clashes: book it anyway, or put it back and pick another time. */
export function MoveConflictDialog({ open, what, conflicts, pending, onBookAnyway, onCancel }: MoveConflictDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
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
              <Dialog.Title>Move appointment?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Dialog.Description asChild>
                <Text>Moving {what}.</Text>
              </Dialog.Description>
              <ConflictNotice conflicts={conflicts} pending={pending} onBookAnyway={onBookAnyway} onPickAnother={onCancel} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
