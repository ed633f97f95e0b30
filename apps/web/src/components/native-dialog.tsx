import { chakra, type HTMLChakraProps } from "@chakra-ui/react/styled-system";
import { useEffect, useRef } from "react";

type NativeDialogProps = Omit<HTMLChakraProps<"dialog">, "open" | "onClose"> & {
  open: boolean;
  /** Called on Escape, on a click on the backdrop, and when the dialog closes for any other reason. */
  onClose: () => void;
};

/**
 * A native modal `<dialog>` for public pages, where a dialog library would cost JavaScript every
 * visitor downloads. `showModal()` makes the page behind it inert, keeps focus inside, closes it
 * with Escape and gives focus back to what opened it; a click on the backdrop closes it too, and
 * the page behind does not scroll while it is open. Name it with `aria-label` or
 * `aria-labelledby`; style it with Chakra props (`_backdrop`, `_open` for an entrance animation).
 */
export function NativeDialog({ open, onClose, children, ...rest }: NativeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, [open]);

  return (
    <chakra.dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      p="0"
      border="none"
      maxW="none"
      bg="white"
      shadow="2xl"
      {...rest}
    >
      {children}
    </chakra.dialog>
  );
}
