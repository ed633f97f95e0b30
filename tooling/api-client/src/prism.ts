import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/*
 * Stoplight Prism as a validating proxy (`prism proxy`): every call an integration makes goes through
 * it to the real server, and Prism checks the request and the answer against the served OpenAPI
 * document. A call that breaks the document comes back with an `sl-violations` header listing why.
 */

export interface PrismProxy {
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts `prism proxy` for `document` in front of `upstream`; resolves once it answers. */
export async function startPrismProxy(document: object, upstream: string): Promise<PrismProxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-prism-"));
  const file = path.join(dir, "openapi.json");
  await writeFile(file, JSON.stringify(document));
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");
  const child: ChildProcess = spawn(process.execPath, [cli, "proxy", file, upstream, "--host", "127.0.0.1", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/api/health`);
      return { url, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`prism did not start within 60 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A fetch that records every answer's Prism violations (the `sl-violations` header), by call. */
export function violationRecorder(): { fetch: typeof fetch; violations: { call: string; violations: unknown }[]; calls: number } {
  const recorder = {
    violations: [] as { call: string; violations: unknown }[],
    calls: 0,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      recorder.calls += 1;
      const header = response.headers.get("sl-violations");
      if (header) {
        const call = `${request.method} ${new URL(request.url).pathname} → ${response.status}`;
        recorder.violations.push({ call, violations: JSON.parse(header) as unknown });
      }
      return response;
    }) as typeof fetch,
  };
  return recorder;
}
