import { postgresJsDatabase } from "@crawlguard/jobs";
import { nextDigestTime } from "./digest.js";
import type { OfficeMailKind } from "@crawlguard/validators";
import { hasStarted, leadForMail, SECRET_PAYLOAD_KEY, type MailContext } from "./mail-data.js";
import { onMyWayDelivery } from "./on-my-way-mail.js";
import { getNotificationSettings } from "./settings.js";
import type { MailKind } from "./templates.js";
import { testMailKey } from "./test-mail.js";
import type { DomainEvent } from "../domain-events.js";
import type { Queryable } from "../queryable.js";
import { queueQuoteMail } from "../quotes/quote-mail.js";

/*
 * The domain-event side of the mail (ADR 028): each event that concerns someone becomes delivery
 * rows and their jobs, written in the change's own transaction. What a mail says is decided when
 * it is sent (worker.ts), from the data as it is then.
 */

export const MAIL_QUEUE = "mail-send";
export const DIGEST_QUEUE = "mail-digest";
/** Contact acknowledgements per address per day (a form sent again and again does not flood an inbox). */
export const ACK_LIMIT_PER_DAY = 3;

interface JobData {
  deliveryId: string;
}

interface QueuedDelivery {
  key: string;
  kind: MailKind;
  to: string;
  leadId?: string | null;
  submissionId?: string | null;
  payload: object;
  startAfter?: Date;
  /** false: the row only (a digest collects it). */
  job?: boolean;
}

/** A delivery row and its job, in `tx`; the same dedupe key twice queues once. */
export async function queueDelivery(ctx: MailContext, tx: Queryable, d: QueuedDelivery): Promise<void> {
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO mail_deliveries (dedupe_key, kind, recipient, lead_id, submission_id, payload)
    VALUES (${d.key}, ${d.kind}, ${d.to}, ${d.leadId ?? null}, ${d.submissionId ?? null}, ${tx.json(d.payload as never)})
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`;
  if (!row || d.job === false) return;
  await ctx.boss.send(MAIL_QUEUE, { deliveryId: row.id } satisfies JobData, {
    db: postgresJsDatabase(tx),
    retryDelay: ctx.config.retryBaseSeconds,
    ...(d.startAfter ? { startAfter: d.startAfter } : {}),
  });
}

/** The account e-mail of whoever made the event's change (lower-cased), if anyone did. */
async function actorEmail(tx: Queryable, event: DomainEvent): Promise<string | null> {
  if (!event.actorId) return null;
  const [user] = await tx<{ email: string | null }[]>`SELECT email FROM users WHERE id = ${event.actorId}`;
  return user?.email?.toLowerCase() ?? null;
}

/**
 * The office's mail about an event: one each, or a row its recipient's next digest collects. Only
 * recipients who take this kind, and never the one whose account made the change: nobody is mailed
 * about what they did themselves.
 */
async function queueOffice(
  ctx: MailContext,
  tx: Queryable,
  event: DomainEvent,
  kind: OfficeMailKind,
  ids: { leadId?: string; submissionId?: string },
  payload: object,
): Promise<void> {
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  const actor = await actorEmail(tx, event);
  const recipients = settings.officeRecipients.filter((r) => r.kinds.includes(kind) && r.email.toLowerCase() !== actor);
  for (const r of recipients) {
    const key = `${event.id}:${kind}:${r.email.toLowerCase()}`;
    await queueDelivery(ctx, tx, { key, kind, to: r.email, ...ids, payload, job: !r.digest });
    if (r.digest) {
      await ctx.boss.send(
        DIGEST_QUEUE,
        { recipient: r.email.toLowerCase() },
        {
          db: postgresJsDatabase(tx),
          singletonKey: r.email.toLowerCase(),
          startAfter: nextDigestTime(new Date(), ctx.config.timeZone),
          retryDelay: ctx.config.retryBaseSeconds,
        },
      );
    }
  }
}

async function contactReceived(ctx: MailContext, tx: Queryable, event: Extract<DomainEvent, { type: "contact.received" }>) {
  await queueOffice(ctx, tx, event, "office-contact", { submissionId: event.submissionId }, { at: event.occurredAt });
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  if (!settings.contactAcknowledgement) return;
  const [s] = await tx<{ email: string }[]>`SELECT email FROM contact_submissions WHERE id = ${event.submissionId}`;
  if (!s) return;
  // Rate-limited per address: at most ACK_LIMIT_PER_DAY a day.
  const [count] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM mail_deliveries
    WHERE kind = 'contact-ack' AND lower(recipient) = ${s.email.toLowerCase()} AND created_at > now() - interval '1 day'`;
  if ((count?.n ?? 0) >= ACK_LIMIT_PER_DAY) return;
  await queueDelivery(ctx, tx, {
    key: `${event.id}:contact-ack`,
    kind: "contact-ack",
    to: s.email,
    submissionId: event.submissionId,
    payload: {},
  });
}

