import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("starts from the environment, prints what to set for the product, and stops on SIGTERM", async () => {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts"], {
    cwd,
    env: {
      ...process.env,
      PORT: "0",
      GOOGLE_CLIENT_ID: "cli-client",
      GOOGLE_CLIENT_SECRET: "cli-secret",
      GOOGLE_EMULATOR_ACCOUNT: "demo@example.test",
    },
  });
  let output = "";
  child.stdout.setEncoding("utf8");
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      const match = /GOOGLE_API_BASE_URL=\S+ GOOGLE_CLIENT_ID=\S+ GOOGLE_CLIENT_SECRET=\S+/.exec(output);
      if (match) resolve(match[0]);
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const url = /GOOGLE_API_BASE_URL=(\S+)/.exec(line)![1]!;
  expect(line).toBe(`GOOGLE_API_BASE_URL=${url} GOOGLE_CLIENT_ID=cli-client GOOGLE_CLIENT_SECRET=cli-secret`);
  expect(await (await fetch(url)).json()).toEqual({ emulator: "google", accountEmail: "demo@example.test", autoApprove: true });

  const exited = once(child, "exit");
  child.kill("SIGTERM");
  expect(await exited).toEqual([0, null]);
});
