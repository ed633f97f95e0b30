import { transaction, type Sql } from "@crawlguard/db";
import type { Queryable } from "./queryable.js";

/**
 * Sliding-window counters kept in the database, so limits hold across several server instances.
 * A bucket names what is limited ("login-ip", "contact-ip"...), the key whom.
 */
export async function countHits(sql: Queryable, bucket: string, key: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at > ${since}`;
  return row?.n ?? 0;
}

export async function recordHit(sql: Queryable, bucket: string, key: string, windowMs: number): Promise<void> {
  const expired = new Date(Date.now() - windowMs);
  await sql`DELETE FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at <= ${expired}`;
  await sql`INSERT INTO rate_limit_hits (bucket, key) VALUES (${bucket}, ${key})`;
}

export async function clearHits(sql: Queryable, bucket: string, key: string): Promise<void> {
  await sql`DELETE FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key}`;
}

/**
 * Records a hit for `key` unless it already has `limit` hits in the window; answers whether it was
 * allowed. Atomic per key (a transaction-scoped advisory lock), so concurrent requests cannot all
 * slip under the limit; refused attempts are not counted, so waiting out the window always works.
 */
export async function tryHit(sql: Sql, bucket: string, key: string, windowMs: number, limit: number): Promise<boolean> {
  return transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`;
    if ((await countHits(tx, bucket, key, windowMs)) >= limit) return false;
    await recordHit(tx, bucket, key, windowMs);
    return true;
  });
}
