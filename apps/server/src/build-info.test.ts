import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInfo, gitHead } from "./build-info.js";

const A = "3f2c1ab0e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9";
const B = "0123456789abcdef0123456789abcdef01234567";

describe("the build's commit", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  const checkout = async (files: Record<string, string>) => {
    const root = await mkdtemp(path.join(os.tmpdir(), "crawlguard-git-"));
    dirs.push(root);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    return root;
  };

  it("reads HEAD: a detached commit, a loose branch, a packed branch", async () => {
    expect(gitHead(await checkout({ ".git/HEAD": `${A}\n` }))).toBe(A);
    expect(gitHead(await checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${A}\n` }))).toBe(A);
    const packed = await checkout({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/packed-refs": `# pack-refs with: peeled\n${B} refs/heads/other\n${A} refs/heads/main\n`,
    });
    expect(gitHead(packed)).toBe(A);
  });

  it("follows a worktree's .git file to its directory and the shared refs", async () => {
    const root = await checkout({
      "main/.git/worktrees/wt/HEAD": "ref: refs/heads/feature\n",
      "main/.git/worktrees/wt/commondir": "../..\n",
      "main/.git/refs/heads/feature": `${B}\n`,
      "wt/.git": "gitdir: ../main/.git/worktrees/wt\n",
    });
    expect(gitHead(path.join(root, "wt"))).toBe(B);
  });

  it("is undefined without a checkout or with a HEAD it cannot read, and BUILD_COMMIT wins", async () => {
    expect(gitHead(await checkout({ "README.md": "no git here" }))).toBeUndefined();
    expect(gitHead(await checkout({ ".git/HEAD": "ref: refs/heads/gone\n" }))).toBeUndefined();
    expect(buildInfo("v1.2.3-rc.1").commit).toBe("v1.2.3-rc.1");
    expect(buildInfo(undefined).node).toBe(process.version);
  });
});
