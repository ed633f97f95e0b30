import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * What a token vouches for. A token issued for one purpose never verifies for another, so the
 * "your message was sent" link cannot stand in for a form's time of showing, nor a contact form's
 * time for the booking form's (/book).
 */
export type TokenPurpose = "contact-form-shown" | "contact-form-sent" | "booking-form-shown";

export type TokenCheck = { ok: true; ageMs: number } | { ok: false; reason: "missing" | "malformed" | "forged" | "expired" };

export interface FormTokens {
  /** `<issued ms, base 36>.<HMAC-SHA256, 128 bits, base64url>` */
  issue(purpose: TokenPurpose, now?: number): string;
  /** The token's age if this server (or one sharing its secret) issued it for `purpose` within `maxAgeMs`. */
  verify(purpose: TokenPurpose, token: string | undefined, maxAgeMs: number, now?: number): TokenCheck;
}

/** Servers' clocks may disagree a little when several share a secret. */
const CLOCK_SKEW_MS = 5_000;
const SIGNATURE_CHARS = 22;
const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{22})$/;

/**
 * Signed timestamps for pages rendered on the server: the time a contact form was shown (so a
 * script-less submission's time-to-submit is measured by the server, not claimed by the client)
 * and the success link after a submission. With `secret` (CONTACT_FORM_SECRET) every server
 * instance and restart agrees; without it a random key per process is used, and forms rendered
 * before a restart come back as expired (values kept, the visitor sends again).
 */
export function createFormTokens(secret?: string): FormTokens {
  const key = secret ? createHash("sha256").update(`crawlguard-form-tokens:${secret}`).digest() : randomBytes(32);
  const sign = (purpose: TokenPurpose, issued: string) =>
    createHmac("sha256", key).update(`${purpose}:${issued}`).digest("base64url").slice(0, SIGNATURE_CHARS);

  return {
    issue(purpose, now = Date.now()) {
      const issued = Math.floor(now).toString(36);
      return `${issued}.${sign(purpose, issued)}`;
    },
    verify(purpose, token, maxAgeMs, now = Date.now()) {
      if (!token) return { ok: false, reason: "missing" };
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, reason: "malformed" };
      const [, issued = "", signature = ""] = match;
      const expected = Buffer.from(sign(purpose, issued));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: "forged" };
      const age = now - parseInt(issued, 36);
      if (age < -CLOCK_SKEW_MS || age > maxAgeMs) return { ok: false, reason: "expired" };
      return { ok: true, ageMs: Math.max(0, age) };
    },
  };
}
