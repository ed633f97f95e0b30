// Settings that could never work as meant are refused at start like any bad setting: one JSON log
// line naming the variable (never its value) and exit code 78. A METRICS_TOKEN with a space can
// never be presented in `Authorization: Bearer <token>`; a TRUST_PROXY range as wide as a large
// part of the internet lets its clients choose their own address, as `true` would.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expectRefusedSetting, startEntryUntilExit } from "@crawlguard/testing/start-entry";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "./env.js";

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

  const start = (env: Record<string, string>) => startEntryUntilExit(dataDir!, env);

  it("is one JSON log line naming the variable, without the value, and exit code 78", { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-refused-"));
    const cases: [Record<string, string>, string, string][] = [
      [{ METRICS_TOKEN: "hunter2 secret metrics token" }, "METRICS_TOKEN", "hunter2"],
      [{ TRUST_PROXY: "0.0.0.0/1,128.0.0.0/1" }, "TRUST_PROXY", "0.0.0.0/1"],
    ];
    // One at a time: each is a Node process with tsx, and other test files run beside this one.
    for (const [env, variable, secret] of cases) {
      const exit = await start(env);
      const { stdout } = exit;
      const what = `${JSON.stringify(env)}: ${stdout}${exit.stderr}`;
      const entry = expectRefusedSetting(exit, variable, what);
      // The token is a secret and never logged; a refused TRUST_PROXY entry is named so it can be found.
      if (variable === "METRICS_TOKEN") expect(stdout, what).not.toContain(secret);
      else expect(String(entry.msg), what).toContain(`"${secret}"`);
    }
  });
});
