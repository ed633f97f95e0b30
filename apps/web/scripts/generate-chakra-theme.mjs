// Writes src/theme/chakra-theme.gen.ts and src/theme/chakra-screen-recipes.gen.ts from the
// installed @chakra-ui/react (see chakra-theme-source.mjs for what and why).
//   npm run generate:theme -w @crawlguard/web
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { themeFiles } from "./chakra-theme-source.mjs";

const dir = new URL("../src/theme/", import.meta.url);
for (const [name, text] of Object.entries(themeFiles)) await writeFile(fileURLToPath(new URL(name, dir)), text);
console.log(
  `wrote ${Object.keys(themeFiles)
    .map((name) => `src/theme/${name}`)
    .join(" and ")}`,
);
