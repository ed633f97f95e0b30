// The drain on its own (ADR 021), on a bare http.Server in this process: fast enough to run many
// times. Clients that pause between requests (up to 1.5 s, as a browser or a proxy's pool does)
// keep sending during the drain; the server must never close a connection under one of them. The
// only failure allowed is a refused new connection once the server has stopped listening.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { configureKeepAlive, connectionDrain, KEEP_ALIVE_HINT_MS, KEEP_ALIVE_HOLD_MS } from "./shutdown.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    // A few milliseconds of work per answer, as a write's transaction takes.
    req.on("end", () =>
      setTimeout(
        () => {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ stored: body.length }));
        },
        1 + Math.random() * 5,
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
          const drainingWhenSent = drain.draining;
          const res = await fetch(`${url}/write`, { method: "POST", body: JSON.stringify({ w, n }) });
          expect(res.status).toBe(200);
          await res.text();
          answered += 1;
          if (drainingWhenSent) expect(res.headers.get("connection")).toBe("close");
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
});
