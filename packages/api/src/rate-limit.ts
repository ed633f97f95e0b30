import { transaction, type Sql } from "@crawlguard/db";

/**
 * Sliding-window counters kept in the database (rate_limit_hits), so limits hold across several
 * server instances. A bucket names what is limited ("contact-ip"), the key whom. Sign-in
 * throttling has its own tables and rules (login-throttle.ts).
 */
export type HitOutcome =
  /** `remaining`: hits still allowed in the window after this one; `resetSeconds`: until the oldest counted hit leaves it. */
  { allowed: true; remaining: number; resetSeconds: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Records a hit for `key` unless it already has `limit` hits in the window; answers whether it was
 * allowed and, when not, in how many seconds the oldest counted hit leaves the window (so a retry
 * then is allowed). Atomic per key (a transaction-scoped advisory lock), so concurrent requests
 * cannot all slip under the limit; refused attempts are not counted, so waiting out the window always
 * works. Times are the database's clock, the same for every server instance.
 */
export async function takeHit(sql: Sql, bucket: string, key: string, windowMs: number, limit: number): Promise<HitOutcome> {
  return transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`;
    const [clock] = await tx<{ now: Date }[]>`SELECT clock_timestamp() AS now`;
    const now = clock!.now.getTime();
    const since = new Date(now - windowMs);
    // The limit-th newest hit in the window: while it is there, the key is at its limit.
    const [blocking] = await tx<{ hitAt: Date }[]>`
      SELECT hit_at FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at > ${since}
      ORDER BY hit_at DESC OFFSET ${limit - 1} LIMIT 1`;
    if (blocking) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((blocking.hitAt.getTime() + windowMs - now) / 1000)) };
    await tx`DELETE FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at <= ${since}`;
    await tx`INSERT INTO rate_limit_hits (bucket, key, hit_at) VALUES (${bucket}, ${key}, ${new Date(now)})`;
    // What the client may still do: the hits left in the window, and when its oldest hit leaves it.
    const [state] = await tx<{ n: number; oldest: Date }[]>`
      SELECT count(*)::int AS n, min(hit_at) AS oldest FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at > ${since}`;
    const oldest = state?.oldest ? new Date(state.oldest).getTime() : now;
    return {
      allowed: true,
      remaining: Math.max(0, limit - (state?.n ?? 1)),
      resetSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
    };
  });
}
