import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadTokenKey, parseTokenKey, TOKEN_KEY_FILE, TokenCipher } from "./token-cipher.js";

const tokens = JSON.stringify({ refreshToken: "1//refresh-secret", accessToken: "ya29.access" });

describe("TokenCipher", () => {
  const cipher = new TokenCipher(randomBytes(32));

  it("round-trips, with a fresh IV each time and no plaintext in the blob", () => {
    const a = cipher.encrypt(tokens);
    const b = cipher.encrypt(tokens);
    expect(a).not.toBe(b);
    expect(a).not.toContain("refresh-secret");
    expect(Buffer.from(a.slice(3), "base64").toString("latin1")).not.toContain("refresh-secret");
    expect(cipher.decrypt(a)).toBe(tokens);
    expect(cipher.decrypt(b)).toBe(tokens);
  });

  it("detects tampering, truncation and the wrong key", () => {
    const blob = cipher.encrypt(tokens);
    const raw = Buffer.from(blob.slice(3), "base64");
    for (const index of [0, 12, 20, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[index]! ^= 1;
      expect(() => cipher.decrypt(`v1:${changed.toString("base64")}`), `byte ${index}`).toThrow();
    }
    expect(() => cipher.decrypt(`v1:${raw.subarray(0, 20).toString("base64")}`)).toThrow();
    expect(() => cipher.decrypt(blob.slice(3))).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).decrypt(blob)).toThrow();
  });

  it("takes only 32-byte keys", () => {
    expect(() => new TokenCipher(randomBytes(16))).toThrow();
  });

  it("names its key by a fingerprint: the same for the same key, another for another, revealing nothing of it", () => {
    const key = randomBytes(32);
    const fingerprint = new TokenCipher(key).fingerprint;
    expect(fingerprint).toMatch(/^k1:[\w-]{22}$/);
    expect(new TokenCipher(Buffer.from(key)).fingerprint).toBe(fingerprint);
    expect(new TokenCipher(randomBytes(32)).fingerprint).not.toBe(fingerprint);
    for (const encoding of ["hex", "base64", "base64url"] as const) expect(fingerprint).not.toContain(key.toString(encoding).slice(0, 8));
  });
});

describe("parseTokenKey", () => {
  it("reads 64 hex digits and base64 (standard or URL-safe) of 32 bytes", () => {
    const key = randomBytes(32);
    expect(parseTokenKey(key.toString("hex"))).toEqual(key);
    expect(parseTokenKey(key.toString("base64"))).toEqual(key);
    expect(parseTokenKey(`${key.toString("base64url")}\n`)).toEqual(key);
  });

  it("refuses anything else", () => {
    expect(parseTokenKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseTokenKey("correct horse battery staple")).toBeNull();
    expect(parseTokenKey("")).toBeNull();
  });
});

describe("loadTokenKey", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("embedded without a key: generates one once into DATA_DIR, owner-only, and reads it back", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cg-key-"));
    const first = await loadTokenKey({ envKey: undefined, dataDir: dir, embedded: true });
    expect(first.source).toMatchObject({ kind: "file", created: true });
    const file = path.join(dir, TOKEN_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadTokenKey({ envKey: undefined, dataDir: dir, embedded: true });
    expect(second.source).toMatchObject({ kind: "file", created: false });
    expect(second.key).toEqual(first.key);
    expect(parseTokenKey(await readFile(file, "utf8"))).toEqual(first.key);
  });

  it("prefers GOOGLE_TOKEN_KEY and refuses a malformed one", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cg-key-"));
    const key = randomBytes(32);
    expect(await loadTokenKey({ envKey: key.toString("base64"), dataDir: dir, embedded: true })).toEqual({ key, source: { kind: "env" } });
    await expect(loadTokenKey({ envKey: "too-short", dataDir: dir, embedded: false })).rejects.toThrow(/GOOGLE_TOKEN_KEY/);
  });

  it("with PostgreSQL and no key: none, with the reason", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cg-key-"));
    const result = await loadTokenKey({ envKey: undefined, dataDir: dir, embedded: false });
    expect(result.key).toBeNull();
    expect(result.source).toMatchObject({ kind: "missing", reason: expect.stringContaining("GOOGLE_TOKEN_KEY") });
  });

  it("refuses a damaged key file instead of replacing it (that would orphan the stored tokens)", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cg-key-"));
    await writeFile(path.join(dir, TOKEN_KEY_FILE), "garbage");
    await expect(loadTokenKey({ envKey: undefined, dataDir: dir, embedded: true })).rejects.toThrow(/does not hold a valid key/);
  });
});
