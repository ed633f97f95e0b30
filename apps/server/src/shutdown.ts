import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * While draining, a keep-alive connection with no request is closed once it has been idle this
 * long. Not at once: a client streaming requests sends its next one within a millisecond or two of
 * the last answer, and that request may already be on the wire (or unread in the server's socket
 * buffer, the event loop being busy) when an "idle" connection is closed, which the client sees as
 * a reset. A request that comes meanwhile is served, with `Connection: close`. 1 s, not 250 ms: on a
 * loaded 2-core CI run a streaming client's next request came more than 250 ms after the answer
 * before it, and that connection was reset under it.
 */
export const DRAIN_IDLE_CLOSE_MS = 1000;
const SWEEP_MS = 25;

/**
 * Draining the HTTP server on SIGTERM (issue 22 §2, ADR 021), with Node's own http.Server API:
 * - `draining` turns true at once: GET /api/health/ready answers 503;
 * - idle keep-alive connections close (after DRAIN_IDLE_CLOSE_MS of idleness);
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
  /** Each open connection: since when it has had no request, and the bytes read by then (null while one runs). */
  const idleSince = new Map<Socket, { at: number; bytesRead: number } | null>();
  const markIdle = (socket: Socket) => idleSince.set(socket, { at: Date.now(), bytesRead: socket.bytesRead });

  server.on("connection", (socket: Socket) => {
    markIdle(socket);
    socket.once("close", () => idleSince.delete(socket));
  });

  const closeListener = () => {
    if (closed) return;
    closed = new Promise<void>((resolve) => server.close(() => resolve()));
    listenerClosed();
  };

  // First of the request listeners: the app's handler may answer synchronously.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    const socket = req.socket;
    idleSince.set(socket, null);
    const done = () => {
      if (!inFlight.delete(res)) return;
      if (!socket.destroyed) markIdle(socket);
      if (draining && inFlight.size === 0) setImmediate(() => inFlight.size === 0 && closeListener());
    };
    res.once("finish", done);
    res.once("close", done);
  });

  // Looked at in the check phase, right after the poll phase has read what arrived: after the event
  // loop was busy, a request waiting unread in a socket's buffer is not taken for idleness. A
  // connection idles from the last byte it received (a request's start is not idleness).
  const closeIdle = () =>
    setImmediate(() => {
      const now = Date.now();
      for (const [socket, idle] of idleSince) {
        if (idle === null) continue;
        // Bytes came (a request's start, or the rest of a body answered early): idle from now on.
        if (socket.bytesRead !== idle.bytesRead) markIdle(socket);
        else if (now - idle.at >= DRAIN_IDLE_CLOSE_MS) {
          idleSince.delete(socket);
          socket.destroy();
        }
      }
    });

  return {
    get draining() {
      return draining;
    },
    drain() {
      drained ??= (async () => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        closeIdle();
        const sweeper = setInterval(closeIdle, SWEEP_MS);
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
        try {
          // The listener closes once nothing is in flight; then every connection ends (or the grace does).
          await Promise.race([listenerDone, graceOver]);
          await Promise.race([closed, graceOver]);
          await closed;
        } finally {
          clearInterval(sweeper);
          clearTimeout(timer);
        }
        return { forced };
      })();
      return drained;
    },
  };
}
