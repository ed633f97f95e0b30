import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeScratchDir, scratchRoot, sweepStaleScratch } from "./scratch.js";

describe("the tests' scratch directory", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is CRAWLGUARD_TEST_SCRATCH when given, else memory or the temporary directory", () => {
    expect(scratchRoot({ CRAWLGUARD_TEST_SCRATCH: "/somewhere" })).toBe("/somewhere");
    expect(["/dev/shm", os.tmpdir()]).toContain(scratchRoot({}));
  });

  it("removes the directories of runs whose process is gone, and keeps the living ones' and others'", () => {
    root = mkdtempSync(path.join(os.tmpdir(), "scratch-sweep-"));
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    const names = {
      gone: `crawlguard-tests-${gone}-AbC123`,
      goneE2e: `crawlguard-e2e-bare-${gone}-xYz789`,
      living: `crawlguard-tests-${process.pid}-QrS456`,
      foreign: "someone-else-123-abcdef",
      unnamed: "crawlguard-tests-AbC123",
    };
    for (const name of Object.values(names)) mkdirSync(path.join(root, name));
    sweepStaleScratch(root);
    const left = Object.entries(names).filter(([, name]) => existsSync(path.join(root, name)));
    expect(left.map(([key]) => key)).toEqual(["living", "foreign", "unnamed"]);
  });

  it("makes a directory named for this process under the root", () => {
    root = mkdtempSync(path.join(os.tmpdir(), "scratch-make-"));
    process.env["CRAWLGUARD_TEST_SCRATCH"] = root;
    try {
      const dir = makeScratchDir("crawlguard-tests-");
      expect(path.dirname(dir)).toBe(root);
      expect(path.basename(dir)).toMatch(new RegExp(`^crawlguard-tests-${process.pid}-[A-Za-z0-9]{6}$`));
    } finally {
      delete process.env["CRAWLGUARD_TEST_SCRATCH"];
    }
  });
});
