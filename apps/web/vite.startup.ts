import { fileURLToPath } from "node:url";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the chunks every page runs at startup (what src/entry-client.tsx
 * imports after the first paint: the client app's chunk and its static
 * imports) with V8's explicit compile hint. Chrome then compiles their
 * functions while the file downloads, on a background thread, instead of on
 * the main thread the first time each one runs, which is nearly all of them
 * during hydration. Browsers without the hint read a comment.
 */
export function startupCompileHints(): Plugin {
  return {
    name: "crawlguard:startup-compile-hints",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "post",
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file): file is OutputChunk => file.type === "chunk" && file.isEntry);
      if (!entry) this.error("startup-compile-hints: the build has no entry chunk");
      const startup = startupChunks(entry, bundle);
      if (startup.length === 0) this.error("startup-compile-hints: the entry imports no chunk after the first paint");
      // Each stage must be a chunk the entry imports by itself, or its evaluation joins the app's.
      for (const { chunk } of STARTUP_STAGES) {
        const staged = entry.dynamicImports.some((fileName) => (bundle[fileName] as OutputChunk | undefined)?.name === chunk);
        if (!staged) this.error(`startup-compile-hints: src/entry-client.tsx does not import the "${chunk}" stage by itself`);
      }
      for (const chunk of startup) {
        chunk.code = HINT + chunk.code;
        // The hint is one more line at the top: shift the source map to match.
        const map = bundle[`${chunk.fileName}.map`];
        if (map?.type === "asset" && typeof map.source === "string") {
          const json = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  };
}

/** The chunks the entry's dynamic imports load, with all their static imports. */
function startupChunks(entry: OutputChunk, bundle: OutputBundle): OutputChunk[] {
  const seen = new Set<string>([entry.fileName]);
  const chunks: OutputChunk[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== "chunk") return;
    seen.add(fileName);
    chunks.push(chunk);
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  return chunks;
}

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

type CodeSplittingGroup = {
  name: string | ((id: string, ctx: ChunkingContext) => string | null);
  debugName?: string;
  priority?: number;
};

const ENTRY = fileURLToPath(new URL("./src/entry-client.tsx", import.meta.url));
const CLIENT_APP = fileURLToPath(new URL("./src/client-app.tsx", import.meta.url));

/**
 * The libraries the app starts with, each a chunk the entry imports (and so evaluates) in a task
 * of its own before the app's: evaluated all at once they were one long task.
 */
const STARTUP_STAGES = [
  { chunk: "react", modules: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { chunk: "router", modules: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/ },
] as const;

/**
 * The client app (src/client-app.tsx) as one chunk with everything it uses
 * but React and the router, which are chunks of their own (STARTUP_STAGES).
 * Left alone, the bundler splits every module the app shares with a lazy
 * route into a chunk of its own: some twenty files of a few hundred bytes,
 * each a request, a module to link and gzip overhead on every page load.
 * The group captures the app module and, through the bundler's own
 * dependency tracking, what it really uses; lazy routes then import those
 * modules from the app's chunk, which every page has loaded anyway.
 *
 * What the entry imports itself, and Vite's dynamic-import helper (which
 * every chunk imports), go first into a small chunk of their own: pulled
 * into the app's chunk as its dependencies, they would make the entry load
 * the whole app before the page has painted.
 */
export function startupChunkGroups(): CodeSplittingGroup[] {
  let entryImports: ReadonlySet<string> | undefined;
  return [
    {
      debugName: "startup",
      priority: 2,
      name: (id, ctx) => {
        entryImports ??= new Set(ctx.getModuleInfo(ENTRY)?.importedIds ?? []);
        return entryImports.has(id) || id.includes("vite/preload-helper") ? "startup" : null;
      },
    },
    ...STARTUP_STAGES.map(({ chunk, modules }) => ({
      debugName: chunk,
      priority: 1.5,
      name: (id: string) => (modules.test(id) ? chunk : null),
    })),
    { debugName: "client-app", priority: 1, name: (id) => (id === CLIENT_APP ? "client-app" : null) },
  ];
}
