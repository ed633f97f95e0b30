import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** apps/server, from src/ (run from source) and from dist/ (the build) alike. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = path.resolve(SERVER_DIR, "../..");

/** What is running: the metrics' crawlguard_build_info labels. */
export interface BuildInfo {
  /** The server package's version. */
  version: string;
  /** BUILD_COMMIT, else the checkout's HEAD, else "unknown". */
  commit: string;
  /** process.version, e.g. v24.11.1. */
  node: string;
}

/**
 * The running build. The commit comes from BUILD_COMMIT when the deployment sets it (an image built
 * without its .git), else from the checkout the server runs from, read at start; it is not baked
 * in at build time, because turbo replays a cached build after commits that touch nothing it
 * hashes, and the label would then name an older commit.
 */
export function buildInfo(commitSetting: string | undefined): BuildInfo {
  return { version: packageVersion(), commit: commitSetting ?? gitHead(ROOT) ?? "unknown", node: process.version };
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(SERVER_DIR, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

const isObjectId = (text: string | undefined): text is string => text !== undefined && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text);

/**
 * The commit checked out in `root`, from its .git files (no git program needed): HEAD, the branch
 * it names (loose or packed), also in a worktree, whose .git is a file naming its directory.
 */
export function gitHead(root: string): string | undefined {
  try {
    let gitDir = path.join(root, ".git");
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(gitDir, "utf8"))?.[1];
      if (!pointer) return undefined;
      gitDir = path.resolve(root, pointer.trim());
    }
    const head = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (isObjectId(head)) return head;
    const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
    if (!ref) return undefined;
    const commonFile = path.join(gitDir, "commondir");
    const commonDir = existsSync(commonFile) ? path.resolve(gitDir, readFileSync(commonFile, "utf8").trim()) : gitDir;
    for (const dir of new Set([gitDir, commonDir])) {
      const file = path.join(dir, ref);
      if (existsSync(file)) {
        const loose = readFileSync(file, "utf8").trim();
        if (isObjectId(loose)) return loose;
      }
    }
    for (const line of readFileSync(path.join(commonDir, "packed-refs"), "utf8").split("\n")) {
      const [id, name] = line.trim().split(" ");
      if (name === ref && isObjectId(id)) return id;
    }
    return undefined;
  } catch {
    return undefined;
  }
}
