import { CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import { Text } from "@chakra-ui/react/text";
import type { Conflict } from "@crawlguard/validators";
import { AssigneeField, useAssigneeName } from "../appointments/appointment-fields";
import { ConflictNotice } from "../appointments/conflict-notice";
import { useReturnFocus } from "../../components/return-focus";

type MoveConflictDialogProps = {
  open: boolean;
  /** "Jo Lee to Tue, Mar 10 at 9:00 AM" */
  what: string;
  conflicts: readonly Conflict[];
  pending: boolean;
  onBookAnyway: () => void;
  /** Leaves the appointment where it was. */
  onCancel: () => void;
  /** Who goes: a user id, blank when unassigned. */
  assignedTo: string;
  meId: string;
  /** Another person chosen: the move is tried again for them. */
  onAssign: (assignedTo: string) => void;
};

/** A dragged appointment's new time clashes: book it anyway, or put it back and pick another time. */
export function MoveConflictDialog({
  open,
  what,
  conflicts,
  pending,
  onBookAnyway,
  onCancel,
  assignedTo,
  meId,
  onAssign,
}: MoveConflictDialogProps) {
  const assigneeName = useAssigneeName(assignedTo);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
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
              <Dialog.Title>Move appointment?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Dialog.Description asChild>
                <Text>Moving {what}.</Text>
              </Dialog.Description>
              <AssigneeField value={assignedTo} onChange={onAssign} meId={meId} />
              <ConflictNotice
                conflicts={conflicts}
                pending={pending}
                onBookAnyway={onBookAnyway}
                onPickAnother={onCancel}
                assigneeName={assigneeName}
              />
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
