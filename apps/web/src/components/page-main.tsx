import { chakra, type HTMLChakraProps } from "@chakra-ui/react/styled-system";

/** Target of the skip link in the root layout. */
export const MAIN_CONTENT_ID = "main-content";

/** The `<main>` landmark of a page; the skip link moves focus here. */
export function PageMain(props: HTMLChakraProps<"main">) {
  return <chakra.main id={MAIN_CONTENT_ID} tabIndex={-1} outline="none" {...props} />;
}