async function appointmentSet(
  ctx: MailContext,
  tx: Queryable,
  event: Extract<DomainEvent, { type: "appointment.booked" | "appointment.rescheduled" }>,
) {
  const times = {
    start: event.start,
    end: event.end,
    ...(event.type === "appointment.rescheduled" ? { previousStart: event.previous.start } : {}),
  };
  const moved = event.type === "appointment.rescheduled";
  // Booked or moved by the homeowner on /book (online-booking/): the office hears it was online.
  const online = event.source === "online-booking";
  await queueOffice(ctx, tx, event, "office-booking", { leadId: event.leadId }, { ...times, moved, ...(online ? { online } : {}) });
  // An appointment whose start has passed (a lead imported with its history) is no news to the
  // client: neither a confirmation nor a reminder. The worker checks again when it sends.
  if (hasStarted(event.start)) return;
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  const lead = await leadForMail(tx, event.leadId);
  if (!lead) return;
  // Booked online, the confirmation carries the homeowner's manage link (its secret kept only until
  // the mail has gone): it goes whatever the setting, as the only way to that link.
  if (settings.clientConfirmation || online) {
    await queueDelivery(ctx, tx, {
      key: `${event.id}:client-confirmation`,
      kind: "client-confirmation",
      to: lead.email,
      leadId: lead.id,
      payload: { ...times, moved, ...(online ? { online, [SECRET_PAYLOAD_KEY]: event.manageToken } : {}) },
    });
  }
  const remindAt = new Date(Date.parse(event.start) - settings.reminderLeadHours * 3_600_000);
  // Booked within the lead time: the confirmation is the reminder.
  if (settings.clientReminder && remindAt.getTime() > Date.now()) {
    await queueDelivery(ctx, tx, {
      key: `${event.id}:client-reminder`,
      kind: "client-reminder",
      to: lead.email,
      leadId: lead.id,
      payload: times,
      startAfter: remindAt,
    });
  }
}

async function appointmentCancelled(ctx: MailContext, tx: Queryable, event: Extract<DomainEvent, { type: "appointment.cancelled" }>) {
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  // Cancelled by the homeowner on /book: the office hears it, and the homeowner's confirmation of it goes whatever the setting.
  const online = event.source === "online-booking";
  const times = { start: event.start, end: event.end };
  if (online) await queueOffice(ctx, tx, event, "office-booking", { leadId: event.leadId }, { ...times, cancelled: true, online });
  const lead = await leadForMail(tx, event.leadId);
  if (!lead || !(settings.clientCancellation || online)) return;
  await queueDelivery(ctx, tx, {
    key: `${event.id}:client-cancellation`,
    kind: "client-cancellation",
    to: lead.email,
    leadId: lead.id,
    payload: { ...times, ...(online ? { online } : {}) },
  });
}

/** A test mail to every saved office recipient, at once (whatever their kinds or digest; its requester included). */
async function testRequested(ctx: MailContext, tx: Queryable, event: Extract<DomainEvent, { type: "notifications.test-requested" }>) {
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  for (const [position, r] of settings.officeRecipients.entries()) {
    await queueDelivery(ctx, tx, {
      key: testMailKey(event.requestId, r.email),
      kind: "office-test",
      to: r.email,
      payload: { requestedBy: event.actorId ?? null, position },
    });
  }
}

/** The invitee's mail: the link (its secret kept only until the mail has gone), who invited, when it expires. */
async function invitationCreated(ctx: MailContext, tx: Queryable, event: Extract<DomainEvent, { type: "invitation.created" }>) {
  await queueDelivery(ctx, tx, {
    key: `${event.id}:invitation`,
    kind: "invitation",
    to: event.email,
    payload: { invitationId: event.invitationId, [SECRET_PAYLOAD_KEY]: event.token },
  });
}

/** Queues the mail an event makes (inside the change's transaction: a throw rolls the change back). */
export async function queueMailFor(ctx: MailContext, tx: Queryable, event: DomainEvent): Promise<void> {
  switch (event.type) {
    case "contact.received":
      return contactReceived(ctx, tx, event);
    case "appointment.booked":
    case "appointment.rescheduled":
      return appointmentSet(ctx, tx, event);
    case "appointment.cancelled":
      return appointmentCancelled(ctx, tx, event);
    case "quote.sent":
    case "quote.approved":
    case "quote.changes_requested":
      return queueQuoteMail(ctx, tx, event, queueDelivery);
    case "crew.on-my-way": {
      const delivery = await onMyWayDelivery(tx, event);
      if (delivery) await queueDelivery(ctx, tx, delivery);
      return;
    }
    case "notifications.test-requested":
      return testRequested(ctx, tx, event);
    case "invitation.created":
      return invitationCreated(ctx, tx, event);
    default:
      return;
  }
}
