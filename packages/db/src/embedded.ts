import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedDatabase {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts PGlite persisted under `dataDir` (or in memory when null) and serves it on a loopback
 * socket, so the same postgres.js code talks to it as to a real PostgreSQL server.
 */
export async function startEmbeddedDatabase(dataDir: string | null): Promise<EmbeddedDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
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
