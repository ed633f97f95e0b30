import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { chmod, lstat, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { dumpAlone } from "./dump.js";
import { DUMP_POINTER, DUMP_SOCKET_NAME, serveDumps } from "./dump-channel.js";
import { secureDataDir } from "./data-dir.js";

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];
type EmscriptenModule = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0];
/** The part of Emscripten's NODEFS this file touches (not in PGlite's types). */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: number }) => number;
}
interface NodeFsNodeOps {
  mknod: (parent: unknown, name: string, mode: number, dev: unknown) => unknown;
  setattr: (node: unknown, attr: { mode?: number }) => unknown;
}

/**
 * Durability on disk, not only across a crash of the process.
 *
 * Under Node, PGlite 0.5.14 mounts the data directory with Emscripten's NODEFS, which hands every
 * write() straight to the kernel: a committed transaction's WAL is in the page cache when the
 * client hears "COMMIT", so it survives the process being killed (kill -9, OOM, a crash; the
 * fault test checks this). But PGlite starts PostgreSQL with fsync off (`-F`), Emscripten's
 * fdatasync() is a no-op and NODEFS has no fsync at all, so nothing ever reaches the disk
 * before the kernel decides to write it back: a power cut or a kernel crash could lose
 * acknowledged commits and, with fsync off, corrupt the database. (`relaxedDurability` does not
 * help: it only defers PGlite's syncToFs, which is a no-op for NODEFS.)
 *
 * So: fsync on, the WAL synced with fsync() (the one call that reaches the filesystem), and
 * NODEFS given an fsync that calls the real one. Costs one fsync per commit, as PostgreSQL.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFS["init"]>[0], opts: EmscriptenOptions) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: EmscriptenModule) => {
        const nodefs = (mod.FS as unknown as { filesystems: { NODEFS: { stream_ops: NodeFsStreamOps; node_ops: NodeFsNodeOps } } })
          .filesystems.NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === "number") fs.fsyncSync(stream.nfd);
          return 0;
        };
        // PostgreSQL's files are owner-only (0600/0700), but under Emscripten they came out 0666:
        // whatever mode a file or directory is created or chmod-ed with, group and others get nothing.
        const { mknod, setattr } = nodefs.node_ops;
        nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~0o077, dev);
        nodefs.node_ops.setattr = (node, attr) =>
          setattr(node, attr.mode === undefined || attr.mode === null ? attr : { ...attr, mode: attr.mode & ~0o077 });
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on and the WAL synced by fsync(). */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== "-F"), "-c", "wal_sync_method=fsync"];

/** Where the embedded database is served and the credentials of its one client (the app). */
export interface EmbeddedDatabase {
  /** The Unix socket (postgres.js `path`): DATA_DIR/.s.PGSQL.5432, or in a private temporary directory. */
  path: string;
  /** Random per start, never written anywhere: only this process can sign in. */
  password: string;
  /**
   * A plain-SQL dump (PGlite's own pg_dump, `@electric-sql/pglite-tools`) taken while the app's
   * connection waits: consistent, and the shared session is left as it was (ADR 022).
   */
  dump(): Promise<string>;
  stop(): Promise<void>;
}

