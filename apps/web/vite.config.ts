/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chakraGlobalCss, chakraLazyGlobal } from "./vite.chakra";
import { startupChunkGroups, startupCompileHints } from "./vite.startup";

// Client: `vite build --outDir dist/client` (index.html is the SSR template).
// Server: `vite build --ssr src/entry-server.tsx --outDir dist/server`, imported by apps/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), chakraGlobalCss(), chakraLazyGlobal(), startupCompileHints()],
  build: {
    target: "es2022",
    modulePreload: false,
    // The browser's startup chunk; the server bundle is one module graph loaded once.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: { codeSplitting: { groups: startupChunkGroups() } },
          treeshake: { moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined) },
        },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
  },
}));
