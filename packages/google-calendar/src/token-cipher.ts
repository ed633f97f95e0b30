import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** What this version of the envelope binds the ciphertext to (a token blob only decrypts as one). */
const AAD = Buffer.from("crawlguard:google-tokens:v1");
const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TOKEN_KEY_BYTES = 32;

export const TOKEN_KEY_FILE = "google-token.key";

export const TOKEN_KEY_FORMAT_MESSAGE =
  "GOOGLE_TOKEN_KEY must be 32 random bytes written as 64 hex digits or in base64 (openssl rand -base64 32)";

/** Reads a key written as 64 hex digits or base64 (standard or URL-safe) of exactly 32 bytes; null otherwise. */
export function parseTokenKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replaceAll("-", "+").replaceAll("_", "/"), "base64");
  return bytes.length === TOKEN_KEY_BYTES ? bytes : null;
}

/**
 * Encrypts OAuth tokens at rest with AES-256-GCM: a fresh 12-byte IV per write, the 16-byte tag
 * checked on read, so a changed, truncated or swapped blob (or the wrong key) fails instead of
 * decrypting to garbage.
 */
export class TokenCipher {
  private readonly key: Buffer;

  /**
   * Names the key without revealing it (an HMAC of a fixed text under the key): stored beside the
   * tokens, it tells an instance whether its key is the one they were encrypted with.
   */
  readonly fingerprint: string;

  constructor(key: Buffer) {
    if (key.length !== TOKEN_KEY_BYTES) throw new Error(TOKEN_KEY_FORMAT_MESSAGE);
    this.key = Buffer.from(key);
    this.fingerprint = `k1:${createHmac("sha256", this.key).update("crawlguard:google-token-key-fingerprint:v1").digest("base64url").slice(0, 22)}`;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  }

  /** Throws when the blob was not made by this key (or was changed). */
  decrypt(blob: string): string {
    if (!blob.startsWith(PREFIX)) throw new Error("Unknown token envelope");
    const raw = Buffer.from(blob.slice(PREFIX.length), "base64");
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("Token envelope too short");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(AAD);
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  }
}

export type TokenKeySource = { kind: "env" } | { kind: "file"; path: string; created: boolean } | { kind: "missing"; reason: string };

/**
 * The key tokens are encrypted with: GOOGLE_TOKEN_KEY when set; otherwise, with the embedded
 * database only (one machine, one DATA_DIR), a key generated once into DATA_DIR/google-token.key
 * readable by the owner only. With PostgreSQL and no key there is none: several instances would
 * each make their own, and a key beside one instance's files is not the database's.
 */
export async function loadTokenKey(options: {
  envKey: string | undefined;
  dataDir: string;
  embedded: boolean;
}): Promise<{ key: Buffer | null; source: TokenKeySource }> {
  if (options.envKey !== undefined && options.envKey !== "") {
    const key = parseTokenKey(options.envKey);
    if (!key) throw new Error(TOKEN_KEY_FORMAT_MESSAGE);
    return { key, source: { kind: "env" } };
  }
  if (!options.embedded) {
    return {
      key: null,
      source: {
        kind: "missing",
        reason:
          "Google Calendar is unavailable: GOOGLE_TOKEN_KEY is not set. With DATABASE_URL the token key must come from the environment " +
          "(the same on every instance): set GOOGLE_TOKEN_KEY to 32 random bytes (openssl rand -base64 32) and restart.",
      },
    };
  }
  const file = path.join(options.dataDir, TOKEN_KEY_FILE);
  try {
    const key = parseTokenKey(await readFile(file, "utf8"));
    if (!key) throw new Error(`${file} does not hold a valid key: ${TOKEN_KEY_FORMAT_MESSAGE}`);
    return { key, source: { kind: "file", path: file, created: false } };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(TOKEN_KEY_BYTES);
  try {
    // "wx": never overwrite a key another start wrote meanwhile (it would orphan its tokens).
    await writeFile(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    await chmod(file, 0o600);
    return { key, source: { kind: "file", path: file, created: true } };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return loadTokenKey(options);
  }
}
