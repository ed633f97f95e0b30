import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Draining the HTTP server on SIGTERM (issue 22 §2, ADR 021), with Node's own http.Server API:
 * - `draining` turns true at once: GET /api/health/ready answers 503;
 * - idle keep-alive connections close;
 * - every answer from now on, including those of requests already in flight whose headers have
 *   not left yet, carries `Connection: close`, so no client sends another request on it;
 * - while requests are in flight the server still answers new ones (a load balancer's probe sees
 *   the 503 instead of a refused connection; a request that was on its way is served, not cut);
 *   once none is in flight the listening socket closes, and new connections are refused;
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
  let closed: Promise<void> | null = null;
  let listenerClosed!: () => void;
  const listenerDone = new Promise<void>((resolve) => (listenerClosed = resolve));
  const inFlight = new Set<ServerResponse>();

  const closeListener = () => {
    if (closed) return;
    closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Nothing is in flight: whatever connection is left is idle.
    server.closeIdleConnections();
    listenerClosed();
  };

  // First of the request listeners: the app's handler may answer synchronously.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    const done = () => {
      inFlight.delete(res);
      if (draining && inFlight.size === 0) setImmediate(() => inFlight.size === 0 && closeListener());
    };
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
        server.closeIdleConnections();
        if (inFlight.size === 0) closeListener();
        let forced = 0;
        let timer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            forced = inFlight.size;
            closeListener();
            server.closeAllConnections();
            resolve();
          }, graceMs);
        });
        // The listener closes once nothing is in flight; then every connection ends (or the grace does).
        await Promise.race([listenerDone, graceOver]);
        await Promise.race([closed, graceOver]);
        clearTimeout(timer);
        await closed;
        return { forced };
      })();
      return drained;
    },
  };
}
