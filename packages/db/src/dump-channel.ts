import { chmod, readFile, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

/**
 * The local channel a running server hands out dumps of its embedded database on (ADR 022).
 * PGlite's data directory can be opened by one process only, so `npm run db:backup` asks the
 * server that has it open. The socket is owner-only (0600, in the 0700 DATA_DIR or a private
 * temporary directory): the only OS user who can connect is the one who can read DATA_DIR anyway.
 * It answers one thing, a read-only dump; it never runs a client's SQL.
 *
 * Protocol: the client writes `DUMP\n`; the server answers `OK\n` and the dump, or `ERR <reason>\n`,
 * and hangs up.
 */
/** Shorter than the database socket's name, so it fits wherever that one does (Unix socket paths: ~100 bytes). */
export const DUMP_SOCKET_NAME = ".s.dump";
/** When the socket cannot live in DATA_DIR (path too long), this file in DATA_DIR holds its path. */
export const DUMP_POINTER = ".dump-socket";

export async function serveDumps(socketPath: string, dump: () => Promise<string>): Promise<{ path: string; close(): Promise<void> }> {
  // The database's own socket proved no other server runs on this directory: one left here is stale.
  await rm(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let request = "";
    let answered = false;
    socket.on("data", (chunk: Buffer) => {
      if (answered) return;
      request += chunk.toString("utf8");
      if (!request.includes("\n")) {
        if (request.length > 100) socket.end("ERR bad request\n");
        return;
      }
      answered = true;
      if (request.trim() !== "DUMP") return void socket.end("ERR unknown request\n");
      dump().then(
        (sql) => socket.end(`OK\n${sql}`),
        (err: unknown) => socket.end(`ERR ${String(err instanceof Error ? err.message : err).replaceAll("\n", " ")}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await rm(socketPath, { force: true });
    },
  };
}

/** Where a server on `dataDir` serves dumps, or null when none is running there. */
export async function findDumpSocket(dataDir: string): Promise<string | null> {
  const candidates = [path.join(dataDir, DUMP_SOCKET_NAME)];
  const pointer = await readFile(path.join(dataDir, DUMP_POINTER), "utf8").catch(() => null);
  if (pointer) candidates.push(pointer.trim());
  for (const candidate of candidates) {
    const alive = await new Promise<boolean>((resolve) => {
      const probe = net.connect(candidate);
      probe.once("connect", () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => resolve(false));
    });
    if (alive) return candidate;
  }
  return null;
}

/** Asks the server listening on `socketPath` for a dump of its embedded database. */
export function requestDump(socketPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath, () => socket.write("DUMP\n"));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", reject);
    socket.once("end", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      if (answer.startsWith("OK\n")) resolve(answer.slice(3));
      else
        reject(
          new Error(answer.startsWith("ERR ") ? `the server could not dump the database: ${answer.slice(4).trim()}` : "the server hung up"),
        );
    });
  });
}
