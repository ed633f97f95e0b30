import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
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

/** A scratch directory's name: its prefix, the process that made it, and mkdtemp's six characters. */
const SCRATCH_NAME = /^crawlguard-[a-z0-9-]+?-(\d+)-[A-Za-z0-9]{6}$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the scratch directories of runs whose process is gone: a run stopped from outside (Ctrl-C,
 * a task runner ending it after another task failed) never gets to remove its own, and in memory
 * they would hold the machine's RAM until it restarts.
 */
export function sweepStaleScratch(root: string = scratchRoot()): void {
  for (const name of readdirSync(root)) {
    const owner = SCRATCH_NAME.exec(name)?.[1];
    if (owner && !isRunning(Number(owner))) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/** A new directory of this process's own under `scratchRoot()`, named `<prefix><pid>-XXXXXX`. */
export function makeScratchDir(prefix: string): string {
  const root = scratchRoot();
  sweepStaleScratch(root);
  return mkdtempSync(path.join(root, `${prefix}${process.pid}-`));
}
