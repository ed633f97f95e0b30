import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@crawlguard/api";
import { describe, expect, it } from "vitest";

/**
 * The repository speaks for itself: no comment, test name, doc or served API description sends a
 * reader to something they cannot open here, such as an issue tracker's numbers or the
 * specification the product was first built from. The product's rules are in docs/product.md,
 * cited by section title; the reasons for technical choices are in the ADRs of docs/decisions/,
 * the one place that may keep issue numbers as history.
 *
 * The words are matched case-sensitively, so a Playwright spec file (`*.spec.ts`), a test spec or
 * "specific" is not a reference.
 */
export const OUTSIDE_REFERENCE = /\bSPEC\b|§|\b[Ii]ssue #?\d+|\(#\d+[\s),;:]/;

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SCOPE = ["apps", "packages", "tooling", "bench", "scripts", "docs", "README.md"];
/** What .gitignore leaves out (built, cached or local files), and what may keep history. */
const SKIPPED_DIRS = new Set([".git", "node_modules", "dist", ".turbo", ".data", "test-results", "playwright-report", "mail-preview"]);
const SKIPPED_PATHS = new Set(["docs/decisions", "patches", "bench/results", "package-lock.json"]);
/** This file: its examples of what is refused below would be found in it. */
const SELF = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join("/");

function repositoryFiles(relative: string): string[] {
  if (SKIPPED_PATHS.has(relative) || relative === SELF) return [];
  const full = path.join(ROOT, relative);
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) return [];
    if (entry.isFile() && (entry.name.endsWith(".tsbuildinfo") || entry.name === ".env")) return [];
    return entry.isDirectory() || entry.isFile() ? repositoryFiles(`${relative}/${entry.name}`) : [];
  });
}

/** `file:line: text` for each line of a text file that cites something outside the repository. */
export function outsideReferences(files: string[]): string[] {
  return files.flatMap((file) => {
    const bytes = readFileSync(path.join(ROOT, file));
    if (bytes.includes(0)) return [];
    return bytes
      .toString("utf8")
      .split("\n")
      .flatMap((line, i) => (OUTSIDE_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  });
}

/** Every string of `value` (descriptions, summaries, examples) that cites something outside, with where it is. */
function referencesIn(value: unknown, where = "#"): string[] {
  if (typeof value === "string") return OUTSIDE_REFERENCE.test(value) ? [`${where}: ${value}`] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(OUTSIDE_REFERENCE.test(key) ? [`${where}: key ${key}`] : []),
    ...referencesIn(inner, `${where}/${key}`),
  ]);
}

describe("references to documents outside the repository", () => {
  const files = SCOPE.flatMap(repositoryFiles);

  it("looks at the code, the docs and the README (the check below looks at something)", () => {
    expect(files.length).toBeGreaterThan(500);
    for (const known of [
      "README.md",
      "docs/product.md",
      "apps/server/src/app.ts",
      "apps/web/e2e/fixtures.ts",
      "packages/api/src/openapi.ts",
    ]) {
      expect(files).toContain(known);
    }
    expect(files.some((file) => file.startsWith("docs/decisions/"))).toBe(false);
  });

  it("are not made outside docs/decisions: say what the rule is, or cite docs/product.md by section title", () => {
    expect(outsideReferences(files)).toEqual([]);
  });

  it("are not made in the served API document", () => {
    expect(referencesIn(buildOpenApiDocument("http://localhost:3000"))).toEqual([]);
  });

  it("are recognised, and Playwright specs and ordinary words are not (the check can fail)", () => {
    for (const reference of [
      "SPEC's texts",
      "the SPEC",
      "(SPEC §4)",
      "docs/product.md §9",
      "(issue 22 §3)",
      "Issue #9:",
      "(#14)",
      "(#9 defect 8)",
    ]) {
      expect(OUTSIDE_REFERENCE.test(reference), reference).toBe(true);
    }
    for (const word of [
      "e2e/auth.spec.ts",
      "this spec starts",
      "a test spec",
      "specific",
      "Specification",
      "&#39;",
      "#ef4444",
      "issues",
      "[Error catalogue](#8-error-catalogue)",
    ]) {
      expect(OUTSIDE_REFERENCE.test(word), word).toBe(false);
    }
  });
});
