import { accessSync, constants, mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where test runs keep their throwaway databases and files: memory (Linux's /dev/shm, a tmpfs)
 * where the system has it, otherwise the system's temporary directory. A test database commits
 * with an fsync each time, as a real one does; on a disk those waits and writes were about a third
 * of the API tests' time and CPU on the 2-core machine. CRAWLGUARD_TEST_SCRATCH names another place.
 */
export function scratchRoot(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env["CRAWLGUARD_TEST_SCRATCH"];
  if (chosen) return chosen;
  try {
    accessSync("/dev/shm", constants.W_OK);
    if (statSync("/dev/shm").isDirectory()) return "/dev/shm";
  } catch {
    // No memory-backed directory here.
  }
  return os.tmpdir();
}

/** A new directory of the run's own under `scratchRoot()`; `prefix` names it. */
export function makeScratchDir(prefix: string): string {
  return mkdtempSync(path.join(scratchRoot(), prefix));
}
