import { Button } from "@chakra-ui/react/button";
import { CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import { type FormEvent, type ReactNode, useState } from "react";
import { useReturnFocus } from "../../components/return-focus";
import { ConfirmDialog } from "./confirm-dialog";

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  /** Called on submit (the button or Enter in a field); the default is prevented. */
  onSubmit: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  size?: "md" | "lg" | "xl";
  /**
   * The form holds edits not yet saved: Escape or a click outside then asks before discarding
   * them (Cancel and the close button are explicit, and close at once).
   */
  dirty?: boolean;
  children: ReactNode;
};

/** True once `value` differs from what it was when the form opened (compared as JSON). */
export function useChangedSinceOpen(value: unknown): boolean {
  const [initial] = useState(() => JSON.stringify(value));
  return JSON.stringify(value) !== initial;
}

/**
 * A dialog holding one form: title, close button, body, Cancel and submit.
 * Focus is trapped inside and Escape closes it (Ark's dialog machine). Full
 * screen on phones, where a centred box would leave no room for the keyboard.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  size = "lg",
  dirty = false,
  children,
}: FormDialogProps) {
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const returnFocus = useReturnFocus(open);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  const askFirst = (event: { preventDefault(): void }) => {
    if (!dirty) return;
    event.preventDefault();
    setConfirmingDiscard(true);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      onEscapeKeyDown={askFirst}
      onInteractOutside={askFirst}
      finalFocusEl={returnFocus}
      size={{ base: "full", md: size }}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen below md; from md up a centred box (undo "full"'s height and square corners). */}
          <Dialog.Content asChild minH={{ md: "auto" }} borderRadius={{ md: "l3" }}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description color="fg.muted">{description}</Dialog.Description> : null}
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" disabled={pending}>
                  {pending ? pendingLabel : submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <ConfirmDialog
        open={confirmingDiscard}
        onClose={() => setConfirmingDiscard(false)}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        pendingLabel="Discard changes"
        pending={false}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      >
        What you entered in “{title}” has not been saved.
      </ConfirmDialog>
    </Dialog.Root>
  );
}
