/**
 * HTTP/1.1 over a raw TCP socket: the fuzzer must send what no well-behaved client library
 * would (invalid UTF-8, control characters in headers, a Content-Length that lies, bare LF line
 * ends), so it writes the bytes itself and parses the answer itself.
 */
import net from "node:net";
import zlib from "node:zlib";

export interface WireRequest {
  method: string;
  /** The request-target as written on the request line (latin1: one char per byte). */
  target: string;
  headers: [string, string][];
  body: Buffer | null;
  /** Line ending of the head ("\r\n" unless a mutation says otherwise). */
  eol?: string;
  /** Request line protocol. */
  protocol?: string;
  /** Close our sending side right after the body (a client that lied about the length hangs up). */
  halfClose?: boolean;
  /** Send the body as chunked transfer encoding (with a broken chunk size when "broken"). */
  chunked?: "valid" | "broken";
}

export interface WireResponse {
  status: number;
  headers: [string, string][];
  /** The body, decompressed. */
  body: Buffer;
  text: string;
  durationMs: number;
  /** Why no complete answer came: "timeout", "closed", or a socket error code. */
  failure?: string;
}

export function header(res: Pick<WireResponse, "headers">, name: string): string | undefined {
  const lower = name.toLowerCase();
  return res.headers.find(([k]) => k === lower)?.[1];
}

export function headerAll(res: Pick<WireResponse, "headers">, name: string): string[] {
  const lower = name.toLowerCase();
  return res.headers.filter(([k]) => k === lower).map(([, v]) => v);
}

function encodeHead(req: WireRequest): Buffer {
  const eol = req.eol ?? "\r\n";
  let head = `${req.method} ${req.target} ${req.protocol ?? "HTTP/1.1"}${eol}`;
  for (const [name, value] of req.headers) head += `${name}: ${value}${eol}`;
  return Buffer.from(head + eol, "latin1");
}

function chunkedBody(body: Buffer, mode: "valid" | "broken"): Buffer {
  if (mode === "broken") return Buffer.concat([Buffer.from("zz\r\n"), body, Buffer.from("\r\n0\r\n\r\n")]);
  const half = Math.ceil(body.length / 2);
  const parts = [body.subarray(0, half), body.subarray(half)].filter((p) => p.length > 0);
  return Buffer.concat([
    ...parts.flatMap((p) => [Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from("\r\n")]),
    Buffer.from("0\r\n\r\n"),
  ]);
}

interface Parsed {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Parses one complete response from `buf`, skipping 1xx interim answers; null while incomplete. */
export function parseResponse(buf: Buffer, method: string, ended: boolean): Parsed | null {
  let offset = 0;
  for (;;) {
    const end = buf.indexOf("\r\n\r\n", offset);
    if (end < 0) return null;
    const lines = buf.subarray(offset, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(lines[0] ?? "")?.[1] ?? NaN);
    if (!Number.isFinite(status)) throw new Error(`Unparsable status line: ${JSON.stringify(lines[0])}`);
    const headers = lines.slice(1).map((line): [string, string] => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
    const rest = buf.subarray(end + 4);
    if (status >= 100 && status < 200) {
      offset = end + 4;
      continue;
    }
    const get = (name: string) => headers.find(([k]) => k === name)?.[1];
    if (method === "HEAD" || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    if (/chunked/i.test(get("transfer-encoding") ?? "")) {
      const body = dechunk(rest);
      return body ? { status, headers, body } : null;
    }
    const length = get("content-length");
    if (length !== undefined) {
      const n = Number(length);
      return rest.length >= n ? { status, headers, body: rest.subarray(0, n) } : null;
    }
    return ended ? { status, headers, body: rest } : null;
  }
}

function dechunk(buf: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = buf.indexOf("\r\n", offset);
    if (lineEnd < 0) return null;
    const size = parseInt(buf.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) throw new Error("Bad chunk size in response");
    if (size === 0) return buf.indexOf("\r\n", lineEnd + 2) >= 0 ? Buffer.concat(parts) : null;
    if (buf.length < lineEnd + 2 + size + 2) return null;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return zlib.gunzipSync(body);
    case "deflate":
      return zlib.inflateSync(body);
    case "br":
      return zlib.brotliDecompressSync(body);
    default:
      return body;
  }
}

export interface Endpoint {
  host: string;
  port: number;
}

export function endpointOf(baseUrl: string): Endpoint {
  const url = new URL(baseUrl);
  return { host: url.hostname, port: Number(url.port || 80) };
}

/** Sends one request on a new connection and reads one response (or reports why none came). */
export function send(endpoint: Endpoint, req: WireRequest, timeoutMs = 15_000): Promise<WireResponse> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const socket = net.connect({ host: endpoint.host, port: endpoint.port, allowHalfOpen: true });
    const finish = (failure?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const buf = Buffer.concat(chunks);
      let parsed: Parsed | null = null;
      let parseError: string | undefined;
      try {
        parsed = parseResponse(buf, req.method, true);
      } catch (err) {
        parseError = (err as Error).message;
      }
      const durationMs = performance.now() - started;
      if (!parsed) {
        resolve({
          status: 0,
          headers: [],
          body: buf,
          text: buf.toString("latin1").slice(0, 2000),
          durationMs,
          failure: parseError ?? failure ?? "closed",
        });
        return;
      }
      let body = parsed.body;
      try {
        body = decompress(parsed.body, parsed.headers.find(([k]) => k === "content-encoding")?.[1]);
      } catch {
        // Reported by the invariants as an unreadable body.
      }
      resolve({
        status: parsed.status,
        headers: parsed.headers,
        body,
        text: body.toString("utf8"),
        durationMs,
        ...(failure && failure !== "complete" ? { failure } : {}),
      });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("data", (data: Buffer) => {
      chunks.push(data);
      try {
        if (parseResponse(Buffer.concat(chunks), req.method, false)) finish("complete");
      } catch {
        finish("unparsable");
      }
    });
    socket.on("end", () => finish());
    socket.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.on("connect", () => {
      const body = req.body && req.chunked ? chunkedBody(req.body, req.chunked) : req.body;
      socket.write(body ? Buffer.concat([encodeHead(req), body]) : encodeHead(req));
      if (req.halfClose) socket.end();
    });
  });
}
