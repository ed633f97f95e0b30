/**
 * The texts of upload failures (docs/product.md "Error catalogue" quotes the upload component's: 'Request has
 * expired', 'Non 2xx', 'Unknown error'). The server's own message wins when there is one: our
 * upload route answers JSON `{ message }`, S3 answers XML with a `<Message>` (an expired
 * presigned link says 'Request has expired').
 */
export const UNKNOWN_UPLOAD_ERROR = "Unknown error";
export const NETWORK_UPLOAD_ERROR = "The upload could not reach the server. Check the connection and try again.";

/** `{ "message": "..." }` (our API and upload route) or S3's `<Error><Message>...</Message></Error>`. */
export function messageInBody(body: unknown): string | undefined {
  if (typeof body !== "string" || body.trim() === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const message = typeof parsed === "object" && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
    return typeof message === "string" && message.trim() !== "" ? message.trim() : undefined;
  } catch {
    const xml = /<Message>([^<]+)<\/Message>/.exec(body)?.[1]?.trim();
    return xml || undefined;
  }
}

type ErrorLike = { name?: unknown; message?: unknown; status?: unknown; body?: unknown; code?: unknown; cause?: unknown };

/** What went wrong with an upload, in words for the form. */
export function uploadErrorText(error: unknown): string {
  if (typeof error !== "object" || error === null) return UNKNOWN_UPLOAD_ERROR;
  const e = error as ErrorLike;
  const fromBody = messageInBody(e.body);
  if (fromBody) return fromBody;
  // The upload link could not be had (gallery.upload refused): its message is the server's.
  if (e.name === "TRPCClientError" && typeof e.message === "string" && e.message.trim()) return e.message;
  if (typeof e.status === "number" && (e.status < 200 || e.status >= 300) && e.status !== 0) return `Non 2xx response (HTTP ${e.status})`;
  if (e.code === "NETWORK" || e.name === "S3NetworkError") return NETWORK_UPLOAD_ERROR;
  return typeof e.message === "string" && e.message.trim() ? e.message : UNKNOWN_UPLOAD_ERROR;
}
