import { createHash, randomBytes } from "node:crypto";

const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";

/** A random URL-safe secret of `bytes` random bytes (codes and tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A random event id as Google makes them: 26 lowercase base32hex characters. */
export function randomEventId(): string {
  return Array.from(randomBytes(26), (b) => BASE32HEX[b & 31]).join("");
}

/** Google's numeric account id (`sub`) for an email: 21 digits, the same on every run. */
export function accountSubject(email: string): string {
  const digest = createHash("sha256").update(email.toLowerCase()).digest("hex");
  return `1${BigInt(`0x${digest.slice(0, 16)}`)
    .toString()
    .padStart(20, "0")
    .slice(0, 20)}`;
}
