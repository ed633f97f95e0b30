import { expect } from "vitest";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface EntryExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the production entry (src/index.ts) from source with only these settings, on a free port
 * of 127.0.0.1 in `dataDir`, and resolves when it exits: for settings refused at start.
 */
export function startEntryUntilExit(dataDir: string, env: Record<string, string>): Promise<EntryExit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/index.ts")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Asserts the way every refused setting ends a start: exit code 78, nothing on stderr, and one
 * JSON log line (no stack) that names the variable. Answers that line.
 */
export function expectRefusedSetting({ code, stdout, stderr }: EntryExit, variable: string, what: string): Record<string, unknown> {
  expect(code, what).toBe(78);
  expect(stderr, what).toBe("");
  const lines = stdout.split("\n").filter(Boolean);
  expect(lines, what).toHaveLength(1);
  const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(entry, what).toMatchObject({ level: 60, variable });
  expect(String(entry.msg), what).toContain(variable);
  expect(stdout, what).not.toMatch(/\n\s+at /);
  return entry;
}
