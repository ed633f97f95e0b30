import { defaultBaseConfig } from "@chakra-ui/react/preset-base";
import { ChakraProvider, createSystem, defineConfig } from "@chakra-ui/react/styled-system";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { EMOTION_CACHE_KEY } from "./emotion-cache";
import { chakraGlobals } from "./chakra-theme.gen";
import { brandConfig } from "./system";
import { galleryTileCss } from "../features/gallery/gallery-tile-css";

/** The reset, global styles and keyframes, on top of the app's theme. */
const globalStyles = defineConfig({
  preflight: true,
  globalCss: {
    ...chakraGlobals.globalCss,
    html: { color: "fg", bg: "bg", lineHeight: "1.5", colorPalette: "brand" },
    body: { minHeight: "100dvh" },
    ...galleryTileCss,
  },
  theme: { keyframes: chakraGlobals.keyframes },
});

/**
 * The CSS Chakra's provider injects for the whole system (the layer order,
 * the reset, global styles, keyframes and every token's CSS variable),
 * rendered once when index.html is built (vite.chakra.ts) instead of on every
 * page request and again in every browser: it is the same for every page.
 * Rendered through Chakra's own provider and emotion's server API, so it is
 * exactly what the provider would have written.
 */
export function renderGlobalCss(): string {
  const system = createSystem(defaultBaseConfig, brandConfig, globalStyles);
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  const emotionServer = createEmotionServer(cache);
  const html = renderToString(
    createElement(CacheProvider, { value: cache }, createElement(ChakraProvider, { value: system, children: null })),
  );
  const globalKey = `${EMOTION_CACHE_KEY}-global`;
  const chunks = emotionServer.extractCriticalToChunks(html).styles.filter((chunk) => chunk.key === globalKey);
  const css = chunks.map((chunk) => chunk.css).join("");
  if (!css.includes("--chakra-colors-brand-600")) throw new Error("Chakra's global CSS has no token variables");
  return css;
}
