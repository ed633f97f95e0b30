import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SocketWatch } from "./socket-watch.js";

/** A TCP server whose connections either echo what they get or swallow it (a path gone silent). */
async function server(mode: "echo" | "silent") {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    if (mode === "echo") socket.on("data", (chunk) => socket.write(chunk));
    else socket.pause();
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => srv.close(() => resolve()));
    },
  };
}

const closed = (socket: net.Socket) =>
  new Promise<{ at: number; error: (Error & { code?: string }) | null }>((resolve) => {
    let error: Error | null = null;
    socket.on("error", (err) => (error = err));
    socket.once("close", () => resolve({ at: performance.now(), error }));
  });

const connected = (socket: net.Socket) => new Promise<void>((resolve) => socket.once("connect", () => resolve()));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SocketWatch", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("destroys a connection whose request stays unanswered, and only that one", { timeout: 20_000 }, async () => {
    const silent = await server("silent");
    const echo = await server("echo");
    cleanups.push(silent.close, echo.close);
    const dropped: string[] = [];
    const watch = new SocketWatch({ silentAnswerMs: 2_000, silentConnectionMs: 60_000, onDestroy: (reason) => dropped.push(reason) });

    const dead = watch.postgresJs({ host: ["127.0.0.1"], port: [silent.port] });
    const alive = watch.nodePostgres();
    alive.connect(echo.port, "127.0.0.1");
    cleanups.push(
      () => void dead.destroy(),
      () => void alive.destroy(),
    );
    await Promise.all([connected(dead), connected(alive)]);
    const deadClosed = closed(dead);
    let aliveClosed = false;
    alive.once("close", () => (aliveClosed = true));

    const sentAt = performance.now();
    dead.write("SELECT 1");
    // The healthy connection asks and is answered again and again, then idles: never destroyed.
    for (let i = 0; i < 8; i++) {
      alive.write(`ping ${i}`);
      await sleep(250);
    }
    const { at, error } = await deadClosed;
    expect(at - sentAt).toBeGreaterThanOrEqual(2_000);
    expect(at - sentAt).toBeLessThan(4_500);
    expect(error?.code).toBe("CONNECTION_SILENT");
    expect(dropped).toEqual([expect.stringMatching(/^no answer from the database for \d+ s$/)]);
    await sleep(3_000);
    expect(aliveClosed).toBe(false);
    expect(watch.size).toBe(1);
  });

  it("destroys a connection silent both ways past the limit (cut off in the middle of an answer)", { timeout: 20_000 }, async () => {
    const silent = await server("silent");
    cleanups.push(silent.close);
    const watch = new SocketWatch({ silentAnswerMs: 60_000, silentConnectionMs: 2_000 });
    const socket = watch.postgresJs({ host: ["127.0.0.1"], port: [silent.port] });
    cleanups.push(() => void socket.destroy());
    await connected(socket);
    const { error } = await closed(socket);
    expect(error?.code).toBe("CONNECTION_SILENT");
  });

  it("destroyAll ends every connection it opened", async () => {
    const echo = await server("echo");
    cleanups.push(echo.close);
    const watch = new SocketWatch();
    const sockets = [0, 1].map(() => watch.postgresJs({ host: ["127.0.0.1"], port: [echo.port] }));
    await Promise.all(sockets.map(connected));
    expect(watch.size).toBe(2);
    const ends = sockets.map(closed);
    watch.destroyAll("the listener heard none of its pings");
    await Promise.all(ends);
    expect(watch.size).toBe(0);
  });
});
