import { describe, expect, it, vi } from "vitest";
import { screenRecipes } from "./chakra-screen-recipes.gen";

// A system of its own, fresh: test files share modules (vitest runs them without isolation), and
// the dashboard's chunks imported by other files register their recipes on the shared one.
vi.resetModules();
const { getSystem, registerRecipes } = await import("./system");
const system = getSystem();

describe("system", () => {
  it("holds only the recipes public pages use", () => {
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual([
      "button",
      "container",
      "heading",
      "link",
      "skipNavLink",
      "spinner",
    ]);
    expect(system.isSlotRecipe("tabs")).toBe(false);
  });

  it("resolves recipes registered later by lazy chunks", () => {
    registerRecipes(screenRecipes);
    expect(system.isRecipe("input")).toBe(true);
    expect(system.isSlotRecipe("tabs")).toBe(true);
    const tabs = system.getSlotRecipeFn("tabs")({});
    expect(tabs.trigger).not.toEqual({});
    const input = system.getRecipeFn("input")({});
    expect(input).not.toEqual({});
  });

  it("darkens a solid button under the pointer instead of fading it (white on the faded accent was 4.42:1)", () => {
    const solid = system._config.theme?.recipes?.["button"]?.variants?.["variant"]?.["solid"] as { _hover?: { bg?: string } } | undefined;
    expect(solid?._hover?.bg).toBe("color-mix(in srgb, var(--chakra-colors-color-palette-solid) 90%, black)");
  });

  it("defines the brand and accent palettes", () => {
    expect(system.token("colors.brand.600")).toBe("#136789");
    expect(system.token.var("colors.accent.solid")).toBe("var(--chakra-colors-accent-solid)");
  });
});
