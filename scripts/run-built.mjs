// Runs a built entry of the server: `node scripts/run-built.mjs [--build] <name> [args…]`, the
// root scripts `npm start`, `start:built`, `db:backup`, `db:restore` and `mail:preview`.
//
// Production may drop the dev dependencies after building (`npm run build && npm prune
// --omit=dev`): then the build tools are gone, and only the built files in apps/server/dist run.
// So: with `--build` (npm start, mail:preview), build first when the build tools are installed;
// without it, build only when the file is missing (a fresh checkout), never over an existing build
// that a running server may be serving (db:backup on a live machine). The entry is imported into
// this process, so signals (SIGTERM's graceful stop) reach it directly.
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRIES = {
  server: "apps/server/dist/index.js",
  "backup-cli": "apps/server/dist/backup-cli.js",
  "mail-preview": "apps/server/dist/mail-preview.js",
};

const args = process.argv.slice(2);
const build = args[0] === "--build";
if (build) args.shift();
const [name, ...rest] = args;
const relative = ENTRIES[name];
if (!relative) {
  console.error(`usage: node scripts/run-built.mjs [--build] <${Object.keys(ENTRIES).join("|")}> [args…]`);
  process.exit(2);
}
const entry = path.join(ROOT, relative);
// turbo is a dev dependency: present after `npm ci`, gone after `npm prune --omit=dev`.
const canBuild = existsSync(path.join(ROOT, "node_modules", "turbo", "package.json"));

if (canBuild && (build || !existsSync(entry))) {
  const turbo = spawnSync("turbo", ["run", "build", "--filter=@crawlguard/server...", "--output-logs=errors-only"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    shell: process.platform === "win32",
  });
  if (turbo.status !== 0) process.exit(turbo.status ?? 1);
}
if (!existsSync(entry)) {
  console.error(
    `${relative} is not built, and the build tools (dev dependencies) are not installed here. ` +
      "Run `npm ci && npm run build` (then `npm prune --omit=dev` if production should not keep them).",
  );
  process.exit(1);
}

process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(entry).href);
