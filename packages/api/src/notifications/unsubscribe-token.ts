import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * One-click unsubscribe (RFC 8058): the link carries the address and an HMAC of it under the
 * database's unsubscribe_secret (the same on every instance), so only a link we sent works.
 */

const mac = (secret: string, email: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${email.toLowerCase()}`).digest("base64url").slice(0, 32);

export function unsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email.toLowerCase()).toString("base64url")}.${mac(secret, email)}`;
}

/** The address a token unsubscribes, or null when it was not signed by us. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@")) return null;
  const expected = Buffer.from(mac(secret, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email.toLowerCase() : null;
}
