/**
 * Query parameters whose values never reach a log: a password (a sign-in form sent as a GET by an
 * old page or a broken client), an invitation link's code, and the
 * OAuth code and state Google sends to the popup's landing page plus any token.
 */
export const REDACTED_QUERY_PARAMS = [
  "password",
  "invite",
  "inviteToken",
  "code",
  "state",
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "client_secret",
] as const;

/**
 * Paths that carry a secret themselves: the filesystem upload link `/uploads/{token}`, and a quote's
 * link `/quote/{token}` with its calls `/api/client/quotes/{token}/...`.
 */
const SECRET_PATH = /^(\/uploads\/|\/quote\/|\/api\/client\/quotes\/)[^/?#]+/;

/**
 * A booking's manage link `/book/{token}` and its calls `/api/public/booking/{token}/...`: 43
 * characters, so `/book/…` pages and `/api/public/booking/windows` stay readable.
 */
const BOOKING_TOKEN = /(\/book\/|\/api\/public\/booking\/)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** Keys whose string values are secrets wherever they appear in logged text (JSON or form-encoded). */
const SECRET_KEYS = "password|newPassword|inviteToken|invite|code|state|token|access_token|refresh_token|id_token|client_secret";
const SECRET_JSON = new RegExp(`("(?:${SECRET_KEYS})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, "gi");
const SECRET_PAIR = new RegExp(`((?:^|[?&\\s])(?:${SECRET_KEYS})=)[^&#\\s"']*`, "gi");
const SECRET_UPLOAD = /(\/uploads\/|\/quote\/|\/api\/client\/quotes\/)[A-Za-z0-9_-]{16,}/g;

/**
 * Free text as logged (an error's message or stack, a tRPC query's `input`): secret values in
 * JSON (`"code":"…"`), in query strings (`?state=…`) and upload links replaced.
 */
/** A URL's password (smtps://user:pass@host, postgres://user:pass@host). */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;

export function redactText(text: string): string {
  return text
    .replace(URL_PASSWORD, "$1[REDACTED]@")
    .replace(SECRET_JSON, '$1"[REDACTED]"')
    .replace(SECRET_PAIR, "$1[REDACTED]")
    .replace(SECRET_UPLOAD, "$1[REDACTED]")
    .replace(BOOKING_TOKEN, "$1[REDACTED]");
}

const REDACTED = "[REDACTED]";
const SECRET = new Set<string>(REDACTED_QUERY_PARAMS.map((p) => p.toLowerCase()));

/** The request URL as logged: each secret parameter's value replaced, everything else as sent. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, "$1[REDACTED]").replace(BOOKING_TOKEN, "$1[REDACTED]");
  const query = url.indexOf("?");
  if (query < 0) return url;
  const hash = url.indexOf("#", query);
  const end = hash < 0 ? url.length : hash;
  const parts = url.slice(query + 1, end).split("&");
  const redacted = parts.map((part) => {
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // Undecodable name: compare it as sent.
    }
    if (SECRET.has(name.toLowerCase())) return `${rawName}=${REDACTED}`;
    // A tRPC query's input is JSON in the URL: its secret fields go too.
    if (name === "input" && eq >= 0) return `${rawName}=${redactEncoded(part.slice(eq + 1))}`;
    return part;
  });
  return `${url.slice(0, query + 1)}${redacted.join("&")}${url.slice(end)}`;
}

function redactEncoded(value: string): string {
  try {
    const decoded = decodeURIComponent(value.replace(/\+/g, " "));
    const redacted = redactText(decoded);
    return redacted === decoded ? value : encodeURIComponent(redacted);
  } catch {
    return redactText(value);
  }
}
