/**
 * Query parameters whose values never reach a log: a password (a sign-in form sent as a GET by an
 * old page or a broken client, issue 20 §6) and an invitation link's code (issue 20 §1).
 */
export const REDACTED_QUERY_PARAMS = ["password", "invite", "inviteToken"] as const;

const REDACTED = "[REDACTED]";
const SECRET = new Set<string>(REDACTED_QUERY_PARAMS.map((p) => p.toLowerCase()));

/** The request URL as logged: each secret parameter's value replaced, everything else as sent. */
export function redactUrl(url: string): string {
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
    return SECRET.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, query + 1)}${redacted.join("&")}${url.slice(end)}`;
}
