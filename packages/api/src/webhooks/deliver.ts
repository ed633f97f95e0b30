import { transaction, type Sql } from "@crawlguard/db";
import type { WebhookJobs, WebhookSettings } from "./webhooks.js";
import { sendWebhook, SEND_TIMEOUT_MS, type SendOptions, type SendResult } from "./send.js";
import { SIGNING_SECRETS_SQL, signingSecrets } from "./rotation.js";

/** A claimed delivery is this instance's for this long (longer than an attempt can take); a dead instance's claim runs out. */
export const DELIVERY_LEASE_SECONDS = Math.ceil(SEND_TIMEOUT_MS / 1000) + 20;

/**
 * The delay before retry number `attempt` (1-based): base, then 6 times longer each time, up to a
 * sixth of the window. With the defaults (5 s, a day): 5 s, 30 s, 3 min, 18 min, 1.8 h, then every
 * 4 h until a day has passed (about ten attempts).
 */
export function webhookRetryDelaySeconds(attempt: number, settings: Pick<WebhookSettings, "retryBaseSeconds" | "retryWindowSeconds">) {
  const delay = settings.retryBaseSeconds * 6 ** Math.min(Math.max(attempt - 1, 0), 12);
  return Math.min(delay, Math.max(settings.retryWindowSeconds / 6, settings.retryBaseSeconds));
}

/**
 * `held`: another attempt holds the row; a follow-up job runs when its lease ends (its instance may have died).
 * `disabled`: the endpoint was disabled meanwhile; nothing was sent (the row says failed, without an attempt).
 */
export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped" | "held" | "disabled";

interface Claimed {
  id: string;
  endpointId: string;
  eventId: string;
  messageId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  enabled: boolean;
}

/**
 * Runs one delivery's job: claims the row (only one instance can: the claim is a conditional
 * UPDATE, and a claim held by a live instance is not taken), sends it, and records the answer. A
 * failure is retried after its backoff until the delivery's window ends; an endpoint whose
 * deliveries have failed for a whole window is disabled.
 */
