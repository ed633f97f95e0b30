import { defineConfig } from "tsup";

// Workspace packages are TypeScript source: bundle them. Everything else from npm stays external
// (PGlite ships wasm files, argon2 a native addon).
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@crawlguard\//],
  external: [/^(?!@crawlguard\/)[^./]/],
});
