import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/** Node's own answers to bytes its HTTP parser refuses. */
function refusal(code: string | undefined): string {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return "431 Request Header Fields Too Large";
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return "413 Payload Too Large";
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "408 Request Timeout";
    default:
      return "400 Bad Request";
  }
}

/**
 * Node answers bytes it cannot parse with a 400 and closes the connection at once, even while a
 * request that arrived complete before them on the same connection is still being handled: the
 * client reads that 400 as the answer to its request, whose work goes ahead anyway (found by the
 * fuzzer: a `Content-Length: 0` logout followed by stray bytes signed out but was answered 400).
 * Here a parse error that follows a complete request waits for that request's answer, then sends
 * the refusal and closes. A parse error inside a request (its body broke off) is refused at once,
 * as before: that request never reaches a handler (request-guards.ts reads bodies whole first).
 */
export function answerInOrder(server: Server): void {
  const inFlight = new WeakMap<Duplex, { req: IncomingMessage; res: ServerResponse }>();
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const entry = { req, res };
    inFlight.set(req.socket, entry);
    res.once("close", () => {
      if (inFlight.get(req.socket) === entry) inFlight.delete(req.socket);
    });
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    const refuse = () => {
      if (err.code === "ECONNRESET" || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(`HTTP/1.1 ${refusal(err.code)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const pending = inFlight.get(socket);
    if (pending && pending.req.complete && !pending.res.writableFinished) {
      pending.res.once("close", refuse);
      return;
    }
    refuse();
  });
}
