import { ChakraProvider } from "@chakra-ui/react/styled-system";
import type { ReactNode } from "react";
import { getSystem } from "../theme/system";

/**
 * The system as the provider sees it: without the global CSS (the reset,
 * global styles, token variables and the cascade layer order), which
 * index.html already carries (vite.chakra.ts). The provider would otherwise
 * serialise and hash those ~40 KB of CSS on every server render and again in
 * the browser, and re-insert them there. A prototype view, so reading it
 * never computes `_global`; `disableLayers` here only stops the provider from
 * writing the layer order again (the system still uses its layers).
 */
let provided: ReturnType<typeof getSystem> | undefined;
function providedSystem() {
  const system = getSystem();
  return (provided ??= Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as typeof system);
}

/** Chakra UI with the CrawlGuard system (light mode only). */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem()}>{children}</ChakraProvider>;
}
