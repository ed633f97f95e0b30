import type { Sql } from "@crawlguard/db";

/**
 * Sliding-window counters kept in the database, so limits hold across several server instances.
 * A bucket names what is limited ("login-ip", "contact-ip"...), the key whom.
 */
export async function countHits(sql: Sql, bucket: string, key: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at > ${since}`;
  return row?.n ?? 0;
}

export async function recordHit(sql: Sql, bucket: string, key: string, windowMs: number): Promise<void> {
  const expired = new Date(Date.now() - windowMs);
  await sql`DELETE FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key} AND hit_at <= ${expired}`;
  await sql`INSERT INTO rate_limit_hits (bucket, key) VALUES (${bucket}, ${key})`;
}

export async function clearHits(sql: Sql, bucket: string, key: string): Promise<void> {
  await sql`DELETE FROM rate_limit_hits WHERE bucket = ${bucket} AND key = ${key}`;
}
