import { type IncomingMessage, type ServerResponse } from "node:http";
import { HttpError, calendarError, oauthError } from "./errors.js";

const MAX_BODY_BYTES = 1_000_000;

/** What every handler gets: the request, its parsed URL and the response to write. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { error: { code: 413, message: "Request Entity Too Large" } });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function isJson(req: IncomingMessage): boolean {
  return (req.headers["content-type"] ?? "").toLowerCase().includes("json");
}

/**
 * The parameters of an OAuth request: the query string, overridden by a form-encoded
 * (or JSON) body.
 */
export async function readParams(ctx: RequestContext): Promise<URLSearchParams> {
  const params = new URLSearchParams(ctx.url.searchParams);
  const text = await readText(ctx.req);
  if (!text) return params;
  let body: Iterable<[string, string]>;
  if (isJson(ctx.req)) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw oauthError(400, "invalid_request", "Invalid JSON payload received.");
    }
    if (typeof json !== "object" || json === null) throw oauthError(400, "invalid_request", "Invalid JSON payload received.");
    body = Object.entries(json).map(([k, v]) => [k, String(v)]);
  } else {
    body = new URLSearchParams(text);
  }
  for (const [key, value] of body) params.set(key, value);
  return params;
}

/** The JSON body of a Calendar request (`{}` when empty); malformed JSON is Google's 400 parseError. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw calendarError(400, "parseError", "Parse Error");
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return match?.[1];
}

/** Answers with a JSON body, uncached as Google's APIs do. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "cache-control": "no-cache, no-store, max-age=0, must-revalidate",
    ...headers,
  });
  res.end(text);
}

/** Answers with an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(html);
}

/** Answers 302 to `location`. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
}

/** Answers 204 with no body. */
export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}
