import { randomBytes } from "node:crypto";
import { transaction, type Sql } from "@crawlguard/db";
import type {
  CreatedWebhook,
  Webhook,
  WebhookDeliveriesHold,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookUpdateInput,
} from "@crawlguard/validators";
import { WEBHOOK_URL_HTTPS_MESSAGE } from "@crawlguard/validators";
import { badInput, DomainError } from "../errors.js";
import { isLoopbackHost, refusedAddress } from "./address.js";
import type { Queryable } from "../queryable.js";

/*
 * Webhooks (ADR 030): endpoints an administrator registers, and their deliveries. A
 * delivery is a row (its log) and a job (pg-boss), both written in the transaction of the change
 * that made the event; the sender (server side, `WebhookSender`) claims the row, signs and POSTs.
 */

export const WEBHOOK_NOT_FOUND = "Webhook not found";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Delivery not found";
export const WEBHOOK_DISABLED_RESEND = "This webhook is disabled. Enable it before resending.";
export const WEBHOOK_DELIVERIES_HELD_RESEND = "Webhook deliveries are held since a restore. Resume deliveries before resending.";
export const WEBHOOK_LIMIT = 20;
export const WEBHOOK_LIMIT_MESSAGE = `At most ${WEBHOOK_LIMIT} webhooks can be registered. Delete one first.`;
/** The deliveries an endpoint's log lists (newest first). */
export const DELIVERY_LOG_SIZE = 100;

export interface WebhookSettings {
  /** WEBHOOKS_ALLOW_HTTP=true: http URLs to this machine, and sending to loopback addresses (development). */
  allowHttp: boolean;
  /** How long a delivery is retried, and how long an endpoint may fail before it is disabled (a day). */
  retryWindowSeconds: number;
  /** The first retry's delay; each further one is 6 times longer, up to a sixth of the window. */
  retryBaseSeconds: number;
}

/** What queues a delivery's job (pg-boss), in the caller's transaction. */
export interface WebhookJobs {
  enqueue(tx: Queryable, deliveryId: string, options?: { startAfter?: Date }): Promise<void>;
}

/** A new signing secret: whsec_ and 24 random bytes in base64 (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/**
 * The webhook-id of an event's deliveries: the same on every attempt and resend, for every endpoint,
 * and the event's id in the event log (GET /api/events). A delivery keeps the one it was queued
 * with (webhook_deliveries.message_id: those queued before migration 0028 have msg_<event>_<endpoint>).
 */
export const webhookMessageId = (eventId: string) => `msg_${eventId}`;

/**
 * The URL an endpoint may have: https (http only to this machine with WEBHOOKS_ALLOW_HTTP=true),
 * no user name or password in it, and not an address webhooks may never reach (10.x,
 * 169.254.169.254, ...). Host names are checked again when sending, after resolving them.
 */
