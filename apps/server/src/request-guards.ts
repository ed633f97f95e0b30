import express, { type Request, type RequestHandler, type Response } from "express";

/** The largest JSON body either door reads (413 beyond it, before anything parses it). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Arrays and objects nested deeper than this are refused (400) before JSON.parse sees them. */
export const MAX_JSON_DEPTH = 32;
/** Procedures per tRPC batch request (400 beyond it). The web client does not batch. */
export const MAX_TRPC_BATCH = 10;

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
/** The methods either door answers; anything else (TRACE, CONNECT, WebDAV verbs…) is a 405. */
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const utf8 = new TextDecoder("utf-8", { fatal: true });

function refuse(res: Response, status: number, message: string, code: string): void {
  res.status(status).json({ message, code });
}

/**
 * Every /api and /trpc answer carries session-dependent or private data somewhere: no cache may
 * keep any of it.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/**
 * TRACE, CONNECT and TRACK cannot even be turned into a Fetch `Request` (which the tRPC adapter
 * does), and no operation uses any other verb: 405 with the methods we do answer.
 */
export const knownMethod: RequestHandler = (req, res, next) => {
  if (API_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", API_METHODS.join(", "));
  refuse(res, 405, `Method ${req.method} is not allowed.`, "METHOD_NOT_SUPPORTED");
};

/** A path Express cannot decode (`/trpc/%E0%A4%A`) is the client's mistake: 400, not a URIError. */
export const decodablePath: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(res, 400, "The request path has malformed percent-encoding.", "BAD_REQUEST");
  }
  next();
};

/**
 * How deeply `text` (JSON) nests arrays and objects, counting outside string literals only; stops
 * counting once `limit` is passed, so a hostile body costs one linear scan.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** `application/json`, any case, with no parameter other than a UTF-8 charset. */
function isJsonMediaType(req: Request): boolean {
  if (!req.is("application/json")) return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers["content-type"] ?? "")?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

/**
 * Reads and checks the JSON body of a POST/PUT/PATCH to /api or /trpc before either adapter sees
 * it, so both doors answer alike: 413 over MAX_BODY_BYTES, 415 for anything but JSON (media types
 * are case-insensitive and may carry a UTF-8 charset), 400 for bytes that are not UTF-8, JSON
 * nested deeper than MAX_JSON_DEPTH or not JSON at all. A request without a body (a bare
 * `curl -X POST /api/logout`, or `Content-Type: application/json` with nothing after it) reaches
 * the procedure as no input. The adapters then find `req.body` set and never parse again.
 */
export function jsonBody(door: "rest" | "trpc"): RequestHandler {
  return (req, res, next) => {
    if (!BODY_METHODS.has(req.method)) {
      // A GET or DELETE takes no body, but one that carries one is handled only once it has fully
      // and validly arrived: a DELETE whose chunked body breaks off must not delete anything.
      if (!hasBody(req)) return next();
      return readRaw(req, res, (err?: unknown) => {
        if (err) return next(err);
        req.body = undefined;
        next();
      });
    }
    const proceedWith = (body: unknown, text: string) => {
      req.headers["content-type"] = "application/json";
      // tRPC's adapter takes a string as is; trpc-to-openapi's takes the parsed value.
      req.body = door === "trpc" ? text : body;
      next();
    };
    if (!hasBody(req)) return proceedWith(undefined, "{}");
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > MAX_BODY_BYTES) return refuse(res, 413, `Request body too large (at most ${MAX_BODY_BYTES} bytes).`, "PAYLOAD_TOO_LARGE");
    if (!isJsonMediaType(req))
      return refuse(res, 415, "Send the request body as JSON (Content-Type: application/json).", "UNSUPPORTED_MEDIA_TYPE");

    readRaw(req, res, (err?: unknown) => {
      if (err) return next(err);
      const raw = req.body as Buffer | undefined;
      if (!raw || raw.length === 0) return proceedWith(undefined, "{}");
      let text: string;
      try {
        text = utf8.decode(raw);
      } catch {
        return refuse(res, 400, "The request body is not valid UTF-8.", "BAD_REQUEST");
      }
      if (text.trim() === "") return proceedWith(undefined, "{}");
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
        return refuse(res, 400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, "BAD_REQUEST");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(res, 400, "The request body is not valid JSON.", "BAD_REQUEST");
      }
      if (door === "rest" && (typeof body !== "object" || body === null || Array.isArray(body))) {
        return refuse(res, 400, "The request body must be a JSON object.", "BAD_REQUEST");
      }
      proceedWith(body, text);
    });
  };
}

/**
 * tRPC answers a batch as a JSON Lines stream when the client asks (`trpc-accept` or `Accept:
 * application/jsonl`): the headers then leave with the first result, and a later procedure that
 * sets a cookie (register, login, logout) fails after its work is done (found by the fuzzer: two
 * registrations in one streamed batch, the second created the account and answered 500). No
 * procedure streams and our client does not ask: every batch is answered whole.
 */
export const wholeTrpcAnswers: RequestHandler = (req, _res, next) => {
  delete req.headers["trpc-accept"];
  if (req.headers.accept?.toLowerCase().includes("jsonl")) delete req.headers.accept;
  next();
};

/** A tRPC query's `?input=` is JSON too: the same depth rule before tRPC parses it. */
export const trpcQueryInput: RequestHandler = (req, res, next) => {
  const input = req.query["input"];
  if (typeof input === "string" && jsonDepthExceeds(input, MAX_JSON_DEPTH)) {
    return refuse(res, 400, `The input is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, "BAD_REQUEST");
  }
  if (Array.isArray(input)) return refuse(res, 400, "Send one input parameter.", "BAD_REQUEST");
  next();
};

/** What a client is told when reading its body failed (body-parser's error types). */
export function bodyErrorMessage(err: { type?: string; message: string }): string {
  switch (err.type) {
    case "entity.too.large":
      return `Request body too large (at most ${MAX_BODY_BYTES} bytes).`;
    case "request.aborted":
      return "The request body was cut off.";
    case "request.size.invalid":
      return "The request body does not match its Content-Length.";
    case "encoding.unsupported":
      return "Unsupported Content-Encoding.";
    default:
      return err.message;
  }
}
