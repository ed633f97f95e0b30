import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: m=19456 KiB, t=2, p=1. 2 is Algorithm.Argon2id (a const enum).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, verified against when the account does not exist, so
 * timing does not reveal which emails are registered. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
