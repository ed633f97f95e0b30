import net from "node:net";

/**
 * How long PostgreSQL may work on one statement of the app or the job queue before it cancels it
 * itself. Long enough for anything a request or a job does; backups, restores and migrations run
 * on clients without it.
 */
/** The `code` of the error a query sees when its connection was destroyed here for going silent. */
export const SILENT_CONNECTION_CODE = "CONNECTION_SILENT";

export const STATEMENT_TIMEOUT_MS = 30_000;
/** A session left inside a transaction this long is ended by the server, with its locks. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * A connection that sent something and has heard nothing back for this long is destroyed here. Past
 * the statement timeout, so a slow statement's own answer (its result, or the server's cancel)
 * comes first: what stays silent longer is a dead path (a NAT that forgot the connection, a
 * failover), which TCP may take a quarter of an hour to notice.
 */
export const SILENT_ANSWER_MS = STATEMENT_TIMEOUT_MS + 5_000;
/**
 * A connection silent both ways this long is destroyed too: every client here closes its idle
 * connections sooner (postgres.js after 30 s, pg-boss's pool after 10 s) and the LISTEN connection
 * hears a ping every 15 s, so only one cut off in the middle of an answer stays this quiet.
 */
export const SILENT_CONNECTION_MS = 90_000;
/** TCP keepalive probes after this much idleness: they keep NAT and firewall state alive. */
export const KEEPALIVE_MS = 15_000;
/** How often the watched sockets' byte counters are read. */
const TICK_MS = 1_000;

interface Watched {
  socket: net.Socket;
  read: number;
  written: number;
  /** Since when something sent is unanswered (null: nothing is). */
  waitingSince: number | null;
  /** When a byte last went either way. */
  lastTraffic: number;
  /** Writes and reads seen as they happened since the last tick (not under TLS: see #watch). */
  wrote: boolean;
  heard: boolean;
  /** The byte counters moved without the calls seen: TLS carries the connection, and only the counters tell. */
  countersOnly: boolean;
}

export interface SocketWatchOptions {
  silentAnswerMs?: number;
  silentConnectionMs?: number;
  keepAliveMs?: number;
  /** Told about every connection destroyed here (the log). */
  onDestroy?: (reason: string) => void;
}

/**
 * Opens a database client's TCP connections and destroys the ones that went silent: something sent
 * and nothing received since for `silentAnswerMs`, or nothing either way for `silentConnectionMs`.
 * The client then sees a closed connection: its queries on it fail at once and the next ones get
 * a new connection. Writes and reads are seen as they happen on a plain connection; under TLS (which
 * takes the socket over below JavaScript) only the socket's byte counters move, read once a second,
 * and when both moved in the same second the order is unknown: the connection then counts as
 * waiting, since an idle connection wrongly destroyed costs a reconnect and a dead one never noticed
 * a stuck request.
 */
export class SocketWatch {
  readonly #watched = new Set<Watched>();
  readonly #silentAnswerMs: number;
  readonly #silentConnectionMs: number;
  readonly #keepAliveMs: number;
  readonly #onDestroy: (reason: string) => void;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: SocketWatchOptions = {}) {
    this.#silentAnswerMs = options.silentAnswerMs ?? SILENT_ANSWER_MS;
    this.#silentConnectionMs = options.silentConnectionMs ?? SILENT_CONNECTION_MS;
    this.#keepAliveMs = options.keepAliveMs ?? KEEPALIVE_MS;
    this.#onDestroy = options.onDestroy ?? (() => {});
  }

  /** How many connections are open. */
  get size(): number {
    return this.#watched.size;
  }

  /**
   * postgres.js's `socket` option: a socket to the client's host and port (each host of a
   * multi-host URL in turn, as postgres.js does itself) or its Unix socket, handed over while it connects. postgres.js
   * writes its first message at once (the socket sends it once connected), its connect_timeout
   * covers the TCP connection too, and a failure reaches it as the socket's error and close.
   */
  readonly postgresJs = (options: { host: string[]; port: number[]; path?: string | false }): net.Socket => {
    if (options.path) {
      const local = net.connect({ path: options.path });
      local.once("connect", () => this.#watch(local));
      return local;
    }
    const index = this.#nextHost++ % Math.max(1, options.host.length);
    const host = options.host[index] ?? "localhost";
    const port = options.port[index] ?? options.port[0] ?? 5432;
    const socket = net.connect({ host, port, noDelay: true });
    // postgres.js names the TLS server after the socket's host (SNI and certificate checks).
    Object.assign(socket, { host, port });
    socket.once("connect", () => this.#watch(socket));
    return socket;
  };
  #nextHost = 0;

  /** node-postgres's `stream` option: a socket node-postgres connects itself (and wraps in TLS when asked). */
  readonly nodePostgres = (): net.Socket => {
    const socket = new net.Socket();
    socket.once("connect", () => this.#watch(socket));
    return socket;
  };

  /** Destroys every open connection (the listener that stopped hearing its pings). */
  destroyAll(reason: string): void {
    for (const watched of [...this.#watched]) this.#destroy(watched, reason);
  }

  #watch(socket: net.Socket): void {
    socket.setKeepAlive(true, this.#keepAliveMs);
    const watched: Watched = {
      socket,
      read: socket.bytesRead,
      written: socket.bytesWritten,
      waitingSince: null,
      lastTraffic: Date.now(),
      wrote: false,
      heard: false,
      countersOnly: false,
    };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    const watchedWrite = (...args: unknown[]) => {
      watched.wrote = true;
      watched.waitingSince ??= Date.now();
      return write(...args);
    };
    socket.write = watchedWrite;
    socket.on("data", () => {
      watched.heard = true;
      watched.waitingSince = null;
    });
    this.#watched.add(watched);
    socket.once("close", () => {
      this.#watched.delete(watched);
      if (this.#watched.size === 0) this.#stopTicking();
    });
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#tick(), TICK_MS);
      this.#timer.unref();
    }
  }

  #tick(): void {
    const now = Date.now();
    for (const watched of this.#watched) {
      const read = watched.socket.bytesRead;
      const written = watched.socket.bytesWritten;
      const heard = read !== watched.read;
      const sent = written !== watched.written;
      watched.read = read;
      watched.written = written;
      if ((sent && !watched.wrote) || (heard && !watched.heard)) watched.countersOnly = true;
      watched.wrote = watched.heard = false;
      if (heard || sent) watched.lastTraffic = now;
      if (watched.countersOnly) {
        if (sent) watched.waitingSince = heard ? now : (watched.waitingSince ?? now);
        else if (heard) watched.waitingSince = null;
      }
      if (watched.waitingSince !== null && now - watched.waitingSince >= this.#silentAnswerMs) {
        this.#destroy(watched, `no answer from the database for ${Math.round((now - watched.waitingSince) / 1000)} s`);
      } else if (now - watched.lastTraffic >= this.#silentConnectionMs) {
        this.#destroy(watched, `no traffic on the database connection for ${Math.round((now - watched.lastTraffic) / 1000)} s`);
      }
    }
  }

  #destroy(watched: Watched, reason: string): void {
    this.#watched.delete(watched);
    if (this.#watched.size === 0) this.#stopTicking();
    this.#onDestroy(reason);
    watched.socket.destroy(Object.assign(new Error(`database connection closed: ${reason}`), { code: SILENT_CONNECTION_CODE }));
  }

  #stopTicking(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
