import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/** Owner-only modes of DATA_DIR's contents: nobody else on the machine reads the database, keys or files. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

async function tighten(target: string, mode: number, current: number): Promise<void> {
  if ((current & 0o777) !== mode) await chmod(target, mode);
}

/**
 * Creates `dir` owner-only (0700) or, when it exists, makes it and everything below it
 * owner-only: directories 0700, files 0600 (the embedded database, google-token.key, files/).
 * Runs at every start, so a directory made by an older version or copied with a lax umask is
 * fixed too. Symbolic links are left alone (never followed); sockets and other special files too.
 */
export async function secureDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const top = await lstat(dir);
  if (!top.isDirectory()) throw new Error(`DATA_DIR ${dir} is not a directory`);
  await tighten(dir, PRIVATE_DIR_MODE, top.mode);
  const walk = async (parent: string): Promise<void> => {
    for (const entry of await readdir(parent, { withFileTypes: true })) {
      const target = path.join(parent, entry.name);
      if (entry.isDirectory()) {
        await tighten(target, PRIVATE_DIR_MODE, (await lstat(target)).mode);
        await walk(target);
      } else if (entry.isFile()) {
        await tighten(target, PRIVATE_FILE_MODE, (await lstat(target)).mode);
      }
    }
  };
  await walk(dir);
}
