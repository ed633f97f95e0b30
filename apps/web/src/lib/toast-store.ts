import { createToaster } from "@chakra-ui/react/toast";

/** The toast store, loaded with the toast UI the first time a toast is raised. */
export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
});
