/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chakraGlobalCss, chakraLazyGlobal } from "./vite.chakra";
import { startupChunkGroups, startupCompileHints } from "./vite.startup";

const UNUSED_CJS = /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;

// Client: `vite build --outDir dist/client` (index.html is the SSR template).
// Server: `vite build --ssr src/entry-server.tsx --outDir dist/server`, imported by apps/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), chakraGlobalCss(), chakraLazyGlobal(), startupCompileHints()],
  build: {
    target: "es2022",
    // No <link rel="modulepreload"> added from script: the app is three chunks (vite.startup.ts)
    // and adding a link per chunk cost main-thread time right after the first paint.
    modulePreload: false,
    // The server bundle is one module graph loaded once; the browser's is split for startup.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: { codeSplitting: { groups: startupChunkGroups() } },
          // Only emotion's withTheme (unused) reaches these CommonJS modules.
          treeshake: { moduleSideEffects: (id: string) => (UNUSED_CJS.test(id) ? false : undefined) },
        },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    // Test files share their workers' modules (the same React, Chakra and app modules are loaded
    // once per worker, not once per file: 23.6 s → 3.4 s here). A test that needs a module fresh
    // imports it again after vi.resetModules() (theme/system.test.ts).
    isolate: false,
  },
}));
