import { ChakraProvider } from "@chakra-ui/react/styled-system";
import type { ReactNode } from "react";
import { system } from "../theme/system";

/** Chakra UI with the CrawlGuard system (light mode only). */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
