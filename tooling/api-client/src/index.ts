import { mkdir, mkdtemp, writeFile, copyFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The TypeScript types openapi-typescript generates from an OpenAPI document (what an integrator runs). */
export async function generateClientTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return astToString(ast);
}

/**
 * A fresh folder under this workspace (so `openapi-fetch` resolves) holding the generated types as
 * api.ts and a copy of the integration program beside them. Answers the folder.
 */
export async function writeClientProgram(types: string): Promise<string> {
  await mkdir(path.join(root, ".generated"), { recursive: true });
  const dir = await mkdtemp(path.join(root, ".generated", "client-"));
  await writeFile(path.join(dir, "api.ts"), types);
  await copyFile(path.join(root, "program", "integration.ts"), path.join(dir, "integration.ts"));
  return dir;
}

/** The compiler's complaints about the program in `dir`, strict, one line each (none: it type-checks). */
export function typecheckProgram(dir: string): string[] {
  const program = ts.createProgram([path.join(dir, "integration.ts")], {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? path.relative(dir, d.file.fileName) : "";
    return `${file}${where ? `:${where.line + 1}:${where.character + 1}` : ""} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

/** The version of TypeScript that checks the program. */
export const typescriptVersion = ts.version;

export { startPrismProxy, violationRecorder, type PrismProxy } from "./prism.js";
