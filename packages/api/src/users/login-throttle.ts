import { transaction, type Sql } from "@crawlguard/db";
import { clientKey } from "../client-key.js";
import { rateLimited, type RateLimitInfo } from "../errors.js";
import type { Queryable } from "../queryable.js";

/**
 * Sign-in throttling (the threat model and the numbers are in
 * docs/decisions/015-login-throttling.md). Failures are counted per (account, address) pair, so a
 * stranger's guesses slow down only the stranger; exponential delays replace the old hard lock; an
 * account under attack from many addresses, and an address spraying many accounts, slow down
 * only the addresses that never signed in to the account. Counting and deciding are one step:
 * each attempt reserves its failure row in the transaction that decided it may go ahead, and the
 * row is removed only when the password proves right, so a tRPC batch or a burst of concurrent
 * requests never gets more guesses than one at a time would.
 */
export const LOGIN_LIMITS = {
  /** Failures of one (account, address) pair before delays start. */
  pairFreeFailures: 5,
  /** How long a pair's failures count (a sign-in from the pair clears them). */
  pairWindowMs: 24 * 60 * 60 * 1000,
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstDelayMs: 1000,
  /** The longest wait between two attempts. */
  maxDelayMs: 15 * 60 * 1000,
  /** Failures of one account from all addresses in `accountWindowMs` that put it "under attack". */
  accountCeiling: 20,
  accountWindowMs: 15 * 60 * 1000,
  /** Failures from one address, across all accounts, in `addressWindowMs` before delays start. */
  addressFreeFailures: 20,
  addressWindowMs: 15 * 60 * 1000,
  /** How long an address an account signed in from stays "known" to it after its last sign-in. */
  knownAddressMs: 90 * 24 * 60 * 60 * 1000,
} as const;

/** What the database says about an attempt's account and address, at `now` (ms). */
export interface ThrottleState {
  now: number;
  /** Failures of this (account, address) pair in its window, and when the last one was. */
  pair: { count: number; last: number | null };
  /** Failures of the account from every address in the account window. */
  accountCount: number;
  /** Failures from the address for every account in the address window, and when the last one was. */
  address: { count: number; last: number | null };
  /** Whether the account signed in from this address before (within `knownAddressMs`). */
  known: boolean;
}

/** The wait after `failures` failures, `free` of them without one: 1 s, 2 s, 4 s ... up to 15 minutes. */
export function backoffMs(failures: number, free: number, limits = LOGIN_LIMITS): number {
  if (failures < free) return 0;
  return Math.min(limits.firstDelayMs * 2 ** Math.min(failures - free, 30), limits.maxDelayMs);
}

export interface Refusal {
  /** Milliseconds until an attempt from this address for this account is allowed again. */
  waitMs: number;
  policy: Omit<RateLimitInfo, "retryAfterSeconds">;
}

/**
 * Whether an attempt may go ahead now, and if not, how long it must wait and which policy says so.
 * The longest of the waits the rules impose wins:
 * - the pair: 5 failures free, then 1 s doubling to 15 minutes after each further failure;
 * - an account under attack (20 failures from all addresses in 15 minutes): an address that never
 *   signed in to it gets one try, then waits 15 minutes after each failure;
 * - an address spraying accounts (20 failures in 15 minutes): 1 s doubling to 15 minutes, except
 *   for an account that signed in from this address before (the office behind one NAT).
 */
export function throttleDecision(state: ThrottleState, limits = LOGIN_LIMITS): Refusal | null {
  const refusals: Refusal[] = [];
  const waitUntil = (last: number | null, delay: number) => (last === null ? 0 : last + delay - state.now);
  const { pair, address } = state;
  if (pair.count >= limits.pairFreeFailures) {
    refusals.push({
      waitMs: waitUntil(pair.last, backoffMs(pair.count, limits.pairFreeFailures, limits)),
      policy: { policy: "login-account-address", quota: limits.pairFreeFailures, windowSeconds: limits.pairWindowMs / 1000 },
    });
  }
  if (!state.known && state.accountCount >= limits.accountCeiling && pair.count >= 1) {
    refusals.push({
      waitMs: waitUntil(pair.last, limits.maxDelayMs),
      policy: { policy: "login-account", quota: limits.accountCeiling, windowSeconds: limits.accountWindowMs / 1000 },
    });
  }
  if (!state.known && address.count >= limits.addressFreeFailures) {
    refusals.push({
      waitMs: waitUntil(address.last, backoffMs(address.count, limits.addressFreeFailures, limits)),
      policy: { policy: "login-address", quota: limits.addressFreeFailures, windowSeconds: limits.addressWindowMs / 1000 },
    });
  }
  const longest = refusals.filter((r) => r.waitMs > 0).sort((a, b) => b.waitMs - a.waitMs)[0];
  return longest ?? null;
}

