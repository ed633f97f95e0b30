import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * How long the server tells clients it keeps an idle keep-alive connection (`Keep-Alive: timeout=5`,
 * Node's `server.keepAliveTimeout`). Clients that honour the hint (undici/fetch, Node's agent and
 * others) stop reusing a connection a second or two before it runs out.
 */
export const KEEP_ALIVE_HINT_MS = 5_000;
/**
 * How long it really keeps one in normal operation: 65 s, longer than the idle timeout of the
 * proxies in front (60 s for nginx's upstream keepalive and AWS load balancers), so that the proxy,
 * which does not read the hint, is always the side that closes an idle connection, never the server
 * under a request the proxy is sending. `server.keepAliveTimeoutBuffer` is the difference.
 */
export const KEEP_ALIVE_HOLD_MS = 65_000;
/**
 * While draining, an idle keep-alive connection is closed only once it has been idle longer than the
 * advertised hint plus this margin (the client starts counting when the answer reaches it, after
 * the server finished sending it, and on a loaded machine its own timer fires late): by then a client
 * that honours the hint has stopped using it, so the close races no request. Closing one earlier
 * (the first versions closed after 250 ms, then 1 s, of idleness) is a race no delay wins: a
 * streaming client sends its next request at any moment, and a request that meets the close is
 * reset (ECONNRESET), which a client retries only for idempotent methods, never for a POST.
 */
export const DRAIN_IDLE_MARGIN_MS = 2_000;
/**
 * While draining, the server keeps accepting new connections (and tells every answer
 * `Connection: close`) as long as requests are in flight, and at most this long after the signal:
 * long enough for a load balancer's probe to see the 503 and for a request already on its way to be
 * served, short enough that clients which reopen a connection after each `Connection: close` cannot
 * hold the listener open until the grace cuts everything (the shutdown stream test met that
 * livelock under load: 3,000 writes in 24 s, then six connections cut).
 */
export const DRAIN_LISTEN_MAX_MS = 5_000;
/**
 * Closing the listening socket resets every connection the kernel has accepted but the process has
 * not yet taken (its accept queue), and a client connecting at that instant has often sent its
 * request already: a reset under a POST. So before the listener closes, answers stop saying
 * `Connection: close` (clients keep the connection they have instead of opening another), and the
 * listener closes only once no connection has come for this long, or SETTLE_MAX_MS after that
 * started. Then answers say `Connection: close` again, and a client's next connection is refused
 * (ECONNREFUSED: nothing was sent).
 */
export const DRAIN_QUIET_MS = 200;
const SETTLE_MAX_MS = 2_000;
const SWEEP_MS = 100;

/** Applies the keep-alive timing above to a server (before it listens). */
export function configureKeepAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_HINT_MS;
  server.keepAliveTimeoutBuffer = KEEP_ALIVE_HOLD_MS - KEEP_ALIVE_HINT_MS;
}

/**
 * Draining the HTTP server on SIGTERM (ADR 021), with Node's own http.Server API:
 * - `draining` turns true at once: GET /api/health/ready answers 503;
 * - every answer from now on, including those of requests already in flight whose headers have
 *   not left yet, carries `Connection: close`: the server closes that connection after it, and no
 *   client sends another request on it (the only close in HTTP/1.1 that races nothing);
 * - an idle keep-alive connection is never cut under a client that may still send on it: a request
 *   that comes on it is served (with `Connection: close`); it is closed only once it has been idle
 *   longer than the keep-alive timeout the server advertised (`Keep-Alive: timeout=N`) plus
 *   DRAIN_IDLE_MARGIN_MS, unless its client closes it first (clients honouring the hint do);
 * - while requests are in flight the server still answers new ones (a load balancer's probe sees
 *   the 503 instead of a refused connection; a request that was on its way is served, not cut);
 *   once none is in flight, or DRAIN_LISTEN_MAX_MS after the signal at the latest, answers stop
 *   saying `Connection: close` until no connection has come for DRAIN_QUIET_MS; then the listening
 *   socket closes (nothing in its accept queue to reset), new connections are refused, and answers
 *   say `Connection: close` again;
 * - requests and uploads in flight finish, for up to `graceMs`; then every connection left is cut.
 */
export type DrainPhase = "running" | "announce" | "settle" | "closed";

