// Gzipped size of the JavaScript every page loads on first visit: the entry
// script of dist/client/index.html, the client app it imports once the page
// has painted (src/entry-client.tsx), and every chunk those import statically.
// Lazy chunks (other routes, auth, dashboard, toasts, parts hydrated on
// scroll) are not counted: bench/lighthouse reports what each page really
// loaded. Run after `npm run build`.
//   node scripts/home-js-size.mjs [--max 150]   (KB, exits 1 when over)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const clientDir = fileURLToPath(new URL("../dist/client/", import.meta.url));
const html = await readFile(`${clientDir}index.html`, "utf8");
const entry = /<script[^>]+type="module"[^>]+src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error("dist/client/index.html has no module entry script");

/** Chunks a built chunk imports: statically, and (for the entry only) dynamically. */
function importsOf(code, dynamic) {
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((match) => match[1]);
  if (dynamic) specifiers.push(...[...code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((match) => match[1]));
  return specifiers;
}

const files = [entry];
for (let index = 0; index < files.length; index++) {
  const code = await readFile(`${clientDir}${files[index]}`, "utf8");
  for (const file of importsOf(code, index === 0)) if (!files.includes(`assets/${file}`)) files.push(`assets/${file}`);
}

let total = 0;
for (const file of files) {
  const size = gzipSync(await readFile(`${clientDir}${file}`), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total (gzip -9)`);

const maxIndex = process.argv.indexOf("--max");
if (maxIndex !== -1) {
  const max = Number(process.argv[maxIndex + 1]);
  if (total / 1024 > max) {
    console.error(`Over the ${max} KB budget.`);
    process.exit(1);
  }
}
