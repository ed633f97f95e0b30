import { TRPCClientError } from "@trpc/client";

/**
 * A response body as the client saw it: the raw text of the response (parsed
 * here when it is JSON) or an already-parsed JSON value.
 */
export type ResponseBody = string | null | undefined | Record<string, unknown> | unknown[] | number | boolean;

const FALLBACK_DETAIL = "Request failed";

type ParsedBody = { kind: "json"; value: unknown; text: string } | { kind: "text"; text: string };

function parseBody(body: ResponseBody): ParsedBody {
  if (body === null || body === undefined) return { kind: "text", text: "" };
  if (typeof body !== "string") return { kind: "json", value: body, text: JSON.stringify(body) };
  try {
    return { kind: "json", value: JSON.parse(body) as unknown, text: body };
  } catch {
    return { kind: "text", text: body };
  }
}

function messageOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const message = (value as { message?: unknown }).message;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}

/**
 * The text of a failed request (docs/product.md "Error catalogue"): `"{status}: {detail}"`, where
 * detail is the body's `message` when it is a non-empty string, otherwise the
 * whole JSON body as text, otherwise the plain-text body when non-empty,
 * otherwise the status text, otherwise "Request failed".
 */
export function errorText(status: number, body: ResponseBody, statusText?: string): string {
  const parsed = parseBody(body);
  const detail =
    (parsed.kind === "json" ? (messageOf(parsed.value) ?? parsed.text.trim()) : parsed.text.trim()) ||
    statusText?.trim() ||
    FALLBACK_DETAIL;
  return `${status}: ${detail}`;
}

/** Reads a fetch `Response` that was not ok and returns its error text. */
export async function responseErrorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return errorText(response.status, text, response.statusText);
}

function responseOf(meta: Record<string, unknown> | undefined): Response | undefined {
  const response = meta?.["response"];
  return typeof Response !== "undefined" && response instanceof Response ? response : undefined;
}

/** The HTTP status of a tRPC (or any) error, when the error carries one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  const status = typeof data === "object" && data !== null ? (data as { httpStatus?: unknown }).httpStatus : undefined;
  if (typeof status === "number") return status;
  return responseOf(error.meta)?.status;
}

/**
 * The same text as `errorText` for an error thrown by the tRPC client: the
 * status comes from `err.data.httpStatus`, the detail from the error body.
 * Errors without an HTTP status (network failure, non-JSON answer) give their
 * own message.
 */
export function trpcErrorText(error: unknown): string {
  if (!(error instanceof TRPCClientError)) {
    return error instanceof Error && error.message ? error.message : FALLBACK_DETAIL;
  }
  const status = httpStatusOf(error);
  if (status === undefined) return error.message || FALLBACK_DETAIL;
  const response = responseOf(error.meta);
  const body = (error.shape as ResponseBody | undefined) ?? { message: error.message };
  return errorText(status, body, response?.statusText);
}

function issuesOf(error: TRPCClientError<never>): { path: string; message: string }[] {
  const data: unknown = error.data;
  const issues = typeof data === "object" && data !== null ? (data as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i): i is { path: string; message: string } =>
      typeof i === "object" &&
      i !== null &&
      typeof (i as { message?: unknown }).message === "string" &&
      (i as { message: string }).message !== "",
  );
}

/**
 * What a person reads of a failed request: the sentence, without the status or a
 * field's name ("End must be after the start", not "400: endDateTime: End must be after the
 * start"). A refused input gives the message of each invalid field (each once); any other error
 * its message. The "status: detail" of docs/product.md "Error catalogue" stays in the body and in the console
 * (`toastErrorText`).
 */
export function readableErrorText(error: unknown): string {
  if (!(error instanceof TRPCClientError)) {
    return error instanceof Error && error.message ? error.message : FALLBACK_DETAIL;
  }
  const issues = issuesOf(error as TRPCClientError<never>);
  if (issues.length > 0) return [...new Set(issues.map((i) => i.message.trim()))].join(" ");
  const message = messageOf(error.shape) ?? (error.message.trim() || undefined);
  return message ?? FALLBACK_DETAIL;
}

/** The sentence for a staff-facing toast; the "status: detail" text of docs/product.md "Error catalogue" goes to the console. */
export function toastErrorText(error: unknown): string {
  console.error(trpcErrorText(error));
  return readableErrorText(error);
}
