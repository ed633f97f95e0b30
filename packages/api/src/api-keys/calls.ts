import { API_KEY_CALLS_KEPT, type ApiKeyCall } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { API_KEY_NOT_FOUND } from "./api-keys.js";

/*
 * The calls an API key made (its audit list in User Management → API keys): time, method, path,
 * status and client address of each, the newest API_KEY_CALLS_KEPT per key. Recorded once the
 * answer is sent (context.ts), so the status is the one the client got.
 */

export interface ApiKeyCallRecord {
  apiKeyId: string;
  method: string;
  /** The path called, without its query string (a cursor or a tRPC input is not kept). */
  path: string;
  status: number;
  clientAddress: string;
  /** When the answer was sent (the record is written after). */
  at: Date;
}

/** Records one call and forgets the key's calls beyond the newest API_KEY_CALLS_KEPT. */
export async function recordApiKeyCall(sql: Queryable, call: ApiKeyCallRecord): Promise<void> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO api_key_calls (api_key_id, at, method, path, status, client_address)
    VALUES (${call.apiKeyId}, ${call.at}, ${call.method}, ${call.path.slice(0, 500)}, ${call.status}, ${call.clientAddress.slice(0, 100)})
    RETURNING id::text`;
  // Every 20th call of the whole table, so the trimming costs one indexed statement now and then.
  if (row && BigInt(row.id) % 20n === 0n) await trimCalls(sql, call.apiKeyId);
}

async function trimCalls(sql: Queryable, apiKeyId: string): Promise<void> {
  await sql`
    DELETE FROM api_key_calls WHERE api_key_id = ${apiKeyId} AND (at, id) <= (
      SELECT at, id FROM api_key_calls WHERE api_key_id = ${apiKeyId} ORDER BY at DESC, id DESC OFFSET ${API_KEY_CALLS_KEPT} LIMIT 1)`;
}

/** A key's calls, newest first (at most API_KEY_CALLS_KEPT, however many are stored); 404 for an unknown key. */
export async function listApiKeyCalls(
  sql: Queryable,
  { id, limit = 100, before }: { id: string; limit?: number | undefined; before?: number | undefined },
): Promise<ApiKeyCall[]> {
  const [key] = await sql`SELECT 1 FROM api_keys WHERE id = ${id}`;
  if (!key) throw new DomainError("not-found", API_KEY_NOT_FOUND);
  const rows = await sql<{ id: string; at: Date; method: string; path: string; status: number; clientAddress: string }[]>`
    WITH kept AS (
      SELECT id, at, method, path, status, client_address FROM api_key_calls
      WHERE api_key_id = ${id} ORDER BY at DESC, id DESC LIMIT ${API_KEY_CALLS_KEPT}),
    cut AS (SELECT at, id FROM kept WHERE id = ${before ?? null}::bigint)
    SELECT id::text, at, method, path, status, client_address FROM kept
    WHERE ${before ?? null}::bigint IS NULL OR (at, id) < (SELECT at, id FROM cut)
    ORDER BY at DESC, id DESC LIMIT ${Math.min(limit, API_KEY_CALLS_KEPT)}`;
  return rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() }));
}
