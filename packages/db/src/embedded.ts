import fs from "node:fs";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedDatabase {
  host: string;
  port: number;
  stop(): Promise<void>;
}

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];
type EmscriptenModule = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0];
/** The part of Emscripten's NODEFS this file touches (not in PGlite's types). */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: number }) => number;
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
        const nodefs = (mod.FS as unknown as { filesystems: { NODEFS: { stream_ops: NodeFsStreamOps } } }).filesystems.NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === "number") fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on and the WAL synced by fsync(). */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== "-F"), "-c", "wal_sync_method=fsync"];

/**
 * Starts PGlite persisted under `dataDir` (or in memory when null) and serves it on a loopback
 * socket, so the same postgres.js code talks to it as to a real PostgreSQL server.
 */
export async function startEmbeddedDatabase(dataDir: string | null): Promise<EmbeddedDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS } : {});
  // maxConnections above 1: with the default a second client connection hangs silently.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 50 });
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.slice(conn.lastIndexOf(":") + 1));
  return {
    host: "127.0.0.1",
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