export function checkWebhookUrl(raw: string, { allowHttp }: Pick<WebhookSettings, "allowHttp">): string {
  const refuse = (message: string) => badInput([{ path: "url", message }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("Please enter a valid URL");
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === "http:") {
    if (!allowHttp) throw refuse(WEBHOOK_URL_HTTPS_MESSAGE);
    if (!loopback) throw refuse("Plain http is only allowed to this machine (localhost); use https://");
  } else if (url.protocol !== "https:") {
    throw refuse(WEBHOOK_URL_HTTPS_MESSAGE);
  }
  if (url.username || url.password) throw refuse("The URL must not contain a user name or password");
  if (loopback && !allowHttp) throw refuse("Webhooks cannot be sent to this machine (localhost)");
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (/^[\d.]+$/.test(host) || host.includes(":")) {
    const verdict = refusedAddress(host, { allowLoopback: allowHttp });
    if (verdict) throw refuse(`Webhooks cannot be sent to ${verdict} (${host})`);
  }
  if (!loopback && !host.includes(".") && !host.includes(":")) throw refuse("The URL must name a public host (e.g. hooks.example.com)");
  url.hash = "";
  return url.toString();
}

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  includeStaffFields: boolean;
  /** Until when the rotated-out secret still signs (null when it no longer does). */
  previousSecretUntil: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledAt: iso(r.disabledAt),
  disabledReason: r.disabledReason,
  failingSince: iso(r.failingSince),
  includeStaffFields: r.includeStaffFields,
  previousSecretExpiresAt: iso(r.previousSecretUntil),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const ENDPOINT_COLUMNS =
  "id, url, description, events, enabled, disabled_at, disabled_reason, failing_since, created_at, updated_at, include_staff_fields, " +
  "CASE WHEN previous_secret_until > now() THEN previous_secret_until END AS previous_secret_until";

export async function createWebhook(
  sql: Sql,
  input: { url: string; events: WebhookEventType[]; description?: string | undefined; includeStaffFields?: boolean | undefined },
  by: { userId: string },
  settings: Pick<WebhookSettings, "allowHttp">,
): Promise<CreatedWebhook> {
  const url = checkWebhookUrl(input.url, settings);
  const secret = newWebhookSecret();
  return transaction(sql, async (tx) => {
    // One registration at a time counts the endpoints (the limit holds with two admins at once).
    await tx`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'))`;
    const [count] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_endpoints`;
    if ((count?.n ?? 0) >= WEBHOOK_LIMIT) throw new DomainError("conflict", WEBHOOK_LIMIT_MESSAGE);
    const [row] = await tx<EndpointRow[]>`
      INSERT INTO webhook_endpoints (url, description, events, secret, created_by, include_staff_fields)
      VALUES (${url}, ${input.description ?? ""}, ${[...new Set(input.events)]}, ${secret}, ${by.userId}, ${input.includeStaffFields ?? false})
      RETURNING ${tx.unsafe(ENDPOINT_COLUMNS)}`;
    return { ...toWebhook(row!), secret };
  });
}

export async function listWebhooks(sql: Queryable): Promise<Webhook[]> {
  const rows = await sql<EndpointRow[]>`SELECT ${sql.unsafe(ENDPOINT_COLUMNS)} FROM webhook_endpoints ORDER BY created_at, id`;
  return rows.map(toWebhook);
}

export async function getWebhook(sql: Queryable, id: string): Promise<Webhook> {
  const [row] = await sql<EndpointRow[]>`SELECT ${sql.unsafe(ENDPOINT_COLUMNS)} FROM webhook_endpoints WHERE id = ${id}`;
  if (!row) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
  return toWebhook(row);
}

/**
 * Changes an endpoint. Enabling it (again) clears the failure clock and the server's reason;
 * disabling it leaves its pending deliveries to fail at their next attempt.
 */
export async function updateWebhook(
  sql: Queryable,
  input: WebhookUpdateInput,
  settings: Pick<WebhookSettings, "allowHttp">,
): Promise<Webhook> {
  const url = input.url === undefined ? null : checkWebhookUrl(input.url, settings);
  const events = input.events === undefined ? null : [...new Set(input.events)];
  const enabled = input.enabled ?? null;
  const [row] = await sql<EndpointRow[]>`
    UPDATE webhook_endpoints SET
      url = COALESCE(${url}, url),
      events = COALESCE(${events}::text[], events),
      description = COALESCE(${input.description ?? null}, description),
      enabled = COALESCE(${enabled}, enabled),
      include_staff_fields = COALESCE(${input.includeStaffFields ?? null}::boolean, include_staff_fields),
      failing_since = CASE WHEN ${enabled}::boolean AND NOT enabled THEN NULL ELSE failing_since END,
      disabled_at = CASE WHEN ${enabled}::boolean IS NULL THEN disabled_at
                         WHEN ${enabled}::boolean THEN NULL
                         ELSE COALESCE(disabled_at, now()) END,
      disabled_reason = CASE WHEN ${enabled}::boolean IS NULL THEN disabled_reason ELSE NULL END,
      updated_at = now()
    WHERE id = ${input.id}
    RETURNING ${sql.unsafe(ENDPOINT_COLUMNS)}`;
  if (!row) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
  return toWebhook(row);
}

/** Deletes an endpoint and its log; deliveries still queued find nothing to send. */
export async function deleteWebhook(sql: Queryable, id: string): Promise<void> {
  const rows = await sql`DELETE FROM webhook_endpoints WHERE id = ${id} RETURNING id`;
  if (rows.length === 0) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
}

interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  messageId: string;
  eventType: WebhookEventType;
  status: WebhookDelivery["status"];
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

const toDelivery = (r: DeliveryRow & { payload: string }): WebhookDelivery => ({
  id: r.id,
  webhookId: r.messageId,
  eventType: r.eventType,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.responseStatus,
  error: r.lastError,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: r.status === "pending" ? iso(r.nextAttemptAt) : null,
  deliveredAt: iso(r.deliveredAt),
  payload: r.payload,
});

const DELIVERY_COLUMNS =
  "id, endpoint_id, event_id, message_id, event_type, status, attempts, response_status, last_error, created_at, last_attempt_at, " +
  "next_attempt_at, delivered_at, payload";

/**
 * An endpoint's delivery log, newest first: a page of `limit` (default DELIVERY_LOG_SIZE), of the
 * deliveries in `status` if given, older than the delivery `before` if given (the next page).
 */
export async function listDeliveries(
  sql: Queryable,
  webhookId: string,
  {
    status,
    limit = DELIVERY_LOG_SIZE,
    before,
  }: { status?: WebhookDeliveryStatus | undefined; limit?: number; before?: string | undefined } = {},
): Promise<WebhookDelivery[]> {
  await getWebhook(sql, webhookId);
  const rows = await sql<(DeliveryRow & { payload: string })[]>`
    SELECT ${sql.unsafe(DELIVERY_COLUMNS)} FROM webhook_deliveries
    WHERE endpoint_id = ${webhookId} AND (${status ?? null}::text IS NULL OR status = ${status ?? null}::text)
      AND (${before ?? null}::uuid IS NULL
           OR (created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE id = ${before ?? null}::uuid AND endpoint_id = ${webhookId}))
    ORDER BY created_at DESC, id DESC LIMIT ${Math.min(limit, DELIVERY_LOG_SIZE)}`;
  return rows.map(toDelivery);
}

/**
 * Sends a delivery again (delivered, failed or waiting): the same body and webhook-id (receivers
 * dedupe by it), attempted at once and retried for another window if it fails.
 */
export async function resendDelivery(
  sql: Sql,
  jobs: WebhookJobs,
  { webhookId, deliveryId }: { webhookId: string; deliveryId: string },
  settings: Pick<WebhookSettings, "retryWindowSeconds">,
): Promise<WebhookDelivery> {
  return transaction(sql, async (tx) => {
    const [endpoint] = await tx<{ enabled: boolean }[]>`SELECT enabled FROM webhook_endpoints WHERE id = ${webhookId} FOR SHARE`;
    if (!endpoint) throw new DomainError("not-found", WEBHOOK_NOT_FOUND);
    if (!endpoint.enabled) throw new DomainError("conflict", WEBHOOK_DISABLED_RESEND);
    if (await deliveriesHeld(tx)) throw new DomainError("conflict", WEBHOOK_DELIVERIES_HELD_RESEND);
    const [row] = await tx<(DeliveryRow & { payload: string })[]>`
      UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), lease_until = NULL, first_failed_at = NULL,
        retry_until = now() + make_interval(secs => ${settings.retryWindowSeconds})
      WHERE id = ${deliveryId} AND endpoint_id = ${webhookId} AND status <> 'sending'
      RETURNING ${tx.unsafe(DELIVERY_COLUMNS)}`;
    if (!row) {
      const [exists] = await tx`SELECT 1 FROM webhook_deliveries WHERE id = ${deliveryId} AND endpoint_id = ${webhookId}`;
      if (!exists) throw new DomainError("not-found", WEBHOOK_DELIVERY_NOT_FOUND);
      throw new DomainError("conflict", "This delivery is being sent right now. Try again in a moment.");
    }
    await jobs.enqueue(tx, deliveryId);
    return toDelivery(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Queuing: one delivery per matching enabled endpoint, in the change's transaction

export interface WebhookEventMessage {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  data: Record<string, unknown>;
  /** The data endpoints with includeStaffFields get (the lead's staff-only values too); `data` when absent. */
  staffData?: Record<string, unknown>;
}

/** The JSON body of a delivery: {type, timestamp, data} (Standard Webhooks' recommended shape). */
export const webhookPayload = (event: { type: string; occurredAt: string; data: Record<string, unknown> }) =>
  JSON.stringify({ type: event.type, timestamp: event.occurredAt, data: event.data });

/**
 * Queues the event for every enabled endpoint that subscribed to its type: a delivery row (once
 * per event and endpoint, with the staff data for an endpoint that includes staff fields) and its
 * job, in `tx`. Answers the deliveries' ids.
 */
export async function queueDeliveries(
  tx: Queryable,
  jobs: WebhookJobs,
  event: WebhookEventMessage,
  settings: Pick<WebhookSettings, "retryWindowSeconds">,
): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, message_id, event_type, payload, retry_until, next_attempt_at)
    SELECT id, ${event.id}, ${webhookMessageId(event.id)}, ${event.type},
      CASE WHEN include_staff_fields THEN ${webhookPayload({ ...event, data: event.staffData ?? event.data })} ELSE ${webhookPayload(event)} END,
      now() + make_interval(secs => ${settings.retryWindowSeconds}), now()
    FROM webhook_endpoints WHERE enabled AND ${event.type} = ANY (events)
    ON CONFLICT ON CONSTRAINT webhook_deliveries_once DO NOTHING
    RETURNING id`;
  for (const { id } of rows) await jobs.enqueue(tx, id);
  return rows.map((r) => r.id);
}

/** Whether any enabled endpoint listens for `type` (an event nobody listens for costs no reads). */
export async function anyListener(tx: Queryable, type: WebhookEventType): Promise<boolean> {
  const [row] = await tx`SELECT 1 FROM webhook_endpoints WHERE enabled AND ${type} = ANY (events) LIMIT 1`;
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Held after a restore: the deliveries pending in a backup may have been sent by the original
// installation since, so `db:restore --hold-deliveries` leaves them (and any new ones) waiting until
// an administrator resumes. The row in webhook_deliveries_hold is the flag, seen by every instance.

/** Whether deliveries are held: the sender takes no job while they are. */
export async function deliveriesHeld(sql: Queryable): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM webhook_deliveries_hold`;
  return row !== undefined;
}

/** How many deliveries wait to be sent: pending, or `sending` in a backup (their lease runs out). */
async function waitingDeliveries(sql: Queryable): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status IN ('pending', 'sending')`;
  return row?.n ?? 0;
}

export async function getDeliveriesHold(sql: Queryable): Promise<WebhookDeliveriesHold> {
  const [hold] = await sql<{ heldSince: Date; reason: string }[]>`SELECT held_since, reason FROM webhook_deliveries_hold`;
  return {
    held: hold !== undefined,
    since: iso(hold?.heldSince ?? null),
    reason: hold?.reason ?? null,
    waiting: await waitingDeliveries(sql),
  };
}

/**
 * Ends the hold (nothing to do when there is none) and queues a job for every waiting delivery,
 * due at its next attempt: the jobs restored with the backup may have outlived pg-boss's retention
 * meanwhile, and a delivery with two jobs is still sent once (runDelivery claims the row).
 * `beforeQueuing` starts the queue outside the transaction (on the embedded database pg-boss shares
 * the one connection the transaction would hold).
 */
export async function resumeDeliveries(
  sql: Sql,
  jobs: WebhookJobs,
  { beforeQueuing }: { beforeQueuing: () => Promise<void> },
): Promise<WebhookDeliveriesHold & { resumed: boolean }> {
  if (!(await deliveriesHeld(sql))) return { ...(await getDeliveriesHold(sql)), resumed: false };
  if ((await waitingDeliveries(sql)) > 0) await beforeQueuing();
  await transaction(sql, async (tx) => {
    const ended = await tx`DELETE FROM webhook_deliveries_hold RETURNING 1`;
    if (ended.length === 0) return; // another admin resumed meanwhile, and queued them
    const due = await tx<{ id: string; at: Date }[]>`
      SELECT id, GREATEST(COALESCE(next_attempt_at, now()), now()) AS at FROM webhook_deliveries
      WHERE status IN ('pending', 'sending') ORDER BY created_at, id`;
    for (const { id, at } of due) await jobs.enqueue(tx, id, { startAfter: at });
  });
  return { ...(await getDeliveriesHold(sql)), resumed: true };
}

export type { WebhookCreateInput };
