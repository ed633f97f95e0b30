import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No module of the server or of a package imports itself back through others,
 * counting type imports, re-exports and lazy `import()`s: a circle makes load order matter (an
 * import is undefined while its module is still evaluating) and ties parts together that should
 * not know each other. The web app has its own check (apps/web/src/import-cycles.test.ts).
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const PACKAGES = readdirSync(path.join(ROOT, "packages"));
const DIRS = [path.join(ROOT, "apps/server/src"), ...PACKAGES.map((p) => path.join(ROOT, "packages", p, "src"))].filter((d) =>
  existsSync(d),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "import-cycle-fixture" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** A relative specifier as TypeScript resolves it under NodeNext: `./x.js` names `./x.ts`. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function importCycles(files: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => resolveImport(file, (m[1] ?? m[2])!));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe("the server's and the packages' modules", () => {
  const files = DIRS.flatMap(sourceFiles);

  it("are found (the check below looks at something)", () => {
    expect(files.length).toBeGreaterThan(80);
    for (const known of ["apps/server/src/web.ts", "packages/api/src/context.ts", "packages/db/src/embedded.ts"]) {
      expect(files).toContain(path.join(ROOT, known));
    }
  });

  it("import one another without circles", () => {
    expect(importCycles(files)).toEqual([]);
  });

  it("a circle is found when there is one (the check can fail)", () => {
    // Like packages/api's context.ts → google-calendar/google-calendar.ts → context.ts, which was one.
    const here = path.join(import.meta.dirname, "import-cycle-fixture");
    const found = importCycles([path.join(here, "a.ts"), path.join(here, "b.ts")]);
    expect(found).toHaveLength(1);
    expect(found[0]!.map((f) => path.basename(f))).toEqual(["a.ts", "b.ts", "a.ts"]);
  });
});