export async function runDelivery(
  sql: Sql,
  jobs: WebhookJobs,
  deliveryId: string,
  settings: WebhookSettings,
  send: (message: Parameters<typeof sendWebhook>[0], options: SendOptions) => Promise<SendResult> = sendWebhook,
): Promise<DeliveryOutcome> {
  const [claimed] = await sql<Claimed[]>`
    UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
      lease_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
    FROM webhook_endpoints e
    WHERE d.id = ${deliveryId} AND e.id = d.endpoint_id
      AND (d.status = 'pending' OR (d.status = 'sending' AND d.lease_until < now()))
    RETURNING d.id, d.endpoint_id, d.event_id, d.message_id, d.payload, d.attempts, e.url, ${sql.unsafe(SIGNING_SECRETS_SQL)}, e.enabled`;
  if (!claimed) return followHeldDelivery(sql, jobs, deliveryId);
  if (!claimed.enabled) {
    await sql`
      UPDATE webhook_deliveries SET status = 'failed', lease_until = NULL, next_attempt_at = NULL,
        attempts = attempts - 1, last_error = 'Not sent: the webhook is disabled'
      WHERE id = ${deliveryId}`;
    return "disabled";
  }
  const result = await send(
    // Signed with the current secret, and during a rotation with the one it replaced too.
    { id: claimed.messageId, payload: claimed.payload, url: claimed.url, secret: signingSecrets(claimed) },
    { allowLoopback: settings.allowHttp },
  );
  if (result.ok) {
    await transaction(sql, async (tx) => {
      await tx`
        UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), response_status = ${result.status},
          last_error = NULL, lease_until = NULL, next_attempt_at = NULL
        WHERE id = ${deliveryId}`;
      await tx`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${claimed.endpointId} AND failing_since IS NOT NULL`;
    });
    return "delivered";
  }
  const delay = webhookRetryDelaySeconds(claimed.attempts, settings);
  return transaction(sql, async (tx) => {
    const [row] = await tx<{ retry: boolean; nextAt: Date }[]>`
      UPDATE webhook_deliveries SET
        status = CASE WHEN now() + make_interval(secs => ${delay}) <= retry_until THEN 'pending' ELSE 'failed' END,
        next_attempt_at = now() + make_interval(secs => ${delay}),
        first_failed_at = COALESCE(first_failed_at, now()),
        response_status = ${result.status}, last_error = ${result.error}, lease_until = NULL
      WHERE id = ${deliveryId}
      RETURNING status = 'pending' AS retry, next_attempt_at AS next_at`;
    const retry = row?.retry ?? false;
    // (Compared in SQL: timestamps keep microseconds, a JavaScript Date only milliseconds.)
    // The endpoint's failure clock starts at its first failure and stops at any success. It is
    // disabled when it has failed for a whole window: by the clock, or when a delivery gives up
    // after its window with no success since its first failure.
    const [endpoint] = await tx<{ enabled: boolean }[]>`
      WITH e AS (SELECT id, enabled, COALESCE(failing_since, now()) AS since FROM webhook_endpoints WHERE id = ${claimed.endpointId} FOR UPDATE),
      verdict AS (
        SELECT id, enabled AND (since <= now() - make_interval(secs => ${settings.retryWindowSeconds})
          OR (NOT ${retry} AND since <= (SELECT first_failed_at FROM webhook_deliveries WHERE id = ${deliveryId}))) AS disable, since
        FROM e)
      UPDATE webhook_endpoints w SET failing_since = v.since,
        enabled = w.enabled AND NOT v.disable,
        disabled_at = CASE WHEN v.disable THEN now() ELSE w.disabled_at END,
        disabled_reason = CASE WHEN v.disable THEN ${disabledReason(settings.retryWindowSeconds)} ELSE w.disabled_reason END,
        updated_at = CASE WHEN v.disable THEN now() ELSE w.updated_at END
      FROM verdict v WHERE w.id = v.id
      RETURNING w.enabled`;
    if (!retry || !endpoint?.enabled) {
      if (retry) await tx`UPDATE webhook_deliveries SET status = 'failed' WHERE id = ${deliveryId}`;
      return "failed" as const;
    }
    await jobs.enqueue(tx, deliveryId, { startAfter: row!.nextAt });
    return "retrying" as const;
  });
}

/**
 * The row was not claimable: done (delivered, failed) or held by another attempt. A held row's job
 * is usually the dead instance's, back through pg-boss's heartbeat before the row's lease ran out:
 * completing it would leave the row `sending` with no job, and the event would never go. So a job
 * follows it, due when the lease ends; if the holder was alive and finished, that job finds the row
 * done and skips.
 */
async function followHeldDelivery(sql: Sql, jobs: WebhookJobs, deliveryId: string): Promise<DeliveryOutcome> {
  return transaction(sql, async (tx) => {
    const [held] = await tx<{ at: Date }[]>`
      SELECT GREATEST(lease_until, now()) + interval '1 second' AS at FROM webhook_deliveries
      WHERE id = ${deliveryId} AND status = 'sending' FOR UPDATE`;
    if (!held) return "skipped" as const;
    await jobs.enqueue(tx, deliveryId, { startAfter: held.at });
    return "held" as const;
  });
}

const disabledReason = (windowSeconds: number) => {
  const span =
    windowSeconds >= 86_400 && windowSeconds % 86_400 === 0
      ? `${windowSeconds / 86_400} day${windowSeconds === 86_400 ? "" : "s"}`
      : windowSeconds >= 3600 && windowSeconds % 3600 === 0
        ? `${windowSeconds / 3600} hours`
        : `${windowSeconds} seconds`;
  return `Disabled automatically: its deliveries failed for ${span}. Fix the receiver, then enable it again.`;
};
