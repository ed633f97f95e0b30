import { WEBHOOK_SECRET_OVERLAP_HOURS, type RotatedWebhookSecret } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { ENDPOINT_COLUMNS, newWebhookSecret, toWebhook, WEBHOOK_NOT_FOUND, type EndpointRow } from "./webhooks.js";

/*
 * Rotating an endpoint's signing secret (docs/api.md "Webhooks"): the new secret is answered once;
 * for WEBHOOK_SECRET_OVERLAP_HOURS every delivery carries a signature with each secret in
 * webhook-signature (Standard Webhooks allows several, space-separated), so a receiver verifying
 * with the old secret keeps accepting until it switches; then only the new one signs.
 */

/** Makes a new secret; the one it replaces signs beside it for the overlap. Rotating again drops the older one. */
export async function rotateWebhookSecret(sql: Queryable, id: string): Promise<RotatedWebhookSecret> {
  const secret = newWebhookSecret();
  const [row] = await sql<EndpointRow[]>`
    UPDATE webhook_endpoints SET
      previous_secret = secret,
      previous_secret_until = now() + make_interval(hours => ${WEBHOOK_SECRET_OVERLAP_HOURS}),
      secret = ${secret},
      updated_at = now()
    WHERE id = ${id}
    RETURNING ${sql.unsafe(ENDPOINT_COLUMNS)}`;
  if (!row) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
  return { ...toWebhook(row), secret };
}

/** The SQL of the secrets a delivery to endpoint `e` is signed with now: the current one, and the previous during the overlap. */
export const SIGNING_SECRETS_SQL = "e.secret, CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END AS previous_secret";

/** The secrets to sign with, current first. */
export const signingSecrets = (row: { secret: string; previousSecret: string | null }): string[] =>
  row.previousSecret ? [row.secret, row.previousSecret] : [row.secret];