export interface ConnectionDrain {
  readonly draining: boolean;
  /** Where the drain is: running, announce (503, `Connection: close`), settle (keep-alive until a quiet spell), closed (listener closed). */
  readonly phase: DrainPhase;
  /** Starts draining (idempotent); resolves once every connection is closed. */
  drain(): Promise<{ forced: number }>;
}

export function connectionDrain(server: Server, { graceMs }: { graceMs: number }): ConnectionDrain {
  /** running → announce (503, Connection: close) → settle (keep-alive, waiting for a quiet spell) → closed. */
  let phase: DrainPhase = "running";
  let drained: Promise<{ forced: number }> | null = null;
  let closed: Promise<void> | null = null;
  let listenerClosed!: () => void;
  const listenerDone = new Promise<void>((resolve) => (listenerClosed = resolve));
  const inFlight = new Set<ServerResponse>();
  let lastConnectionAt = 0;
  let settleStartedAt = 0;
  /** Each open connection: since when it has had no request, and the bytes read by then (null while one runs). */
  const idleSince = new Map<Socket, { at: number; bytesRead: number } | null>();
  const markIdle = (socket: Socket) => idleSince.set(socket, { at: Date.now(), bytesRead: socket.bytesRead });
  const saysClose = () => phase === "announce" || phase === "closed";

  server.on("connection", (socket: Socket) => {
    lastConnectionAt = Date.now();
    markIdle(socket);
    socket.once("close", () => idleSince.delete(socket));
  });

  // Stops accepting connections and resolves once every open one has ended. Not http.Server's
  // close(): since Node 19 it also destroys every idle keep-alive connection at once, which is the
  // race this drain exists to avoid (a client's next request may be on its way on one of them).
  const closeListener = () => {
    if (closed) return;
    phase = "closed";
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    listenerClosed();
  };
  const settle = () => {
    if (phase !== "announce") return;
    phase = "settle";
    settleStartedAt = Date.now();
    for (const res of inFlight) if (!res.headersSent) res.removeHeader("Connection");
  };

  // First of the request listeners: the app's handler may answer synchronously.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (saysClose()) res.setHeader("Connection", "close");
    inFlight.add(res);
    const socket = req.socket;
    idleSince.set(socket, null);
    const done = () => {
      if (!inFlight.delete(res)) return;
      if (!socket.destroyed) markIdle(socket);
      if (phase === "announce" && inFlight.size === 0) setImmediate(() => inFlight.size === 0 && settle());
    };
    res.once("finish", done);
    res.once("close", done);
  });

  // Looked at in the check phase, right after the poll phase has read what arrived (and accepted
  // what connected): after the event loop was busy, a request waiting unread in a socket's buffer is
  // not taken for idleness, and the accept queue is as short as it gets when the listener closes. A
  // connection idles from the last byte it received or the last answer it was sent.
  const sweep = () =>
    setImmediate(() => {
      const now = Date.now();
      if (phase === "settle" && (now - lastConnectionAt >= DRAIN_QUIET_MS || now - settleStartedAt >= SETTLE_MAX_MS)) {
        closeListener();
      }
      const idleLimit = server.keepAliveTimeout + DRAIN_IDLE_MARGIN_MS;
      for (const [socket, idle] of idleSince) {
        if (idle === null) continue;
        // Bytes came (a request's start, or the rest of a body answered early): idle from now on.
        if (socket.bytesRead !== idle.bytesRead) markIdle(socket);
        else if (now - idle.at >= idleLimit) {
          idleSince.delete(socket);
          socket.destroy();
        }
      }
    });

  return {
    get draining() {
      return phase !== "running";
    },
    get phase() {
      return phase;
    },
    drain() {
      drained ??= (async () => {
        phase = "announce";
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        const sweeper = setInterval(sweep, SWEEP_MS);
        if (inFlight.size === 0) settle();
        const listenLimit = setTimeout(settle, DRAIN_LISTEN_MAX_MS);
        let forced = 0;
        let timer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            forced = inFlight.size;
            closeListener();
            server.closeAllConnections();
            for (const socket of idleSince.keys()) socket.destroy();
            resolve();
          }, graceMs);
        });
        try {
          // The listener closes after a quiet spell once nothing is in flight (or the listening window
          // is over); then every connection ends (or the grace does).
          await Promise.race([listenerDone, graceOver]);
          await Promise.race([closed, graceOver]);
          await closed;
        } finally {
          clearInterval(sweeper);
          clearTimeout(listenLimit);
          clearTimeout(timer);
        }
        return { forced };
      })();
      return drained;
    },
  };
}
