// Settings that could never work as meant are refused at start like any bad setting: one JSON log
// line naming the variable (never its value) and exit code 78. A METRICS_TOKEN with a space can
// never be presented in `Authorization: Bearer <token>`; a TRUST_PROXY range as wide as a large
// part of the internet lets its clients choose their own address, as `true` would.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("METRICS_TOKEN", () => {
  it("takes a token of visible ASCII, trimmed", () => {
    expect(loadEnv({ METRICS_TOKEN: "Abc-123_xyz.~+/=!#$%" }).METRICS_TOKEN).toBe("Abc-123_xyz.~+/=!#$%");
    expect(loadEnv({ METRICS_TOKEN: "  0123456789abcdef\n" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(loadEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
  });

  it.each([["correct horse battery staple"], ["0123456789\tabcdef"], ["0123456789abcdef\n0123"], ["0123456789abcdéfg"]])(
    "refuses %j, which no scraper can send as a bearer token",
    (token) => {
      expect(() => loadEnv({ METRICS_TOKEN: token })).toThrow(
        /Invalid environment: METRICS_TOKEN: METRICS_TOKEN must be .* without spaces/,
      );
    },
  );
});

describe("a refused setting at start", () => {
  let dataDir: string | undefined;
  afterAll(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined));

  /** Starts the production entry (src/index.ts) from source with only these settings. */
  function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

  it("is one JSON log line naming the variable, without the value, and exit code 78", { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-refused-"));
    const cases: [Record<string, string>, string, string][] = [
      [{ METRICS_TOKEN: "hunter2 secret metrics token" }, "METRICS_TOKEN", "hunter2"],
      [{ TRUST_PROXY: "0.0.0.0/1,128.0.0.0/1" }, "TRUST_PROXY", "0.0.0.0/1"],
    ];
    // One at a time: each is a Node process with tsx, and other test files run beside this one.
    for (const [env, variable, secret] of cases) {
      const { code, stdout, stderr } = await start(env);
      const what = `${JSON.stringify(env)}: ${stdout}${stderr}`;
      expect(code, what).toBe(78);
      expect(stderr, what).toBe("");
      const lines = stdout.split("\n").filter(Boolean);
      expect(lines, what).toHaveLength(1);
      const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(entry, what).toMatchObject({ level: 60, variable });
      expect(String(entry.msg), what).toContain(variable);
      expect(stdout, what).not.toMatch(/\n\s+at /);
      // The token is a secret and never logged; a refused TRUST_PROXY entry is named so it can be found.
      if (variable === "METRICS_TOKEN") expect(stdout, what).not.toContain(secret);
      else expect(String(entry.msg), what).toContain(`"${secret}"`);
    }
  });
});
