import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
// The test compares against the whole installed theme, which the app itself must never import.
// eslint-disable-next-line no-restricted-imports
import * as chakraTheme from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { publicRecipes, screenRecipes, themeFiles } from "../../scripts/chakra-theme-source.mjs";

/**
 * Loud checks on the generated Chakra theme (scripts/chakra-theme-source.mjs): a component whose
 * recipe is not generated renders unstyled, without an error anywhere, so these fail instead.
 */
const themeDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(themeDir, "..");
const FIX = "run `npm run generate:theme -w @crawlguard/web`";

/**
 * Component entry points whose recipe has another name than the entry's, or none: InputGroup's
 * start and end elements are styled without a recipe (only its addons use inputAddon, and a
 * file using startAddon/endAddon is checked for that below).
 */
const RECIPE_OF_ENTRY: Record<string, string | null> = { "skip-nav": "skipNavLink", "input-group": null };
const theme = chakraTheme as unknown as Record<string, unknown>;
const generated = new Set([...publicRecipes.recipes, ...publicRecipes.slotRecipes, ...screenRecipes.recipes, ...screenRecipes.slotRecipes]);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : Promise.resolve(/(?<!\.test)\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []),
    ),
  );
  return nested.flat();
}

describe("the generated Chakra theme", () => {
  it.each(Object.keys(themeFiles))("%s is in step with the installed @chakra-ui/react", async (name) => {
    const onDisk = await readFile(path.join(themeDir, name), "utf8");
    expect(onDisk === themeFiles[name], `src/theme/${name} is out of step with @chakra-ui/react: ${FIX}`).toBe(true);
  });

  it("holds the recipe of every Chakra component the app imports", async () => {
    const missing: string[] = [];
    for (const file of await sourceFiles(srcDir)) {
      const text = await readFile(file, "utf8");
      for (const [, entry] of text.matchAll(/from "@chakra-ui\/react\/([a-z-]+)"/g)) {
        const mapped =
          entry! in RECIPE_OF_ENTRY ? RECIPE_OF_ENTRY[entry!] : entry!.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
        if (!mapped) continue;
        const hasRecipe = `${mapped}Recipe` in theme || `${mapped}SlotRecipe` in theme;
        if (hasRecipe && !generated.has(mapped)) missing.push(`${mapped} (${path.relative(srcDir, file)})`);
      }
      if (/\b(start|end)Addon\b/.test(text) && !generated.has("inputAddon")) missing.push(`inputAddon (${path.relative(srcDir, file)})`);
    }
    expect(missing, `add these to scripts/chakra-theme-source.mjs, then ${FIX}`).toEqual([]);
  });

  it("knows every recipe it lists", () => {
    for (const name of [...publicRecipes.recipes, ...screenRecipes.recipes]) expect(`${name}Recipe` in theme, name).toBe(true);
    for (const name of [...publicRecipes.slotRecipes, ...screenRecipes.slotRecipes]) expect(`${name}SlotRecipe` in theme, name).toBe(true);
  });
});
