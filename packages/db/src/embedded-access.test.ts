import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase, SOCKET_NAME } from "./embedded.js";
import { openDatabase, type Database } from "./open.js";

const mode = async (file: string) => (await stat(file)).mode & 0o777;

/** Speaks the wire protocol to the socket: a startup packet, then a password message. */
async function rawSignIn(socketPath: string, password: string | null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on("connect", () => {
      const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + params.length, 0);
      startup.writeInt32BE(196608, 4);
      socket.write(Buffer.concat([startup, params]));
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      // AuthenticationCleartextPassword asked: answer it (or hang up without one).
      if (all.length === 9 && all[0] === 0x52 && all.readInt32BE(5) === 3) {
        if (password === null) return void socket.end();
        const body = Buffer.from(`${password}\0`);
        const head = Buffer.alloc(5);
        head.write("p", 0);
        head.writeInt32BE(4 + body.length, 1);
        socket.write(Buffer.concat([head, body]));
      }
    });
    socket.on("close", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
}

/** Signs in with `password`, runs `query` as one simple query and answers the socket and the transaction status. */
async function rawSession(socketPath: string, password: string, query: string): Promise<{ socket: net.Socket; status: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = Buffer.alloc(0);
    let sentQuery = false;
    const message = (type: string, body: Buffer) => {
      const head = Buffer.alloc(5);
      head.write(type, 0);
      head.writeInt32BE(4 + body.length, 1);
      return Buffer.concat([head, body]);
    };
    socket.on("connect", () => {
      const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + params.length, 0);
      startup.writeInt32BE(196608, 4);
      socket.write(Buffer.concat([startup, params]));
    });
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 5) {
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const type = String.fromCharCode(buffer[0]!);
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === "R" && body.readInt32BE(0) === 3) socket.write(message("p", Buffer.from(`${password}\0`)));
        if (type === "E") reject(new Error(body.toString()));
        if (type === "Z" && !sentQuery) {
          sentQuery = true;
          socket.write(message("Q", Buffer.from(`${query}\0`)));
        } else if (type === "Z") {
          resolve({ socket, status: String.fromCharCode(body[0]!) });
        }
      }
    });
    socket.on("error", reject);
  });
}

