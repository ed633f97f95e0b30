import { transaction, type Sql } from "@crawlguard/db";
import { NO_OFFICE_RECIPIENTS_MESSAGE, type TestMailResult } from "@crawlguard/validators";
import { SMTP_NOT_CONFIGURED_MESSAGE } from "./settings.js";
import type { EventSink } from "../domain-events.js";
import { DomainError } from "../errors.js";

/** The dedupe key of a test mail's delivery to one recipient. */
export const testMailKey = (requestId: string, email: string) => `test:${requestId}:${email.toLowerCase()}`;

/**
 * "Send test mail": the request is a domain event the mail subscriber hears (subscriber.ts), which
 * queues one delivery per saved office recipient in this transaction; the answer is what it queued,
 * read back from the delivery rows. 409 when this server sends no mail or there is nobody to send to.
 */
export async function queueTestMail({
  sql,
  events,
  mailConfigured,
  requestId,
}: {
  sql: Sql;
  events: EventSink;
  mailConfigured: boolean;
  requestId: string;
}): Promise<TestMailResult> {
  if (!mailConfigured) throw new DomainError("conflict", SMTP_NOT_CONFIGURED_MESSAGE);
  const queued = await transaction(sql, async (tx) => {
    await events.emit(tx, { type: "notifications.test-requested", requestId });
    return tx<{ email: string }[]>`
      SELECT recipient AS email FROM mail_deliveries
      WHERE kind = 'office-test' AND dedupe_key LIKE ${`test:${requestId}:%`} ORDER BY (payload->>'position')::int, id`;
  });
  if (queued.length === 0) throw new DomainError("conflict", NO_OFFICE_RECIPIENTS_MESSAGE);
  return { queued: queued.map((r) => ({ email: r.email })) };
}
