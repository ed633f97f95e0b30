import { createHash, randomBytes } from "node:crypto";
import type { SessionUser } from "@crawlguard/auth";
import {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT,
  API_KEY_RATE_WINDOW_SECONDS,
  type ApiKey,
  type ApiKeyCreateInput,
  type ApiKeyScope,
  type CreatedApiKey,
  type Role,
} from "@crawlguard/validators";
import { badInput, DomainError, rateLimited, rateLimitStateHeaders } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { takeHit } from "../rate-limit.js";
import type { Sql } from "@crawlguard/db";

// Keys for integrations (ADR 029), sent as `Authorization: Bearer cg_live_...`.

export const API_KEY_NOT_FOUND = "API key not found";
export const API_KEY_INVALID = "Invalid API key";
export const API_KEY_REVOKED = "This API key has been revoked";
export const API_KEY_EXPIRED = "This API key has expired";
export const API_KEY_READ_ONLY = "This API key is read-only: it may only read (GET). Use a read-write key to change data.";
/** The one answer of every operation a key may not make (accounts, sign-in, keys, settings, calendar feeds). */
export const API_KEY_SESSION_ONLY = "API keys cannot manage accounts, keys or settings: sign in as an administrator for that";
const EXPIRY_IN_PAST = "Must be in the future";

/** How many characters of a key the list shows (the scheme and 6 characters of the secret). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

/** What a request made with a key carries in its context. */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  scope: ApiKeyScope;
}

/** Only the hash is stored: a copy of the database does not hold a usable key. */
export const apiKeyHash = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scope: r.scope,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.expiresAt),
  lastUsedAt: iso(r.lastUsedAt),
  revokedAt: iso(r.revokedAt),
});

const listColumns = (sql: Queryable) => sql`
  k.id, k.name, k.prefix, k.scope, u.username AS created_by, k.created_at, k.expires_at, k.last_used_at, k.revoked_at`;

export async function createApiKey(sql: Queryable, input: ApiKeyCreateInput, createdBy: string): Promise<CreatedApiKey> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badInput([{ path: "expiresAt", message: EXPIRY_IN_PAST }]);
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await sql<ApiKeyRow[]>`
    WITH k AS (
      INSERT INTO api_keys (name, prefix, key_hash, scope, created_by, expires_at)
      VALUES (${input.name}, ${key.slice(0, SHOWN_PREFIX_LENGTH)}, ${apiKeyHash(key)}, ${input.scope}, ${createdBy}, ${expiresAt})
      RETURNING *)
    SELECT ${listColumns(sql)} FROM k LEFT JOIN users u ON u.id = k.created_by`;
  return { ...toApiKey(row!), key };
}

/** Every key, revoked and expired ones too (so an admin sees what stopped working), newest first. */
export async function listApiKeys(sql: Queryable): Promise<ApiKey[]> {
  const rows = await sql<ApiKeyRow[]>`
    SELECT ${listColumns(sql)} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
    ORDER BY k.created_at DESC, k.id`;
  return rows.map(toApiKey);
}

/** Revokes a key at once (revoking it again changes nothing). */
export async function revokeApiKey(sql: Queryable, id: string): Promise<void> {
  const [row] = await sql`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = ${id} RETURNING id`;
  if (!row) throw new DomainError("not-found", API_KEY_NOT_FOUND);
}

export interface AuthenticatedKey {
  apiKey: ApiKeyIdentity;
  user: SessionUser;
}

/**
 * The key's identity and its creator's account, read from the database on every request (so a
 * revoked or expired key is refused at once by every instance). Throws a 401 for an unknown,
 * revoked or expired key. Records the use to the second (at most one write a second per key).
 */
export async function authenticateApiKey(sql: Queryable, key: string): Promise<AuthenticatedKey> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw new DomainError("unauthorized", API_KEY_INVALID);
  const [row] = await sql<
    {
      id: string;
      name: string;
      scope: ApiKeyScope;
      revoked: boolean;
      expired: boolean;
      stale: boolean;
      userId: string;
      username: string;
      email: string | null;
      isAdmin: boolean;
      role: Role;
      userCreatedAt: Date;
    }[]
  >`
    SELECT k.id, k.name, k.scope, k.revoked_at IS NOT NULL AS revoked, COALESCE(k.expires_at <= now(), false) AS expired,
           (k.last_used_at IS NULL OR date_trunc('second', k.last_used_at) < date_trunc('second', now())) AS stale,
           u.id AS user_id, u.username, u.email, u.is_admin, u.role, u.created_at AS user_created_at
    FROM api_keys k JOIN users u ON u.id = k.created_by
    WHERE k.key_hash = ${apiKeyHash(key)}`;
  if (!row) throw new DomainError("unauthorized", API_KEY_INVALID);
  if (row.revoked) throw new DomainError("unauthorized", API_KEY_REVOKED);
  if (row.expired) throw new DomainError("unauthorized", API_KEY_EXPIRED);
  if (row.stale) {
    // Conditional, so two instances recording the same second write once.
    await sql`
      UPDATE api_keys SET last_used_at = now()
      WHERE id = ${row.id} AND (last_used_at IS NULL OR date_trunc('second', last_used_at) < date_trunc('second', now()))`;
  }
  return {
    apiKey: { id: row.id, name: row.name, scope: row.scope },
    user: { id: row.userId, username: row.username, email: row.email, isAdmin: row.isAdmin, role: row.role, createdAt: row.userCreatedAt },
  };
}

/**
 * Counts a request against its key's limit (API_KEY_RATE_LIMIT a minute, in the database); 429 over
 * it. Answers the RateLimit-Policy and RateLimit fields every answer to the key carries.
 */
export async function takeApiKeyHit(sql: Sql, apiKey: ApiKeyIdentity): Promise<Record<string, string>> {
  const windowMs = API_KEY_RATE_WINDOW_SECONDS * 1000;
  const hit = await takeHit(sql, "api-key", apiKey.id, windowMs, API_KEY_RATE_LIMIT);
  if (!hit.allowed) {
    throw rateLimited(`This API key has made ${API_KEY_RATE_LIMIT} requests in the last minute. Retry after the time in Retry-After.`, {
      retryAfterSeconds: hit.retryAfterSeconds,
      policy: "api-key",
      quota: API_KEY_RATE_LIMIT,
      windowSeconds: API_KEY_RATE_WINDOW_SECONDS,
    });
  }
  return rateLimitStateHeaders({
    policy: "api-key",
    quota: API_KEY_RATE_LIMIT,
    windowSeconds: API_KEY_RATE_WINDOW_SECONDS,
    remaining: hit.remaining,
    resetSeconds: hit.resetSeconds,
  });
}

/** The key of an `Authorization: Bearer <key>` header; null without one (another scheme is not ours). */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}
