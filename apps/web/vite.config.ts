/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Client: `vite build --outDir dist/client` (index.html is the SSR template).
// Server: `vite build --ssr src/entry-server.tsx --outDir dist/server`, imported by apps/server.
export default defineConfig({
  plugins: [react()],
  build: {
    target: "es2022",
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
