import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** How often, while draining, connections that went idle since are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Draining the HTTP server on SIGTERM (issue 22 §2, ADR 021), with Node's own http.Server API
 * (closeIdleConnections, closeAllConnections):
 * - `draining` turns true at once (readiness answers 503);
 * - the listening socket closes (a new connection is refused, never accepted and then cut);
 * - idle keep-alive connections close;
 * - every response from now on, including those of requests already in flight whose headers
 *   are not sent yet, carries `Connection: close`, so the client never reuses the connection;
 * - requests and uploads in flight finish, for up to `graceMs`; then what is left is cut.
 */
export interface ConnectionDrain {
  readonly draining: boolean;
  /** Starts draining (idempotent); resolves once every connection is closed. */
  drain(): Promise<{ forced: number }>;
}

export function connectionDrain(server: Server, { graceMs }: { graceMs: number }): ConnectionDrain {
  let draining = false;
  let drained: Promise<{ forced: number }> | null = null;
  const inFlight = new Set<ServerResponse>();

  // First of the request listeners: the app's handler may answer synchronously.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    const done = () => inFlight.delete(res);
    res.once("finish", done);
    res.once("close", done);
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      drained ??= (async () => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // server.close() closes the connections idle now; these close those that become idle later
        // (a response whose headers left before the drain began still said keep-alive).
        const sweeper = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        let forced = 0;
        const force = setTimeout(() => {
          forced = inFlight.size;
          server.closeAllConnections();
        }, graceMs);
        try {
          await closed;
        } finally {
          clearInterval(sweeper);
          clearTimeout(force);
        }
        return { forced };
      })();
      return drained;
    },
  };
}