describe("embedded database access", () => {
  let dir: string;
  let dataDir: string;
  let db: Database;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-access-"));
    dataDir = path.join(dir, "data");
    // A DATA_DIR left readable by everybody (an older version, a lax umask), with a key file and
    // an uploads directory, and the socket a killed start left behind.
    await mkdir(path.join(dataDir, "files", "gallery"), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    await writeFile(path.join(dataDir, "google-token.key"), "x\n", { mode: 0o644 });
    await writeFile(path.join(dataDir, "files", "gallery", "a.webp"), "x", { mode: 0o644 });
    const stale = spawn(
      process.execPath,
      ["-e", `require("net").createServer().listen(${JSON.stringify(path.join(dataDir, SOCKET_NAME))}, () => console.log("up"))`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => stale.stdout.once("data", resolve));
    stale.kill("SIGKILL");
    await new Promise((resolve) => stale.once("exit", resolve));
    expect(existsSync(path.join(dataDir, SOCKET_NAME))).toBe(true);

    db = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("makes DATA_DIR and everything in it owner-only, also when it already existed", async () => {
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, "google-token.key"))).toBe(0o600);
    expect(await mode(path.join(dataDir, "files"))).toBe(0o700);
    expect(await mode(path.join(dataDir, "files", "gallery"))).toBe(0o700);
    expect(await mode(path.join(dataDir, "files", "gallery", "a.webp"))).toBe(0o600);
    // The database's own files, written by PGlite after the start.
    await db.sql`CREATE TABLE mode_probe (x int)`;
    await db.sql`INSERT INTO mode_probe VALUES (1)`;
    expect(await mode(path.join(dataDir, "PG_VERSION"))).toBe(0o600);
    expect(await mode(path.join(dataDir, "base"))).toBe(0o700);
    expect(await mode(path.join(dataDir, "pg_wal"))).toBe(0o700);
    const open: string[] = [];
    for (const entry of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if ((await lstat(file)).mode & 0o077) open.push(file);
    }
    expect(open).toEqual([]);
  });

  it("serves on an owner-only Unix socket inside DATA_DIR, replacing the stale one", async () => {
    const socket = path.join(dataDir, SOCKET_NAME);
    expect((await stat(socket)).isSocket()).toBe(true);
    expect(await mode(socket)).toBe(0o600);
    const [row] = await db.sql<{ one: number }[]>`SELECT 1 AS one`;
    expect(row).toEqual({ one: 1 });
  });

  it("refuses a client without this start's password before it reaches the database", async () => {
    const socket = path.join(dataDir, SOCKET_NAME);
    const settingsNow = () => db.sql<{ searchPath: string; timeout: string; role: string }[]>`
      SELECT current_setting('search_path') AS search_path, current_setting('statement_timeout') AS timeout, current_user AS role`;
    const [before] = await settingsNow();
    expect(before).toMatchObject({ timeout: "0", role: "postgres" });
    for (const password of ["", "postgres", "wrong"]) {
      const stranger = postgres({ path: socket, username: "postgres", password, database: "postgres", max: 1, onnotice: () => {} });
      await expect(stranger`SET search_path = ''`).rejects.toMatchObject({ code: "28P01" });
      await expect(stranger`SET statement_timeout = 1`).rejects.toMatchObject({ code: "28P01" });
      await stranger.end();
    }
    const answer = await rawSignIn(socket, "wrong");
    expect(answer.subarray(9).toString()).toContain("28P01");
    expect(answer.subarray(9).toString()).toContain("password authentication failed");
    // Hanging up at the password prompt leaves nothing behind either.
    expect((await rawSignIn(socket, null)).length).toBe(9);
    // The app's session is untouched: default search path, no statement timeout, its own role.
    expect((await settingsNow())[0]).toEqual(before);
    const [count] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mode_probe`;
    expect(count).toEqual({ n: 1 });
  });

  it("refuses a second start on the same DATA_DIR while the first is serving", async () => {
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/another server is using the embedded database/);
    const [row] = await db.sql<{ one: number }[]>`SELECT 1 AS one`;
    expect(row).toEqual({ one: 1 });
  });

  it("keeps a client's transaction to itself and rolls it back when the client goes away", async () => {
    const memory = await startEmbeddedDatabase(null);
    const connect = () => postgres({ path: memory.path, username: "postgres", password: memory.password, database: "postgres", max: 1 });
    const b = connect();
    try {
      await b`CREATE TABLE t (x int)`;
      // A signs in and leaves a transaction open (ReadyForQuery says "T"), over the raw protocol.
      const a = await rawSession(memory.path, memory.password, "BEGIN; INSERT INTO t VALUES (1);");
      expect(a.status).toBe("T");
      // B's statement waits for A's transaction instead of running inside it.
      let seen: number | undefined;
      const waiting = b<{ n: number }[]>`SELECT count(*)::int AS n FROM t`.then((rows) => (seen = rows[0]!.n));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toBeUndefined();
      // A goes away mid-transaction: its insert is rolled back and B goes on.
      a.socket.destroy();
      await waiting;
      expect(seen).toBe(0);
      expect(await b`SELECT count(*)::int AS n FROM t`).toEqual([{ n: 0 }]);
    } finally {
      await b.end();
      await memory.stop();
    }
  });

  it("puts the socket in a private directory when DATA_DIR's path is too long for one", async () => {
    const deep = path.join(dir, "d".repeat(120));
    const long = await startEmbeddedDatabase(deep);
    try {
      expect(path.dirname(long.path)).not.toBe(deep);
      expect(await mode(path.dirname(long.path))).toBe(0o700);
      expect(await mode(long.path)).toBe(0o600);
      expect(await mode(deep)).toBe(0o700);
      const client = postgres({ path: long.path, username: "postgres", password: long.password, database: "postgres", max: 1 });
      expect(await client`SELECT 3 AS three`).toEqual([{ three: 3 }]);
      await client.end();
    } finally {
      await long.stop();
    }
    expect(existsSync(path.dirname(long.path))).toBe(false);
  });

  it("listens on no TCP port and, in memory, uses a private directory it removes at stop", async () => {
    const memory = await startEmbeddedDatabase(null);
    expect(Object.keys(memory).sort()).toEqual(["dump", "password", "path", "stop"]); // dump: ADR 022
    expect(await mode(path.dirname(memory.path))).toBe(0o700);
    expect(await mode(memory.path)).toBe(0o600);
    expect(memory.password.length).toBeGreaterThanOrEqual(32);
    const client = postgres({ path: memory.path, username: "postgres", password: memory.password, database: "postgres", max: 1 });
    expect(await client`SELECT 2 AS two`).toEqual([{ two: 2 }]);
    await client.end();
    await memory.stop();
    expect(existsSync(path.dirname(memory.path))).toBe(false);
  });
});
