import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** `source`: packages/testing/src/server-process.ts through tsx (no build needed); `built`: dist/index.js with the web app. */
export type ServerEntry = "source" | "built";

const ENTRY_ARGS: Record<ServerEntry, string[]> = {
  source: ["--import", "tsx", path.join(ROOT, "packages/testing/src/server-process.ts")],
  built: [path.join(ROOT, "apps/server/dist/index.js")],
};

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** How long the process took from spawn until /api/health answered 200. */
  startMs: number;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Its pino log lines at warn level or above (LOG_LEVEL is warn), and anything on stderr. */
  problems(): string[];
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (the graceful stop), SIGKILL after 15 s. Resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal and returns at once (the shutdown test watches what happens meanwhile). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<number | null>;
}

export interface SpawnServerOptions {
  entry?: ServerEntry;
  /** The embedded database's directory (also the place for uploads). */
  dataDir: string;
  /** PostgreSQL; when absent the embedded database under dataDir is used. */
  databaseUrl?: string | undefined;
  /** The port to listen on; a free one when absent. */
  port?: number;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** The Node executable: this process's by default; "node" takes the first on PATH, as npm scripts do. */
  node?: string;
  /** With entry "built": another checkout's dist/index.js (bench/first-paint compares two builds). */
  builtEntry?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server as a child process on loopback and waits until /api/health answers. The
 * child's environment is built here, not inherited piecemeal: a DATABASE_URL in the caller's
 * environment never leaks into an embedded run.
 */
export async function spawnServer(options: SpawnServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    CONTACT_MIN_SUBMIT_MS: "0",
    CONTACT_RATE_LIMIT: "1000",
    // The address it is reached at, as production sets it (without it the server warns at start).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const started = performance.now();
  const args = options.builtEntry ? [options.builtEntry] : ENTRY_ARGS[options.entry ?? "source"];
  const child = spawn(options.node ?? process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  // The channel only tells the child when its parent is gone (see server-process.ts).
  child.channel?.unref();
  let output = "";
  const problems: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const collect = (stream: "stdout" | "stderr") => {
    let partial = "";
    const pipe = child[stream]!;
    pipe.setEncoding("utf8");
    pipe.on("data", (chunk: string) => {
      output += chunk;
      partial += chunk;
      let end: number;
      while ((end = partial.indexOf("\n")) >= 0) {
        const line = partial.slice(0, end).trim();
        partial = partial.slice(end + 1);
        if (line && (stream === "stderr" || isWarning(line))) problems.push(line);
      }
    });
  };
  collect("stdout");
  collect("stderr");

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  try {
    await waitForHealth(url, child, options.startTimeoutMs ?? 90_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`, { cause: err });
  }
  return {
    url,
    port,
    pid: child.pid!,
    startMs: performance.now() - started,
    output: () => output,
    problems: () => [...problems],
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
    stop,
    signal: (name) => void child.kill(name),
    exited,
  };
}

function isWarning(line: string): boolean {
  try {
    const entry = JSON.parse(line) as { level?: unknown };
    return typeof entry.level === "number" && entry.level >= 40;
  } catch {
    return true;
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering /api/health`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}
