import { randomUUID } from "node:crypto";
import { WEBHOOK_TEST_EVENT, type WebhookTestResult } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { sendWebhook, type SendOptions, type SendResult } from "./send.js";
import { SIGNING_SECRETS_SQL, signingSecrets } from "./rotation.js";
import { WEBHOOK_NOT_FOUND, webhookPayload, type WebhookSettings } from "./webhooks.js";

/**
 * Sends a signed `webhook.test` event to an endpoint now, enabled or not (a test is how an admin
 * checks a receiver before enabling it again), and answers what the receiver said. Signed like
 * every delivery (with both secrets during a rotation); not a delivery: nothing is queued, logged
 * or retried, and the endpoint's failure clock is not touched.
 */
export async function sendTestEvent(
  sql: Queryable,
  id: string,
  settings: Pick<WebhookSettings, "allowHttp">,
  send: (message: Parameters<typeof sendWebhook>[0], options: SendOptions) => Promise<SendResult> = sendWebhook,
): Promise<WebhookTestResult> {
  const [endpoint] = await sql<{ url: string; secret: string; previousSecret: string | null }[]>`
    SELECT e.url, ${sql.unsafe(SIGNING_SECRETS_SQL)} FROM webhook_endpoints e WHERE e.id = ${id}`;
  if (!endpoint) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
  const eventId = randomUUID();
  const payload = webhookPayload({
    type: WEBHOOK_TEST_EVENT,
    occurredAt: new Date().toISOString(),
    data: { webhookId: id, message: "A test event sent from CrawlGuard. Answer 2xx to show this endpoint works." },
  });
  const result = await send(
    { id: `msg_${eventId}`, payload, url: endpoint.url, secret: signingSecrets(endpoint) },
    { allowLoopback: settings.allowHttp },
  );
  return result.ok
    ? { delivered: true, responseStatus: result.status, error: null }
    : { delivered: false, responseStatus: result.status, error: result.error };
}
