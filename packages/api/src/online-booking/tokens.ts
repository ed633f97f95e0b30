import { createHash, randomBytes } from "node:crypto";

/*
 * A booking's manage link (/book/{token}): 256 random bits, base64url (43 characters). Only the
 * token's SHA-256 is stored, so the database alone opens no booking.
 */

export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The homeowner's link for a token, on `origin` (PUBLIC_URL, or the address the request came to). */
export function manageUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/book/${token}`;
}
