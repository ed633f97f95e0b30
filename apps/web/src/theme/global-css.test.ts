import { describe, expect, it } from "vitest";
import { renderGlobalCss } from "./global-css";
import { getSystem } from "./system";

describe("global CSS (index.html)", () => {
  const css = renderGlobalCss();

  it("declares the cascade layer order before any layer", () => {
    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
  });

  it("holds the reset, the global styles, the keyframes and the token variables", () => {
    expect(css).toContain("@layer reset{");
    expect(css).toMatch(/html\{[^}]*--chakra-colors-color-palette-solid:var\(--chakra-colors-brand-solid\)/);
    expect(css).toContain("@keyframes spin");
    expect(css).toContain("--chakra-colors-brand-600:#136789");
    expect(css).toContain("--chakra-colors-fg-muted:");
  });

  it("is light-only: no dark-mode variables", () => {
    expect(css).not.toMatch(/\.dark\b/);
  });

  it("uses the same tokens as the app's system", () => {
    expect(css).toContain(`--chakra-colors-accent-700:${getSystem().token("colors.accent.700")}`);
    expect(css).toContain("--chakra-colors-accent-solid:var(--chakra-colors-accent-700)");
  });
});

describe("global CSS for class-styled components", () => {
  it("styles the public gallery's tiles with the theme's tokens", () => {
    const css = renderGlobalCss();
    expect(css).toMatch(/\.cg-gallery-tile\{[^}]*border-radius:var\(--chakra-radii-xl\)/);
    expect(css).toMatch(/\.cg-gallery-tile:focus-visible\{[^}]*outline-color:var\(--chakra-colors-brand-focus-ring\)/);
    expect(css).toMatch(/\.cg-gallery-tile__media>img\{[^}]*aspect-ratio:3\/2/);
    expect(css).toMatch(/\.cg-gallery-tile__category\{[^}]*color:var\(--chakra-colors-accent-700\)/);
  });
});
