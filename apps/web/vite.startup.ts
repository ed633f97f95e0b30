import { fileURLToPath } from "node:url";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the chunks every page runs at startup (what src/entry-client.tsx
 * imports after the first paint: Chakra's system, the client app and their
 * static imports) with V8's explicit compile hint. Chrome then compiles their
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

const ENTRY = fileURLToPath(new URL("./src/entry-client.tsx", import.meta.url));
const CLIENT_APP = fileURLToPath(new URL("./src/client-app.tsx", import.meta.url));

/**
 * Modules the client app reaches only through index modules that re-export
 * more than it uses (Chakra's component entry points reach Ark UI and Zag,
 * lucide-react's index reaches every icon, the content package's index
 * reaches every page's content). The pages and dialogs that do use them load
 * them with their own chunks.
 */
const REACHED_BUT_UNUSED = [
  /[\\/]node_modules[\\/]@ark-ui[\\/]/,
  /[\\/]node_modules[\\/]@zag-js[\\/]/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
  /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](button[\\/](icon|close)-button|group[\\/]|icons\.js)/,
  /[\\/]packages[\\/]content[\\/]src[\\/](service-details|gallery)\.ts$/,
];

function staticClosure(root: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) throw new Error(`startup chunk: ${id} is not in the build`);
    stack.push(...info.importedIds);
  }
  return seen;
}

type CodeSplittingGroup = {
  name: string | ((id: string, ctx: ChunkingContext) => string | null);
  debugName?: string;
  priority?: number;
};

/**
 * The client app (src/client-app.tsx) as one chunk with what it imports.
 * Left alone, the bundler splits every module the app shares with a lazy
 * route into a chunk of its own: some twenty files of a few hundred bytes,
 * each a request, a module to link and gzip overhead on every page load. The
 * lazy routes import these modules from the app's chunk instead, which every
 * page has loaded anyway.
 *
 * What the entry imports itself, and Vite's dynamic-import helper (which
 * every chunk imports), go first into a small chunk of their own: pulled
 * into the app's chunk as its dependencies, they would make the entry load
 * the whole app before the page has painted.
 */
export function startupChunkGroups(): CodeSplittingGroup[] {
  let entry: Set<string> | undefined;
  let app: Set<string> | undefined;
  const entryModules = (ctx: ChunkingContext) => (entry ??= staticClosure(ENTRY, ctx));
  return [
    {
      debugName: "startup",
      priority: 2,
      name: (id, ctx) => ((entryModules(ctx).has(id) && id !== ENTRY) || id.includes("vite/preload-helper") ? "startup" : null),
    },
    {
      debugName: "client-app",
      priority: 1,
      name: (id, ctx) => {
        app ??= staticClosure(CLIENT_APP, ctx);
        if (!app.has(id) || entryModules(ctx).has(id) || REACHED_BUT_UNUSED.some((pattern) => pattern.test(id))) return null;
        return "client-app";
      },
    },
  ];
}
