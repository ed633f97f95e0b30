// The drain on its own (ADR 021), on a bare http.Server in this process: fast enough to run many
// times. Clients that pause between requests (up to 1.5 s, as a browser or a proxy's pool does)
// keep sending during the drain; the server must never close a connection under one of them. The
// only failure allowed is a refused new connection once the server has stopped listening.
import http from "node:http";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { configureKeepAlive, connectionDrain, DRAIN_LISTEN_MAX_MS, KEEP_ALIVE_HINT_MS, KEEP_ALIVE_HOLD_MS } from "./shutdown.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bare server whose answers take `workMs` (a range) each, as a write's transaction does; a request
 * to /slow?ms=N takes N ms.
 */
function startServer(workMs: [number, number] = [1, 6]) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () =>
      setTimeout(
        () => {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ stored: body.length }));
        },
        req.url?.startsWith("/slow?ms=") ? Number(req.url.slice("/slow?ms=".length)) : workMs[0] + Math.random() * (workMs[1] - workMs[0]),
      ),
    );
  });
  configureKeepAlive(server);
  const drain = connectionDrain(server, { graceMs: 20_000 });
  return new Promise<{ server: http.Server; drain: typeof drain; url: string }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (!address || typeof address !== "object") throw new Error("no address");
      resolve({ server, drain, url: `http://127.0.0.1:${address.port}` });
    }),
  );
}

describe("connection drain", () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    server = undefined;
  });

  it("advertises a short keep-alive and holds idle connections longer than the proxies in front", async () => {
    const started = await startServer();
    server = started.server;
    const answer = await fetch(`${started.url}/`, { method: "POST", body: "x" });
    expect(answer.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_HINT_MS / 1000}`);
    expect(server.keepAliveTimeout + server.keepAliveTimeoutBuffer).toBe(KEEP_ALIVE_HOLD_MS);
    expect(KEEP_ALIVE_HOLD_MS).toBeGreaterThan(60_000);
    await answer.text();
  });

  it("streams of POSTs with pauses across SIGTERM: nothing reset or closed under a request", { timeout: 60_000 }, async () => {
    const { server: s, drain, url } = await startServer();
    server = s;
    const failures: string[] = [];
    let answered = 0;
    const worker = async (w: number) => {
      for (let n = 0; ; n++) {
        try {
          const phaseWhenSent = drain.phase;
          const res = await fetch(`${url}/write`, { method: "POST", body: JSON.stringify({ w, n }) });
          expect(res.status).toBe(200);
          await res.text();
          answered += 1;
          // While the drain announces itself and once the listener is closed, every answer closes its
          // connection; while it settles (waiting for a quiet spell) connections are kept.
          const closeExpected = ["announce", "closed"] as const;
          if (closeExpected.some((p) => p === phaseWhenSent && p === drain.phase)) {
            expect(res.headers.get("connection")).toBe("close");
          }
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          const code = cause?.code ?? cause?.message ?? String(err);
          if (code !== "ECONNREFUSED") failures.push(code);
          return;
        }
        // Most requests follow at once; some after a pause longer than the old 1 s idle close.
        const r = Math.random();
        await sleep(r < 0.6 ? 0 : r < 0.85 ? Math.random() * 300 : 800 + Math.random() * 700);
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (answered < 150) await sleep(10);
    const started = Date.now();
    const { forced } = await drain.drain();
    const drainMs = Date.now() - started;
    await Promise.all(workers);
    expect(failures, "requests whose connection was reset or closed under them").toEqual([]);
    expect(forced).toBe(0);
    // Idle connections end by their clients' keep-alive or after the advertised one, not the grace.
    expect(drainMs).toBeLessThan(KEEP_ALIVE_HINT_MS + 5_000);
  });

  it(
    "clients that open a new connection for every request cannot hold the listener open until the grace",
    { timeout: 60_000 },
    async () => {
      // Answers slow enough (20–40 ms) that six clients always have one in flight.
      const { server: s, drain, url } = await startServer([20, 40]);
      server = s;
      // Six clients in a thread of their own (their own event loop, as another process's would be), each
      // sending POSTs back to back through a keep-alive agent, which opens a new connection after every
      // `Connection: close`: there is nearly always a request in flight, so "close the listener once
      // nothing is in flight" alone would keep it open (and the drain going) until the grace cut
      // everything, and a listener closed while they reconnect resets what is in its accept queue.
      const clients = new Worker(
        `
      const http = require("node:http");
      const { parentPort, workerData } = require("node:worker_threads");
      let answered = 0;
      const failures = [];
      const post = (agent, body) => new Promise((resolve, reject) => {
        const req = http.request(workerData.url + "/write", { method: "POST", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
      });
      const worker = async (w) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (let n = 0; ; n++) {
          try {
            const status = await post(agent, JSON.stringify({ w, n }));
            if (status !== 200) failures.push("status " + status);
            if (++answered === 100) parentPort.postMessage({ warm: true });
          } catch (err) {
            if (err.code !== "ECONNREFUSED") failures.push(err.code ?? String(err));
            return;
          }
        }
      };
      Promise.all(Array.from({ length: 6 }, (_, w) => worker(w))).then(() => parentPort.postMessage({ answered, failures }));
      `,
        { eval: true, workerData: { url } },
      );
      type Message = { warm?: boolean; answered?: number; failures?: string[] };
      const next = () => new Promise<Message>((resolve) => clients.once("message", resolve));
      expect(await next()).toEqual({ warm: true });
      // And one request that runs past the listening window, as a slow upload does: nothing is ever
      // out of flight before the window ends, however the clients' timing goes on a loaded machine.
      const slow = fetch(`${url}/slow?ms=${DRAIN_LISTEN_MAX_MS + 1_000}`, { method: "POST", body: "slow" });
      await sleep(50);
      const started = Date.now();
      const ended = next();
      const { forced } = await drain.drain();
      const drainMs = Date.now() - started;
      const result = await ended;
      await clients.terminate();
      expect(result.failures, "requests whose connection was reset or closed under them").toEqual([]);
      expect(result.answered).toBeGreaterThan(100);
      expect(forced).toBe(0);
      const slowAnswer = await slow;
      expect(slowAnswer.status).toBe(200);
      expect(slowAnswer.headers.get("connection")).toBe("close");
      // Never a moment with nothing in flight: the listening window ended it, long before the grace.
      expect(drainMs).toBeGreaterThanOrEqual(DRAIN_LISTEN_MAX_MS);
      expect(drainMs).toBeLessThan(DRAIN_LISTEN_MAX_MS + 5_000);
    },
  );
});