/** The socket's file name, as PostgreSQL names its own (`psql -h DATA_DIR` would find it). */
export const SOCKET_NAME = ".s.PGSQL.5432";
const MAX_SOCKET_PATH = 100;

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // "X"

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([...[`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((f) => Buffer.from(`${f}\0`)), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

/** AuthenticationCleartextPassword: fine on a Unix socket, where nothing is on the wire. */
const ASK_PASSWORD = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

function samePassword(given: Buffer, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * PGlite is ONE backend: every client shares its session (search_path, statement_timeout, role,
 * an open transaction). So exactly one kind of client is served: the one holding this start's
 * random password, i.e. the app's own connection. A client without it (another local user, or a
 * `psql`/`pg_dump` of the same user) gets "password authentication failed" before a single byte
 * reaches PGlite, and can change nothing the app depends on. Messages of authenticated
 * connections run one at a time; while one connection has a transaction open or is in the middle
 * of an extended-query cycle (Parse … Sync), only its messages run, and a connection that goes
 * away in either is closed off (Sync, then ROLLBACK).
 */
/**
 * Messages of the extended query protocol that leave their connection in the middle of a cycle:
 * Parse, Bind, Describe, Execute, Close, Flush and CopyData. The cycle ends with Sync (or a simple
 * Query). In between, the backend's unnamed statement and portal, an implicit transaction and an
 * error's "skip until Sync" state are that connection's: nothing else may run there.
 */
const MID_CYCLE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48, 0x64]);
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

function protocolBridge(db: PGlite, password: string) {
  interface Item {
    conn: number;
    message: Uint8Array;
    onData: (data: Uint8Array) => void;
    fail: (err: unknown) => void;
  }
  let queue: Item[] = [];
  /** The connection whose message ran last: while a transaction is open, or its cycle is, only its messages run. */
  let owner: number | null = null;
  /** The owner sent part of an extended-query cycle (Parse … Execute) and not yet its Sync. */
  let midCycle = false;
  /** The backend is the owner's alone: an open transaction, or a cycle it has not finished. */
  const held = () => owner !== null && (midCycle || db.isInTransaction());
  let inFlight: number | null = null;
  /** Connections gone while they owned (or were about to own) the open transaction. */
  const abandoned = new Set<number>();
  let running = false;
  let nextId = 1;

  let stopped = false;
  /** Set while the database is lent to one in-process task (a backup): no client message runs. */
  let paused = false;
  let lent: Promise<unknown> = Promise.resolve();

  async function pump() {
    if (running || stopped) return;
    running = true;
    try {
      for (;;) {
        if (owner !== null && abandoned.has(owner)) {
          abandoned.delete(owner);
          owner = null;
          // A cycle it left unfinished is closed (its error state, unnamed statement and implicit
          // transaction would be the next client's), then an open transaction is rolled back.
          if (midCycle) await db.runExclusive(() => db.execProtocolRaw(SYNC)).catch(() => {});
          midCycle = false;
          if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => {}); // exec takes PGlite's lock itself
        }
        // Lent out: only the rest of an open transaction or cycle runs, so the task starts between them.
        if (paused && !held()) break;
        if (queue.length === 0) break;
        const index = held() ? queue.findIndex((q) => q.conn === owner) : 0;
        if (index === -1) break;
        const item = queue.splice(index, 1)[0]!;
        inFlight = item.conn;
        try {
          await db.runExclusive(() => db.execProtocolRawStream(item.message, { onRawData: item.onData }));
        } catch (err) {
          item.fail(err);
        } finally {
          inFlight = null;
        }
        owner = item.conn;
        midCycle = MID_CYCLE.has(item.message[0]!);
      }
    } finally {
      running = false;
    }
  }

  function gone(conn: number) {
    if (stopped) return;
    queue = queue.filter((q) => q.conn !== conn);
    if (owner === conn || inFlight === conn) abandoned.add(conn);
    void pump();
  }

  const serve = (socket: net.Socket) => {
    const conn = nextId++;
    let buffer = Buffer.alloc(0);
    let state: "startup" | "password" | "ready" = "startup";
    let startup: Buffer | null = null;
    const refuse = (code: string, message: string) => {
      state = "startup";
      buffer = Buffer.alloc(0);
      socket.end(errorResponse(code, message));
    };
    const send = (data: Uint8Array) => {
      if (data.length > 0 && socket.writable) socket.write(Buffer.from(data));
    };
    const enqueue = (message: Buffer) => {
      queue.push({ conn, message: new Uint8Array(message), onData: send, fail: () => socket.destroy() });
    };

    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length > 0) {
        if (state === "startup") {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (length < 8 || length > 10_000) return refuse("08P01", "invalid startup packet");
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const packet = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write("N");
            continue;
          }
          if (code === CANCEL_REQUEST) return void socket.end();
          if (code !== PROTOCOL_3) return refuse("0A000", "unsupported frontend protocol");
          startup = Buffer.from(packet);
          state = "password";
          socket.write(ASK_PASSWORD);
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (length < 4 || (state === "password" && length > 10_000)) return refuse("08P01", "invalid message length");
        if (buffer.length < 1 + length) return;
        const message = buffer.subarray(0, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (state === "password") {
          const given = message[0] === 0x70 ? message.subarray(5, message.length - 1) : Buffer.alloc(0);
          if (!samePassword(given, password)) return refuse("28P01", 'password authentication failed for user "postgres"');
          state = "ready";
          enqueue(startup!);
          startup = null;
        } else if (message[0] === TERMINATE) {
          // The client is leaving: not for PGlite (its one backend stays), just hang up.
          socket.end();
          return;
        } else {
          enqueue(Buffer.from(message));
        }
        void pump();
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => gone(conn));
  };
  /** Runs `task` with the database to itself: after any open transaction, before the next message. */
  function alone<T>(task: () => Promise<T>): Promise<T> {
    const turn = lent.then(async () => {
      paused = true;
      try {
        while (running || held() || db.isInTransaction()) await new Promise((resolve) => setTimeout(resolve, 5));
        return await task();
      } finally {
        paused = false;
        void pump();
      }
    });
    lent = turn.catch(() => {});
    return turn;
  }

  return {
    serve,
    alone,
    /** No more work once the database is closing (sockets closing then are not rolled back). */
    stop() {
      stopped = true;
    },
  };
}

/** Removes a socket file a killed start left behind (listening on it would fail: EADDRINUSE). */
async function removeStaleSocket(file: string): Promise<void> {
  const found = await lstat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return null;
    throw err;
  });
  if (!found) return;
  if (!found.isSocket()) throw new Error(`${file} exists and is not a socket: move it away`);
  // A live server of another start would answer: two servers on one data directory corrupt it.
  const alive = await new Promise<boolean>((resolve) => {
    const probe = net.connect(file);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (alive) throw new Error(`another server is using the embedded database in ${path.dirname(file)}`);
  await rm(file, { force: true });
}

/**
 * Starts PGlite persisted under `dataDir` (or in memory when null) and serves it on a Unix socket
 * inside `dataDir` (owner-only directory, socket 0600), to the app alone: the client must present
 * this start's random password (see protocolBridge). In memory, the socket lives in a private
 * temporary directory. The same postgres.js code talks to it as to a real PostgreSQL server.
 */
export async function startEmbeddedDatabase(dataDir: string | null): Promise<EmbeddedDatabase> {
  if (dataDir) await secureDataDir(dataDir);
  // A Unix socket's path holds about 100 bytes (107 on Linux, 103 on macOS): under a deeper
  // DATA_DIR (or in memory) the socket goes in a private temporary directory (0700) instead.
  const inDataDir = !!dataDir && Buffer.byteLength(path.join(dataDir, SOCKET_NAME)) <= MAX_SOCKET_PATH;
  const socketDir = inDataDir ? dataDir : await mkdtemp(path.join(os.tmpdir(), "crawlguard-db-"));
  const ownSocketDir = !inDataDir;
  const socketPath = path.join(socketDir, SOCKET_NAME);
  await removeStaleSocket(socketPath);
  const db = await PGlite.create(dataDir ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS } : {});
  const password = randomBytes(32).toString("base64url");
  const bridge = protocolBridge(db, password);
  const server = net.createServer(bridge.serve);
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  try {
    // The directory is owner-only (0700) before the socket appears, so no other user can reach
    // it even before the chmod.
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
    if (ownSocketDir) await rm(socketDir, { recursive: true, force: true });
    throw err;
  }
  const dump = () => bridge.alone(() => dumpAlone(db));
  // `npm run db:backup` asks this running server for a dump here (ADR 022): a socket owner-only
  // like the database's, so only this OS user (who can read DATA_DIR anyway) gets one.
  let dumps: Awaited<ReturnType<typeof serveDumps>> | null = null;
  if (dataDir) {
    try {
      dumps = await serveDumps(path.join(socketDir, DUMP_SOCKET_NAME), dump);
      if (ownSocketDir) await writeFile(path.join(dataDir, DUMP_POINTER), dumps.path, { mode: 0o600 });
      else await rm(path.join(dataDir, DUMP_POINTER), { force: true });
    } catch (err) {
      await dumps?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await rm(socketPath, { force: true });
      if (ownSocketDir) await rm(socketDir, { recursive: true, force: true });
      throw err;
    }
  }
  return {
    path: socketPath,
    password,
    dump,
    async stop() {
      await dumps?.close();
      if (dataDir && ownSocketDir) await rm(path.join(dataDir, DUMP_POINTER), { force: true });
      bridge.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await db.close();
      await rm(socketPath, { force: true });
      if (ownSocketDir) await rm(socketDir, { recursive: true, force: true });
    },
  };
}
