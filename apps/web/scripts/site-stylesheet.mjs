// The site stylesheet: the CSS every public page used to carry inline, as one
// content-hashed file the browser keeps (`/assets/site-<hash>.css`, served immutable). Runs after
// both builds (`npm run build`):
//   - Chakra's global CSS (reset, global styles, keyframes, token variables), which vite.chakra.ts
//     wrote into dist/client/index.html as <style data-chakra-global>, and
//   - every emotion style of the public pages (STYLESHEET_PAGES of the server bundle, each rendered
//     once here), in the order the pages first write them,
// then a last rule that lists those styles' names (SITE_STYLESHEET_NAMES: the browser's emotion cache reads it, so it
// inserts none of them again: src/theme/emotion-cache.ts). index.html links the file in place of
// the inline <style>; dist/server/site-stylesheet.json tells the server which styles the file holds
// (a render leaves those out of the page's inline <style>; one a page uses that is not in the file,
// e.g. for data only known at run time, stays inline).
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

const distDir = fileURLToPath(new URL("../dist/", import.meta.url));
const templateFile = `${distDir}client/index.html`;
const GLOBAL_STYLE = /<style data-chakra-global>([\s\S]*?)<\/style>/;

const template = await readFile(templateFile, "utf8");
const globalCss = GLOBAL_STYLE.exec(template)?.[1];
if (!globalCss) throw new Error("dist/client/index.html has no <style data-chakra-global> (run vite build first)");

const { render, STYLESHEET_PAGES, SITE_STYLESHEET_NAMES } = await import(pathToFileURL(`${distDir}server/entry-server.js`).href);
const styles = new Map();
for (const url of STYLESHEET_PAGES) {
  const page = await render({ url, template, publicUrl: "https://stylesheet.invalid" });
  if (page.status !== 200 || !page.styles) throw new Error(`${url}: status ${page.status} while building the site stylesheet`);
  for (const { name, css } of page.styles) if (!styles.has(name)) styles.set(name, css);
}
if (styles.size === 0) throw new Error("the public pages rendered no emotion styles");
const names = [...styles.keys()];
if (names.some((name) => !/^[\w-]+$/.test(name))) throw new Error("an emotion style name that is not letters, digits, - or _");

const css = `${globalCss}${[...styles.values()].join("")}${SITE_STYLESHEET_NAMES.selector}{${SITE_STYLESHEET_NAMES.property}:"${names.join(" ")}"}`;
const hash = createHash("sha256").update(css).digest("base64url").slice(0, 10);
const href = `/assets/site-${hash}.css`;
await writeFile(`${distDir}client${href}`, css);
await writeFile(
  templateFile,
  template.replace(GLOBAL_STYLE, () => `<link rel="stylesheet" href="${href}" data-cg-sheet>`),
);
// globalCssLength: where Chakra's global CSS ends in the file (bench/public compares the pages with it inline).
const manifest = { href, styles: names, globalCssLength: globalCss.length };
await writeFile(`${distDir}server/site-stylesheet.json`, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${href}: ${(css.length / 1024).toFixed(1)} KB (${names.length} page styles + Chakra's global CSS)`);
