import { createHash } from "node:crypto";
import { z } from "zod";
import { clientKey } from "./client-key.js";
import type { Context } from "./context.js";
import { badInput, DomainError } from "./errors.js";

/*
 * Idempotency-Key on the creating calls (ADR 020): a client that lost an answer sends
 * the same request again with the same key and gets the first answer back; nothing is created twice.
 * Keys live in the database (migration 0011), so they hold across server instances.
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** On an answer that is a stored first answer replayed: `Idempotent-Replayed: true`. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key answers with its first result. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** A request with the key still running after this long is taken as dead (its server stopped): the key may run again. */
export const IDEMPOTENCY_ABANDONED_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 255 visible ASCII characters";
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "This Idempotency-Key was already used with another request in the last 24 hours: use a new key for a new request";
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still being processed: retry it in a moment";

/** What the OpenAPI document says about the header on each operation that accepts it. */
export const IDEMPOTENCY_HEADER_DESCRIPTION =
  "Optional. A unique value per request (a UUID, say). Sending the same key with the same body within 24 hours answers " +
  "the first successful result again and creates nothing; the same key with another body is a 422; while the first " +
  "request still runs, a 409. Keys are per caller: the API key, the signed-in user, or, when anonymous, the client " +
  "address (an IPv6 client by its /64 network). " +
  "Refused requests (4xx) do not use up the key. A replayed answer carries `Idempotent-Replayed: true`.";

/** The header as the OpenAPI document lists it (trpc-to-openapi's `requestHeaders`; read by `idempotent`, not by this schema). */
export const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: IDEMPOTENCY_HEADER_DESCRIPTION, example: "8e0f1c3a-6b5d-4f0e-9a57-2f8f4b1d9c61" }),
});

/** The JSON of a value with object keys sorted, so the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function requestKey(ctx: Pick<Context, "req">): string | undefined {
  const header = ctx.req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(",") : header;
  if (!KEY_PATTERN.test(key)) throw badInput([{ path: "Idempotency-Key", message: IDEMPOTENCY_KEY_MESSAGE }]);
  return key;
}

/**
 * Whose keys a request's key is among. Each API key has its own, so two tools of one administrator
 * that both number their requests (a form id, say) never get each other's answers; a session counts
 * for its user (the same person in two tabs); an anonymous caller for its client address, an IPv6
 * client by its /64 like every per-address limit.
 */
function scopeOf(ctx: Pick<Context, "user" | "apiKey" | "ip">): string {
  if (ctx.apiKey) return `api-key:${ctx.apiKey.id}`;
  if (ctx.user) return `user:${ctx.user.id}`;
  return `ip:${clientKey(ctx.ip)}`;
}

interface KeyRow {
  fingerprint: string;
  response: string | null;
  abandoned: boolean;
}

/**
 * Runs `create` once per Idempotency-Key (when the request has one): `operation` names the call,
 * `input` is its validated input. The first successful result is stored and answered again to the
 * same key and input for 24 hours; the same key with other input is a 422, and while the first
 * request runs, a 409. A failed `create` releases the key, so a corrected retry may use it.
 */
export async function idempotent<T>(
  ctx: Pick<Context, "req" | "sql" | "user" | "apiKey" | "ip" | "setHeader">,
  operation: string,
  input: unknown,
  create: () => Promise<T>,
): Promise<T> {
  const key = requestKey(ctx);
  if (key === undefined) return create();
  const { sql } = ctx;
  const scope = scopeOf(ctx);
  const fingerprint = createHash("sha256")
    .update(`${operation}\n${canonicalJson(input ?? null)}`)
    .digest("hex");

  await sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
  const claimed = await sql`
    INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES (${scope}, ${key}, ${fingerprint})
    ON CONFLICT (scope, key) DO NOTHING RETURNING 1`;
  if (!claimed.length) {
    const [row] = await sql<KeyRow[]>`
      SELECT fingerprint, response, created_at < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS}) AS abandoned
      FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`;
    // Released in between (the first request failed): this one may run.
    if (!row) return idempotent(ctx, operation, input, create);
    if (row.fingerprint !== fingerprint) throw new DomainError("unprocessable", IDEMPOTENCY_MISMATCH_MESSAGE);
    if (row.response !== null) {
      // The first answer again, and the client is told so (nothing was created by this request).
      ctx.setHeader(IDEMPOTENT_REPLAYED_HEADER, "true");
      return JSON.parse(row.response) as T;
    }
    if (!row.abandoned) throw new DomainError("conflict", IDEMPOTENCY_IN_PROGRESS_MESSAGE);
    // Take over a dead request's key; exactly one retry wins the update.
    const taken = await sql`
      UPDATE idempotency_keys SET created_at = now()
      WHERE scope = ${scope} AND key = ${key} AND response IS NULL
        AND created_at < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})
      RETURNING 1`;
    if (!taken.length) throw new DomainError("conflict", IDEMPOTENCY_IN_PROGRESS_MESSAGE);
  }

  let result: T;
  try {
    result = await create();
  } catch (error) {
    await sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND response IS NULL`;
    throw error;
  }
  await sql`UPDATE idempotency_keys SET response = ${JSON.stringify(result) ?? "null"} WHERE scope = ${scope} AND key = ${key}`;
  return result;
}
