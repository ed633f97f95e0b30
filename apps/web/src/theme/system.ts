import { defaultBaseConfig } from "@chakra-ui/react/preset-base";
import { createSystem, defineConfig, type RecipeDefinition, type SystemConfig } from "@chakra-ui/react/styled-system";
import { chakraBase, publicRecipes } from "./chakra-theme.gen";

// Bundle budget (home page ≤ 150 KB gzipped JS): the system holds only the
// recipes the app renders, and public pages only those they render.
// - Chakra's tokens and recipes come from chakra-theme.gen.ts (see
//   scripts/generate-chakra-theme.mjs), never from "@chakra-ui/react/theme"
//   or the package root, which pull every Chakra recipe into the main bundle.
// - Import components from their entry points: "@chakra-ui/react/button".
// - A recipe only signed-in screens use is registered by their chunk
//   (screen-recipes.ts). A component whose recipe is missing renders unstyled.

const fallbackFonts = `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif`;

/** A palette's semantic slots, the shape Chakra recipes read through `colorPalette`. */
function paletteSemantics(name: string, solid: string, contrast = "white") {
  return {
    contrast: { value: contrast },
    fg: { value: `{colors.${name}.700}` },
    subtle: { value: `{colors.${name}.50}` },
    muted: { value: `{colors.${name}.100}` },
    emphasized: { value: `{colors.${name}.200}` },
    solid: { value: `{colors.${name}.${solid}}` },
    focusRing: { value: `{colors.${name}.500}` },
    border: { value: `{colors.${name}.500}` },
  };
}

const { tokens, semanticTokens, cssVarsPrefix, cssVarsRoot, ...styles } = chakraBase;

/**
 * A solid button under the pointer (or with its menu open) turns a tenth darker. Chakra fades it
 * to 90 % over the page instead, which took white text under 4.5:1 on the accent calls to action
 * (4.42:1, "Free Estimate"), on red and on blue; darker only adds contrast.
 */
const solidHover = { bg: "color-mix(in srgb, var(--chakra-colors-color-palette-solid) 90%, black)" };

function withDarkerSolidHover(recipes: Record<string, RecipeDefinition> | undefined): Record<string, RecipeDefinition> {
  const button = recipes?.["button"];
  if (!button) return { ...recipes };
  const variant = button.variants?.["variant"] ?? {};
  const solid = { ...variant["solid"], _hover: solidHover, _expanded: solidHover };
  return { ...recipes, button: { ...button, variants: { ...button.variants, variant: { ...variant, solid } } } };
}

/**
 * The CrawlGuard theme as the running app needs it. The global CSS (reset,
 * global styles, keyframes, token variables) is not built at run time: it is
 * rendered once into index.html (global-css.ts), so its config lives there.
 */
export const brandConfig = defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  theme: {
    ...styles,
    tokens: {
      ...tokens,
      fonts: {
        heading: { value: fallbackFonts },
        body: { value: fallbackFonts },
        mono: tokens?.fonts?.["mono"] ?? { value: "monospace" },
      },
      colors: {
        ...tokens?.colors,
        // Trustworthy deep teal-blue: water, dry foundations.
        brand: {
          50: { value: "#e8f4f8" },
          100: { value: "#c6e3ed" },
          200: { value: "#9ccfe0" },
          300: { value: "#68b4cf" },
          400: { value: "#3a98ba" },
          500: { value: "#1d7ea3" },
          600: { value: "#136789" },
          700: { value: "#0f546f" },
          800: { value: "#0d4459" },
          900: { value: "#0b3546" },
          950: { value: "#06222e" },
        },
        // Warm accent for calls to action.
        accent: {
          50: { value: "#fff7ed" },
          100: { value: "#ffedd5" },
          200: { value: "#fed7aa" },
          300: { value: "#fdba74" },
          400: { value: "#fb923c" },
          500: { value: "#f97316" },
          600: { value: "#ea580c" },
          700: { value: "#c2410c" },
          800: { value: "#9a3412" },
          900: { value: "#7c2d12" },
          950: { value: "#431407" },
        },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens?.colors,
        brand: paletteSemantics("brand", "600"),
        accent: paletteSemantics("accent", "700"),
        // WCAG 2.2 AA (checked with axe): Chakra's defaults give white on orange.600 3.55:1 ("Book
        // anyway"), white on green.600 3.29:1 (the gallery's "Published" badge) and red.500 text
        // 3.76:1 (an upload's error). One shade darker passes 4.5:1 everywhere these are used.
        fg: {
          ...semanticTokens?.colors?.["fg"],
          error: { value: "{colors.red.700}" },
          warning: { value: "{colors.orange.700}" },
          success: { value: "{colors.green.700}" },
        },
        orange: { ...semanticTokens?.colors?.["orange"], solid: { value: "{colors.orange.700}" } },
        green: { ...semanticTokens?.colors?.["green"], solid: { value: "{colors.green.700}" } },
      },
    },
    recipes: withDarkerSolidHover(publicRecipes.recipes),
    slotRecipes: { ...publicRecipes.slotRecipes },
  },
});

type System = ReturnType<typeof createSystem>;
let built: System | undefined;

/**
 * Chakra's system, built on first use. Building it is the costliest step of
 * starting the app in the browser (~25 ms of a phone's main thread), so the
 * client builds it in a task of its own (client-app.tsx) rather than while its
 * modules load.
 */
export function getSystem(): System {
  return (built ??= createSystem(defaultBaseConfig, brandConfig));
}

type Theme = NonNullable<SystemConfig["theme"]>;
export type LazyRecipes = Pick<Theme, "recipes" | "slotRecipes">;

/**
 * Adds recipes from a lazy chunk. Call it at the top level of the chunk's
 * module, so it runs before the chunk's components render (on the server,
 * too: route chunks load before rendering). Chakra looks a recipe up by key
 * in the system's theme on first use, so a key added before that works like
 * one given to createSystem; system.test.ts guards this against upgrades.
 * Idempotent.
 */
export function registerRecipes({ recipes, slotRecipes }: LazyRecipes): void {
  const theme = (getSystem()._config.theme ??= {});
  if (recipes) theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  if (slotRecipes) theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}
