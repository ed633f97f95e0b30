import { defineConfig } from "tsup";

// Workspace packages are TypeScript source: bundle them. Everything else from npm stays external
// (PGlite ships wasm files, argon2 a native addon). Besides the server, the command-line tools
// production runs (db:backup / db:restore, mail:preview) are built too: after `npm prune
// --omit=dev` there is no tsx to run their source.
export default defineConfig({
  entry: ["src/index.ts", "src/backup-cli.ts", "src/mail-preview.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@crawlguard\//],
  external: [/^(?!@crawlguard\/)[^./]/],
});
