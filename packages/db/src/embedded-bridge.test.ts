import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.js";

// The embedded database's one backend is shared by every client of the bridge and by an
// in-process task it is lent to (a backup's pg_dump). A client's extended-query cycle (Parse, Bind,
// Execute … Sync) must not be split by anything else: its unnamed statement would be replaced
// ("bind message supplies 1 parameters, but prepared statement "" requires 2", seen as a 500 while a
// backup ran under write load).

const message = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** A wire-protocol client of the bridge that records every message the backend sends. */
class RawClient {
  readonly received: { type: string; body: Buffer }[] = [];
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: net.Socket) {}

  static async signIn(db: EmbeddedDatabase): Promise<RawClient> {
    const socket = net.connect(db.path);
    const client = new RawClient(socket);
    socket.on("data", (chunk: Buffer) => client.take(chunk, db.password));
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => {
        const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
        socket.write(Buffer.concat([int32(8 + params.length), int32(196608), params]));
        resolve();
      });
      socket.once("error", reject);
    });
    await client.until("Z");
    return client;
  }

  private take(chunk: Buffer, password: string) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 5) {
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) break;
      const type = String.fromCharCode(this.buffer[0]!);
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      if (type === "R" && body.readInt32BE(0) === 3) this.socket.write(message("p", cstring(password)));
      this.received.push({ type, body });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits until the backend has sent a message of this type (counting from `from`). */
  async until(type: string, from = 0): Promise<number> {
    for (;;) {
      const index = this.received.findIndex((m, i) => i >= from && m.type === type);
      if (index !== -1) return index;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

describe("the embedded database's bridge keeps each extended-query cycle whole", () => {
  let dir: string;
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-bridge-"));
    db = await startEmbeddedDatabase(path.join(dir, "data"));
  });
  afterAll(async () => {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("runs a backup only after a client's cycle has ended, and the client's Bind finds its own statement", async () => {
    const client = await RawClient.signIn(db);
    // Parse the unnamed statement (two parameters) and flush: the backend has parsed it.
    client.socket.write(Buffer.concat([message("P", cstring(""), cstring("SELECT $1::int + $2::int AS sum"), int16(0)), message("H")]));
    await client.until("1");
    // A backup now: its own queries would replace the unnamed statement if they ran before our Sync.
    let dumped = false;
    const dump = db.dump().then((sql) => {
      dumped = true;
      return sql;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dumped).toBe(false); // it waits for the cycle
    const from = client.received.length;
    client.socket.write(
      Buffer.concat([
        message("B", cstring(""), cstring(""), int16(0), int16(2), int32(1), Buffer.from("1"), int32(1), Buffer.from("2"), int16(0)),
        message("E", cstring(""), int32(0)),
        message("S"),
      ]),
    );
    await client.until("Z", from);
    const answered = client.received.slice(from);
    expect(answered.filter((m) => m.type === "E").map((m) => m.body.toString())).toEqual([]);
    const row = answered.find((m) => m.type === "D")!;
    expect(row.body.subarray(6).toString()).toBe("3"); // one column, its length, "3"
    expect(await dump).toContain("PostgreSQL database dump");
    client.socket.destroy();
  });

  it("closes the cycle of a client that leaves in the middle of it: the next client and a backup go on", async () => {
    const gone = await RawClient.signIn(db);
    gone.socket.write(
      Buffer.concat([
        message("P", cstring(""), cstring("SELECT 1/0"), int16(0)),
        message("B", cstring(""), cstring(""), int16(0), int16(0), int16(0)),
        message("E", cstring(""), int32(0)),
        message("H"),
      ]),
    );
    await gone.until("E"); // division by zero: the backend now skips everything until a Sync
    gone.socket.destroy();
    // Without a Sync for it, the backend would skip the next client's query too.
    const next = await RawClient.signIn(db);
    const from = next.received.length;
    next.socket.write(message("Q", cstring("SELECT 40 + 2")));
    await next.until("Z", from);
    const answered = next.received.slice(from);
    expect(answered.filter((m) => m.type === "E")).toEqual([]);
    expect(
      answered
        .find((m) => m.type === "D")!
        .body.subarray(6)
        .toString(),
    ).toBe("42");
    next.socket.destroy();
    expect(await db.dump()).toContain("PostgreSQL database dump");
  });
});
