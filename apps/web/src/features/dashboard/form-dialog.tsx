import { Button } from "@chakra-ui/react/button";
import { CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Portal } from "@chakra-ui/react/portal";
import type { FormEvent, ReactNode } from "react";

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
  children: ReactNode;
};

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
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
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
    </Dialog.Root>
  );
}
