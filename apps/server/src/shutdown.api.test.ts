// Restarts that drop nothing (ADR 021): SIGTERM sent to a real server process during a
// slow upload and during a stream of keep-alive writes. Every acknowledged write must be stored,
// no client may see its connection reset (a refused new connection is fine: nothing was sent on
// it), readiness answers 503 while the server drains, and the process exits 0.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { imageOf } from "@crawlguard/testing/images";
import { DRAIN_IDLE_MARGIN_MS, KEEP_ALIVE_HINT_MS } from "./shutdown.js";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { seededRandom, streamWrites, WriteLedger } from "@crawlguard/testing/write-stream";

const embedded = !process.env.TEST_DATABASE_URL;
const SEED = Number(process.env.SHUTDOWN_SEED ?? Date.now() % 100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no pool): what a load balancer's probe does. */
function request(url: string, options: http.RequestOptions = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A PUT whose body arrives in two parts: the first now, the rest when `finish` is called. */
function slowPut(url: string, bytes: Buffer, headers: Record<string, string>) {
  let finish!: () => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "PUT",
        agent: false,
        headers: { "content-type": "application/octet-stream", "content-length": String(bytes.length), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const half = Math.floor(bytes.length / 2);
    req.write(bytes.subarray(0, half));
    finish = () => req.end(bytes.subarray(half));
  });
  return { answer, finish: () => finish() };
}

/**
 * A keep-alive connection driven by hand, as a proxy does: it ignores the `Keep-Alive: timeout`
 * hint, so only the server decides when it closes. `get` sends one request and resolves with the
 * answer (its body sized by content-length); `closedAt` resolves when the connection ends.
 */
async function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffer = Buffer.alloc(0);
  let waiting: { resolve: (answer: Answer) => void; reject: (err: Error) => void } | null = null;
  const closedAt = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  const parse = () => {
    const end = buffer.indexOf("\r\n\r\n");
    if (!waiting || end < 0) return;
    const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers: http.IncomingHttpHeaders = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const body = buffer.subarray(end + 4, end + 4 + length).toString("utf8");
    buffer = buffer.subarray(end + 4 + length);
    const done = waiting;
    waiting = null;
    done.resolve({ status: Number(statusLine!.split(" ")[1]), headers, body });
  };
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    parse();
  });
  socket.on("error", (err) => waiting?.reject(err));
  socket.on("close", () => waiting?.reject(new Error("the connection closed before the answer")));
  return {
    closedAt,
    get(path: string): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      });
    },
  };
}

/** Every log line of the process is JSON. */
function nonJsonLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
}

