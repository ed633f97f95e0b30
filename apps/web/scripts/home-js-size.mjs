// Gzipped size of the JavaScript the home page loads on first visit: the entry
// script of dist/client/index.html, the modules it preloads, and the client
// app the entry imports once the page has painted (src/entry-client.tsx; the
// entry's preload list names its files). Lazy chunks (other routes, auth,
// dashboard, toasts, parts hydrated on scroll) are not counted. Run after `npm run build`.
//   node scripts/home-js-size.mjs [--max 150]   (KB, exits 1 when over)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const clientDir = fileURLToPath(new URL("../dist/client/", import.meta.url));
const html = await readFile(`${clientDir}index.html`, "utf8");
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((match) => match[1]);

// The entry's dynamic import of the client app, with the files Vite preloads for it.
const entry = files[0] ? await readFile(`${clientDir}${files[0]}`, "utf8") : "";
const deferredDeps = /m\.f=\[([^\]]*)\]/.exec(entry)?.[1] ?? "";
for (const [, file] of deferredDeps.matchAll(/"([^"]+\.js)"/g)) if (!files.includes(file)) files.push(file);

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