/** "45 seconds", "1 minute", "15 minutes": the wait a refusal tells the person, rounded up. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function tooManyAttempts(refusal: Refusal) {
  return rateLimited(`Too many failed login attempts. Please wait ${describeWait(refusal.waitMs)} and try again.`, {
    ...refusal.policy,
    retryAfterSeconds: refusal.waitMs / 1000,
  });
}

/** An attempt that was allowed: its reserved failure row, removed if the password proves right. */
export interface LoginAttempt {
  id: string;
  account: string;
  address: string;
}

/**
 * Decides whether an attempt for `account` (the lower-cased email) from the client address `ip` may
 * go ahead and, when it may, reserves its failure in the same transaction (429 DomainError
 * otherwise; a refused attempt is not counted, so waiting always works). The address counts as its
 * `clientKey` (an IPv6 client by its /64), for its failures and for the accounts it is known to.
 * The account's and the address's advisory locks (always in that order) make concurrent attempts
 * decide one after the other, on every instance.
 */
export async function beginLoginAttempt(sql: Sql, account: string, ip: string, limits = LOGIN_LIMITS): Promise<LoginAttempt> {
  const address = clientKey(ip);
  const attempt = await transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(1, hashtext(${account}))`;
    await tx`SELECT pg_advisory_xact_lock(2, hashtext(${address}))`;
    const [clock] = await tx<{ now: Date }[]>`SELECT clock_timestamp() AS now`;
    const now = clock!.now;
    const ms = now.getTime();
    const [pair] = await tx<{ n: number; last: Date | null }[]>`
      SELECT count(*)::int AS n, max(failed_at) AS last FROM login_failures
      WHERE account = ${account} AND address = ${address} AND failed_at > ${new Date(ms - limits.pairWindowMs)}`;
    const [accountRow] = await tx<{ n: number }[]>`
      SELECT count(*)::int AS n FROM login_failures WHERE account = ${account} AND failed_at > ${new Date(ms - limits.accountWindowMs)}`;
    const [addressRow] = await tx<{ n: number; last: Date | null }[]>`
      SELECT count(*)::int AS n, max(failed_at) AS last FROM login_failures
      WHERE address = ${address} AND failed_at > ${new Date(ms - limits.addressWindowMs)}`;
    const [known] = await tx<{ known: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM login_known_addresses
        WHERE account = ${account} AND address = ${address} AND signed_in_at > ${new Date(ms - limits.knownAddressMs)}
      ) AS known`;
    const refusal = throttleDecision(
      {
        now: ms,
        pair: { count: pair?.n ?? 0, last: pair?.last?.getTime() ?? null },
        accountCount: accountRow?.n ?? 0,
        address: { count: addressRow?.n ?? 0, last: addressRow?.last?.getTime() ?? null },
        known: known?.known ?? false,
      },
      limits,
    );
    if (refusal) return refusal;
    await tx`DELETE FROM login_failures WHERE account = ${account} AND address = ${address} AND failed_at <= ${new Date(ms - limits.pairWindowMs)}`;
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO login_failures (account, address, failed_at) VALUES (${account}, ${address}, ${now}) RETURNING id::text AS id`;
    return { id: row!.id, account, address };
  });
  if ("waitMs" in attempt) throw tooManyAttempts(attempt);
  sweepSometimes(sql, limits);
  return attempt;
}

/**
 * The password was right: the pair's failures go (its typos no longer count anywhere) and the
 * address becomes known to the account.
 */
export async function loginSucceeded(sql: Sql, attempt: LoginAttempt): Promise<void> {
  await transaction(sql, async (tx) => {
    await tx`DELETE FROM login_failures WHERE account = ${attempt.account} AND address = ${attempt.address}`;
    await tx`
      INSERT INTO login_known_addresses (account, address, signed_in_at) VALUES (${attempt.account}, ${attempt.address}, now())
      ON CONFLICT (account, address) DO UPDATE SET signed_in_at = excluded.signed_in_at`;
  });
}

/** The attempt ended without an answer about the password (an unexpected failure): it does not count. */
export async function loginAbandoned(sql: Queryable, attempt: LoginAttempt): Promise<void> {
  await sql`DELETE FROM login_failures WHERE id = ${attempt.id}`;
}

/** Forgets an account's failures from every address (an administrator reset its password). */
export async function clearLoginFailures(sql: Queryable, account: string): Promise<void> {
  await sql`DELETE FROM login_failures WHERE account = ${account.toLowerCase()}`;
}

const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/**
 * At most once a minute per process, removes failures and known addresses past their windows
 * (each attempt already removes its own pair's old failures); rows of keys never tried again
 * (rotating addresses) would otherwise stay. Best effort: a failure is retried next time.
 */
function sweepSometimes(sql: Sql, limits: typeof LOGIN_LIMITS): void {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  void (async () => {
    await sql`DELETE FROM login_failures WHERE failed_at <= ${new Date(now - limits.pairWindowMs)}`;
    await sql`DELETE FROM login_known_addresses WHERE signed_in_at <= ${new Date(now - limits.knownAddressMs)}`;
  })().catch(() => {
    lastSweep = 0;
  });
}