describe(`SIGTERM (${embedded ? "embedded database" : "PostgreSQL"}, seed ${SEED})`, () => {
  let testDb: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await testDb?.drop();
    testDb = undefined;
  });

  it(
    "lets a slow upload finish, answers readiness 503 and Connection: close meanwhile, serves an idle connection's next request, exits 0",
    { timeout: 120_000 },
    async () => {
      testDb = await createTestDatabase();
      const start = (port?: number) =>
        spawnServer({
          dataDir: testDb!.dataDir,
          databaseUrl: testDb!.databaseUrl,
          port,
          env: { LOG_LEVEL: "info", SHUTDOWN_GRACE_SECONDS: "20" },
        });
      server = await start();
      const { port } = server;
      const admin = new ApiClient(server.url);
      expect((await admin.call("rest", "auth.register", newAccount("drain"))).status).toBe(200);
      const bytes = await imageOf("png", 1200, 900);
      const ticket = await admin.call("rest", "gallery.upload", { fileName: "slow.png", size: bytes.length });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);

      // Two keep-alive connections that are idle when the signal comes. The server must not cut
      // either under a client that may still send on it: one is used during the drain (answered, with
      // Connection: close), the other never again (closed by the server, but not before it has been
      // idle longer than the keep-alive timeout it advertised).
      const used = await rawConnection(port);
      const unused = await rawConnection(port);
      const warm = await used.get("/api/health/ready");
      expect(warm.status).toBe(200);
      expect(warm.headers.connection).toBe("keep-alive");
      expect(warm.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_HINT_MS / 1000}`);
      expect((await unused.get("/api/health/live")).headers.connection).toBe("keep-alive");
      const unusedIdleFrom = Date.now();

      // The upload's first half is in; then SIGTERM.
      const put = slowPut(ticket.body.uploadURL as string, bytes, ticket.body.headers as Record<string, string>);
      await sleep(300);
      const signalledAt = Date.now();
      server.signal("SIGTERM");

      // Readiness says 503 at once (within 2 s), on a new connection, and closes it.
      let ready: Answer | undefined;
      for (let i = 0; i < 40; i++) {
        ready = await request(`${server.url}/api/health/ready`);
        if (ready.status === 503) break;
        await sleep(25);
      }
      expect(ready!.status).toBe(503);
      expect(Date.now() - signalledAt).toBeLessThan(2000);
      expect(JSON.parse(ready!.body)).toMatchObject({ status: "not ready", checks: { draining: "yes" } });
      expect(ready!.headers.connection).toBe("close");
      // Liveness still answers (the process works; it is only leaving), with Connection: close.
      const live = await request(`${server.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe("close");
      // The connection idle since before the signal still carries a request, answered with
      // Connection: close, after which the server closes it.
      const reused = await used.get("/api/health/live");
      expect(reused.status).toBe(200);
      expect(reused.headers.connection).toBe("close");
      await used.closedAt;

      // The upload in flight finishes, told not to reuse its connection; then the process exits 0.
      await sleep(700);
      put.finish();
      const stored = await put.answer;
      expect(stored.status, stored.body).toBe(200);
      expect(stored.headers.connection).toBe("close");
      expect(await server.exited).toBe(0);
      // The connection nobody used again was closed by the server, not before the keep-alive timeout
      // it advertised had passed (plus the margin, less the answer's way to the client), and well
      // before the grace was over.
      const unusedClosedAt = await unused.closedAt;
      expect(unusedClosedAt - unusedIdleFrom).toBeGreaterThanOrEqual(KEEP_ALIVE_HINT_MS + DRAIN_IDLE_MARGIN_MS / 2);
      expect(unusedClosedAt - signalledAt).toBeLessThan(15_000);
      expect(server.problems(), "warnings or errors during the drain").toEqual([]);
      expect(nonJsonLines(server.output()), "log lines that are not JSON").toEqual([]);
      expect(server.output()).toMatch(/"msg":"stopped"/);

      // The bytes it acknowledged were kept: the upload completes on the next start.
      server = await start(port);
      const done = await admin.call("rest", "gallery.completeUpload", { uploadId: ticket.body.uploadId });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    },
  );

  it(
    "during a stream of keep-alive writes: every acknowledged write stored, no connection reset, exit 0",
    { timeout: 120_000 },
    async () => {
      testDb = await createTestDatabase();
      const start = (port?: number) =>
        spawnServer({ dataDir: testDb!.dataDir, databaseUrl: testDb!.databaseUrl, port, env: { LOG_LEVEL: "info" } });
      server = await start();
      const { port } = server;
      const staff = new ApiClient(server.url);
      expect((await staff.call("rest", "auth.register", newAccount("stream"))).status).toBe(200);
      const ledger = new WriteLedger(seededRandom(SEED), "drain.example");
      await ledger.createLeads(staff, 12);

      // How each failed request failed: a refused new connection is expected once the server stops
      // listening; a reset or a connection closed under a sent request is what must not happen.
      const failures: string[] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
        try {
          return await realFetch(...args);
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          failures.push(cause?.code ?? cause?.message ?? String(err));
          throw err;
        }
      };
      try {
        const acked = () => Object.values(ledger.counts.acked).reduce((a, b) => a + b, 0);
        let ended = false;
        const stream = streamWrites(ledger, staff, { workers: 6, stopped: () => ended, tagPrefix: "t" });
        const until = Date.now() + 30_000;
        while (acked() < 40 && Date.now() < until) await sleep(20);
        const ackedBefore = acked();
        server.signal("SIGTERM");
        const code = await server.exited;
        ended = true;
        await stream;
        expect(code, "exit code after SIGTERM").toBe(0);
        expect(ledger.refused, "requests answered with an error status").toEqual([]);
        expect(
          failures.filter((f) => f !== "ECONNREFUSED"),
          "requests whose connection was reset or closed under them",
        ).toEqual([]);
        expect(server.problems(), "warnings or errors during the drain").toEqual([]);
        console.log(
          `shutdown stream (${embedded ? "embedded" : "PostgreSQL"}, seed ${SEED}): ${ackedBefore} acknowledged before SIGTERM, ` +
            `${acked() - ackedBefore} during the drain (${/"ms":(\d+),"msg":"stopped"/.exec(server.output())?.[1]} ms); ` +
            `${failures.length} refused connections afterwards`,
        );

        server = await start(port);
        expect(await ledger.verify(staff), "the data after the restart").toEqual([]);
      } finally {
        globalThis.fetch = realFetch;
      }
    },
  );
});
