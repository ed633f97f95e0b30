import { Portal } from "@chakra-ui/react/portal";
import { Stack } from "@chakra-ui/react/stack";
import { Toast, Toaster } from "@chakra-ui/react/toast";
import { toaster } from "../lib/toast-store";
import { useSwipeToDismiss } from "./swipe-to-dismiss";
import "../theme/screen-recipes";

/** Renders the toasts raised with `showToast`; mounted once in the root layout. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => <AppToast toast={toast} />}
      </Toaster>
    </Portal>
  );
}

type ToastProps = Parameters<Parameters<typeof Toaster>[0]["children"]>[0];

/** One toast: swiped 50 px sideways (or its close button) dismisses it. */
function AppToast({ toast }: { toast: ToastProps }) {
  const swipe = useSwipeToDismiss(() => toaster.dismiss(toast.id));
  return (
    <Toast.Root width={{ md: "sm" }} touchAction="pan-y" {...swipe}>
      <Toast.Indicator />
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
        {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
      </Stack>
      {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
      {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
    </Toast.Root>
  );
}
