import type { Sql } from "@crawlguard/db";
import type { PgBoss } from "pg-boss";
import { sendDigest } from "./digest.js";
import type { MailContext, MailerConfig, SendMail } from "./mail-data.js";
import { DIGEST_QUEUE, MAIL_QUEUE, queueMailFor } from "./subscriber.js";
import { composeDelivery, deliver } from "./worker.js";
import type { DomainEvent, DomainEventSubscriber } from "../domain-events.js";
import type { Queryable } from "../queryable.js";

/*
 * Notifications by e-mail (ADR 028). The subscriber (subscriber.ts) writes a delivery row and
 * queues its job in the change's transaction; the worker (apps/server/src/mail-worker.ts) sends it
 * later through worker.ts, reading the lead as it is then; digest.ts gathers a digest recipient's
 * office mail; settings.ts holds what the admin chose.
 */

export { DIGEST_HOUR, nextDigestTime } from "./digest.js";
export {
  dashboardLink,
  leadDeliveries,
  type Delivery,
  type DeliveryRow,
  type MailerConfig,
  type Outgoing,
  type SendMail,
} from "./mail-data.js";
export {
  getNotificationSettings,
  officeFromEnv,
  SMTP_NOT_CONFIGURED_MESSAGE,
  unsubscribe,
  unsubscribeSecret,
  updateNotificationSettings,
  type NotificationSettings,
  type OfficeRecipient,
} from "./settings.js";
export { ACK_LIMIT_PER_DAY, DIGEST_QUEUE, MAIL_QUEUE } from "./subscriber.js";

/**
 * Mail queue settings: retried with backoff (pg-boss's). The worker beats while it holds a job, so
 * a job whose instance died comes back once its heartbeat has been silent `heartbeatSeconds` (the
 * expiry only bounds a live instance's attempt).
 */
export const mailQueueSettings = (heartbeatSeconds: number) => ({
  retryLimit: 12,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
  heartbeatSeconds,
  retentionSeconds: 7 * 86_400,
  deleteAfterSeconds: 7 * 86_400,
});

/**
 * The mail side as the server holds it: the domain-event subscriber (queues deliveries in the
 * change's transaction) and the worker's steps (send one delivery, one digest).
 */
export class Mailer implements DomainEventSubscriber {
  private readonly ctx: MailContext;

  constructor(sql: Sql, boss: PgBoss, config: MailerConfig) {
    this.ctx = { sql, boss, config };
  }

  static async createQueues(boss: PgBoss, heartbeatSeconds: number): Promise<void> {
    const settings = mailQueueSettings(heartbeatSeconds);
    for (const name of [MAIL_QUEUE, DIGEST_QUEUE]) {
      const policy = name === DIGEST_QUEUE ? "stately" : "standard";
      await boss.createQueue(name, { policy, ...settings });
      await boss.updateQueue(name, settings);
    }
  }

  handle(tx: Queryable, event: DomainEvent): Promise<void> {
    return queueMailFor(this.ctx, tx, event);
  }

  /** Builds a delivery's message as things are now, or says why it is not sent. */
  compose(d: Parameters<typeof composeDelivery>[1]) {
    return composeDelivery(this.ctx, d);
  }

  /** Sends one delivery (worker.ts). */
  deliver(deliveryId: string, send: SendMail): Promise<"sent" | "skipped" | "done"> {
    return deliver(this.ctx, deliveryId, send);
  }

  /** One digest for a recipient: every office item waiting for it, in one mail. */
  digest(recipient: string, send: SendMail): Promise<number> {
    return sendDigest(this.ctx, recipient, send);
  }
}
