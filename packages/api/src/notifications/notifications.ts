import { randomBytes } from "node:crypto";
import type { Sql } from "@crawlguard/db";
import { postgresJsDatabase } from "@crawlguard/jobs";
import type { PgBoss } from "pg-boss";
import { appointmentIcs } from "./ics.js";
import { CLIENT_KINDS, NON_ESSENTIAL, renderMail, type MailData, type MailKind, type OfficeItem, type RenderedMail } from "./templates.js";
import { unsubscribeToken } from "./unsubscribe-token.js";
import type { DomainEvent, DomainEventSubscriber } from "../domain-events.js";
import type { Queryable } from "../queryable.js";

/*
 * Notifications by e-mail (ADR 028). The subscriber writes a delivery row and queues
 * its job in the change's transaction; the worker (apps/server/src/mail-worker.ts) sends it later, reading
 * the lead as it is then. Rows make the send idempotent across instances; the row's status is the
 * delivery log the lead's timeline shows.
 */

export const MAIL_QUEUE = "mail-send";
export const DIGEST_QUEUE = "mail-digest";
/** Contact acknowledgements per address per day (a form sent again and again does not flood an inbox). */
export const ACK_LIMIT_PER_DAY = 3;
/** Digests go out at this hour of the business day. */
export const DIGEST_HOUR = 8;

export const SMTP_NOT_CONFIGURED_MESSAGE =
  "E-mail is not configured on this server: nothing is sent. Set SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465), MAIL_FROM and " +
  'OFFICE_NOTIFY_EMAILS, then restart. docs/operations.md, "E-mail notifications", walks through it.';

export interface OfficeRecipient {
  email: string;
  /** One digest a day instead of one mail each. */
  digest: boolean;
}

export interface NotificationSettings {
  officeRecipients: OfficeRecipient[];
  /** Whether the office list comes from OFFICE_NOTIFY_EMAILS (no admin has saved one). */
  officeRecipientsFromEnv: boolean;
  clientConfirmation: boolean;
  clientCancellation: boolean;
  clientReminder: boolean;
  contactAcknowledgement: boolean;
  reminderLeadHours: number;
}

interface SettingsRow {
  officeRecipients: OfficeRecipient[] | null;
  clientConfirmation: boolean;
  clientCancellation: boolean;
  clientReminder: boolean;
  contactAcknowledgement: boolean;
  reminderLeadHours: number;
  unsubscribeSecret: string;
}

/** OFFICE_NOTIFY_EMAILS as recipients. */
export function officeFromEnv(list: string | undefined): OfficeRecipient[] {
  return (list ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e.includes("@"))
    .map((email) => ({ email, digest: false }));
}

async function settingsRow(sql: Queryable): Promise<SettingsRow> {
  const [row] = await sql<SettingsRow[]>`SELECT * FROM notification_settings WHERE id`;
  if (row) return row;
  await sql`INSERT INTO notification_settings (id, unsubscribe_secret) VALUES (true, ${randomBytes(32).toString("hex")}) ON CONFLICT (id) DO NOTHING`;
  const [created] = await sql<SettingsRow[]>`SELECT * FROM notification_settings WHERE id`;
  return created!;
}

export async function getNotificationSettings(sql: Queryable, envOffice: string | undefined): Promise<NotificationSettings> {
  const row = await settingsRow(sql);
  return {
    officeRecipients: row.officeRecipients ?? officeFromEnv(envOffice),
    officeRecipientsFromEnv: row.officeRecipients === null,
    clientConfirmation: row.clientConfirmation,
    clientCancellation: row.clientCancellation,
    clientReminder: row.clientReminder,
    contactAcknowledgement: row.contactAcknowledgement,
    reminderLeadHours: row.reminderLeadHours,
  };
}

export async function updateNotificationSettings(
  sql: Sql,
  userId: string,
  input: Omit<NotificationSettings, "officeRecipientsFromEnv">,
  envOffice: string | undefined,
): Promise<NotificationSettings> {
  await settingsRow(sql);
  // One entry per address (case-insensitive), the last one's digest choice.
  const byAddress = new Map(input.officeRecipients.map((r) => [r.email.trim().toLowerCase(), { email: r.email.trim(), digest: r.digest }]));
  await sql`
    UPDATE notification_settings SET office_recipients = ${sql.json([...byAddress.values()] as never)},
      client_confirmation = ${input.clientConfirmation}, client_cancellation = ${input.clientCancellation},
      client_reminder = ${input.clientReminder}, contact_acknowledgement = ${input.contactAcknowledgement},
      reminder_lead_hours = ${input.reminderLeadHours}, updated_at = now(), updated_by = ${userId}
    WHERE id`;
  return getNotificationSettings(sql, envOffice);
}

export async function unsubscribeSecret(sql: Queryable): Promise<string> {
  return (await settingsRow(sql)).unsubscribeSecret;
}

/** Turns off non-essential mail for an address (idempotent). */
export async function unsubscribe(sql: Queryable, email: string): Promise<void> {
  await sql`INSERT INTO mail_unsubscribes (email) VALUES (${email.toLowerCase()}) ON CONFLICT (email) DO NOTHING`;
}

export interface Delivery {
  id: string;
  kind: MailKind;
  recipient: string;
  status: "queued" | "sending" | "sent" | "failed" | "skipped";
  subject: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A lead's delivery log (oldest first). */
export async function leadDeliveries(sql: Queryable, leadId: string): Promise<Delivery[]> {
  const rows = await sql<(Omit<Delivery, "createdAt" | "sentAt"> & { createdAt: Date; sentAt: Date | null })[]>`
    SELECT id, kind, recipient, status, subject, attempts, last_error, created_at, sent_at
    FROM mail_deliveries WHERE lead_id = ${leadId} ORDER BY created_at, id`;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}

export interface MailerConfig {
  timeZone: string;
  /** PUBLIC_URL without its trailing slash (links in the mail). */
  publicUrl: string;
  /** MAIL_FROM's address (the .ics organizer). */
  fromAddress: string;
  officeEnv: string | undefined;
  retryBaseSeconds: number;
}

interface JobData {
  deliveryId: string;
}

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

interface LeadForMail {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  status: string;
  scheduledDate: Date | null;
  durationMinutes: number;
}

const leadForMail = async (sql: Queryable, id: string) =>
  (
    await sql<LeadForMail[]>`
    SELECT id, name, email, phone, address, zip_code, service, status, scheduled_date, duration_minutes FROM leads WHERE id = ${id}`
  )[0];

interface SubmissionForMail {
  name: string;
  email: string;
  phone: string | null;
  zipCode: string;
  address: string | null;
  service: string | null;
  message: string | null;
  createdAt: Date;
}

const submissionForMail = async (sql: Queryable, id: string | null) =>
  id
    ? (
        await sql<SubmissionForMail[]>`
    SELECT name, email, phone, zip_code, address, service, message, created_at FROM contact_submissions WHERE id = ${id}`
      )[0]
    : undefined;

/** The next DIGEST_HOUR:00 in the business zone after `now`. */
export function nextDigestTime(now: Date, timeZone: string): Date {
  for (let h = 1; h <= 48; h++) {
    const t = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + (h - 1) * 3_600_000);
    const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(t));
    const minute = Number(new Intl.DateTimeFormat("en-US", { timeZone, minute: "numeric" }).format(t));
    if (hour === DIGEST_HOUR && minute === 0 && t > now) return t;
  }
  return new Date(now.getTime() + 86_400_000);
}

export interface Outgoing extends RenderedMail {
  to: string;
  /** RFC 8058 headers (client mails). */
  unsubscribeUrl?: string | undefined;
  icsAttachment?: { content: string; method: "REQUEST" | "CANCEL" } | undefined;
  /** Stable across retries: the delivery's id. */
  messageId: string;
}

export type SendMail = (mail: Outgoing) => Promise<{ messageId?: string }>;

/**
 * The mail side: the domain-event subscriber (queues deliveries in the change's transaction) and
 * the worker's steps (send one delivery, one digest).
 */
export class Mailer implements DomainEventSubscriber {
  constructor(
    private readonly sql: Sql,
    private readonly boss: PgBoss,
    private readonly config: MailerConfig,
  ) {}

  static async createQueues(boss: PgBoss, heartbeatSeconds: number): Promise<void> {
    const settings = mailQueueSettings(heartbeatSeconds);
    for (const name of [MAIL_QUEUE, DIGEST_QUEUE]) {
      const policy = name === DIGEST_QUEUE ? "stately" : "standard";
      await boss.createQueue(name, { policy, ...settings });
      await boss.updateQueue(name, settings);
    }
  }

  private link(leadId: string | null): string {
    return leadId ? `${this.config.publicUrl}/admin?lead=${leadId}` : `${this.config.publicUrl}/admin?tab=submissions`;
  }

  /** A delivery row and its job, in `tx`; the same dedupe key twice queues once. */
  private async queue(
    tx: Queryable,
    d: {
      key: string;
      kind: MailKind;
      to: string;
      leadId?: string | null;
      submissionId?: string | null;
      payload: object;
      startAfter?: Date;
      job?: boolean;
    },
  ): Promise<void> {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO mail_deliveries (dedupe_key, kind, recipient, lead_id, submission_id, payload)
      VALUES (${d.key}, ${d.kind}, ${d.to}, ${d.leadId ?? null}, ${d.submissionId ?? null}, ${tx.json(d.payload as never)})
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`;
    if (!row || d.job === false) return;
    await this.boss.send(MAIL_QUEUE, { deliveryId: row.id } satisfies JobData, {
      db: postgresJsDatabase(tx),
      retryDelay: this.config.retryBaseSeconds,
      ...(d.startAfter ? { startAfter: d.startAfter } : {}),
    });
  }

  private async office(
    tx: Queryable,
    event: DomainEvent,
    kind: "office-contact" | "office-booking",
    ids: { leadId?: string; submissionId?: string },
    payload: object,
  ) {
    const settings = await getNotificationSettings(tx, this.config.officeEnv);
    for (const r of settings.officeRecipients) {
      const key = `${event.id}:${kind}:${r.email.toLowerCase()}`;
      await this.queue(tx, { key, kind, to: r.email, ...ids, payload, job: !r.digest });
      if (r.digest) {
        await this.boss.send(
          DIGEST_QUEUE,
          { recipient: r.email.toLowerCase() },
          {
            db: postgresJsDatabase(tx),
            singletonKey: r.email.toLowerCase(),
            startAfter: nextDigestTime(new Date(), this.config.timeZone),
            retryDelay: this.config.retryBaseSeconds,
          },
        );
      }
    }
  }

  async handle(tx: Queryable, event: DomainEvent): Promise<void> {
    switch (event.type) {
      case "contact.received": {
        await this.office(tx, event, "office-contact", { submissionId: event.submissionId }, { at: event.occurredAt });
        const settings = await getNotificationSettings(tx, this.config.officeEnv);
        if (!settings.contactAcknowledgement) return;
        const [s] = await tx<{ email: string }[]>`SELECT email FROM contact_submissions WHERE id = ${event.submissionId}`;
        if (!s) return;
        // Rate-limited per address: at most ACK_LIMIT_PER_DAY a day.
        const [count] = await tx<{ n: number }[]>`
          SELECT count(*)::int AS n FROM mail_deliveries
          WHERE kind = 'contact-ack' AND lower(recipient) = ${s.email.toLowerCase()} AND created_at > now() - interval '1 day'`;
        if ((count?.n ?? 0) >= ACK_LIMIT_PER_DAY) return;
        await this.queue(tx, {
          key: `${event.id}:contact-ack`,
          kind: "contact-ack",
          to: s.email,
          submissionId: event.submissionId,
          payload: {},
        });
        return;
      }
      case "appointment.booked":
      case "appointment.rescheduled": {
        const times = {
          start: event.start,
          end: event.end,
          ...(event.type === "appointment.rescheduled" ? { previousStart: event.previous.start } : {}),
        };
        await this.office(
          tx,
          event,
          "office-booking",
          { leadId: event.leadId },
          { ...times, moved: event.type === "appointment.rescheduled" },
        );
        const settings = await getNotificationSettings(tx, this.config.officeEnv);
        const lead = await leadForMail(tx, event.leadId);
        if (!lead) return;
        if (settings.clientConfirmation) {
          await this.queue(tx, {
            key: `${event.id}:client-confirmation`,
            kind: "client-confirmation",
            to: lead.email,
            leadId: lead.id,
            payload: { ...times, moved: event.type === "appointment.rescheduled" },
          });
        }
        const remindAt = new Date(Date.parse(event.start) - settings.reminderLeadHours * 3_600_000);
        // Booked within the lead time: the confirmation is the reminder.
        if (settings.clientReminder && remindAt.getTime() > Date.now()) {
          await this.queue(tx, {
            key: `${event.id}:client-reminder`,
            kind: "client-reminder",
            to: lead.email,
            leadId: lead.id,
            payload: times,
            startAfter: remindAt,
          });
        }
        return;
      }
      case "appointment.cancelled": {
        const settings = await getNotificationSettings(tx, this.config.officeEnv);
        const lead = await leadForMail(tx, event.leadId);
        if (!lead || !settings.clientCancellation) return;
        await this.queue(tx, {
          key: `${event.id}:client-cancellation`,
          kind: "client-cancellation",
          to: lead.email,
          leadId: lead.id,
          payload: { start: event.start, end: event.end },
        });
        return;
      }
      default:
        return;
    }
  }

  private async skip(id: string, reason: string): Promise<"skipped"> {
    await this.sql`UPDATE mail_deliveries SET status = 'skipped', last_error = ${reason}, updated_at = now() WHERE id = ${id}`;
    return "skipped";
  }

  /** Whether Google Calendar is connected and so invites the client itself (ADR 028: Google is the one source then). */
  private async googleInvites(): Promise<boolean> {
    const rows = await this.sql`SELECT 1 FROM google_calendar_connection WHERE NOT needs_reconnect LIMIT 1`;
    return rows.length > 0;
  }

  /** Builds a delivery's message as things are now, or says why it is not sent. */
  async compose(d: {
    id: string;
    kind: MailKind;
    recipient: string;
    leadId: string | null;
    submissionId: string | null;
    payload: Record<string, unknown>;
  }): Promise<Outgoing | { skip: string }> {
    const o = { timeZone: this.config.timeZone, publicUrl: this.config.publicUrl };
    const client = CLIENT_KINDS.has(d.kind);
    let unsubscribeUrl: string | undefined;
    if (client) {
      const off = await this.sql`SELECT 1 FROM mail_unsubscribes WHERE email = ${d.recipient.toLowerCase()}`;
      if (off.length > 0 && NON_ESSENTIAL.has(d.kind)) return { skip: "The address unsubscribed from non-essential mail" };
      unsubscribeUrl = `${this.config.publicUrl}/mail/unsubscribe?token=${unsubscribeToken(await unsubscribeSecret(this.sql), d.recipient)}`;
    }
    const base = { to: d.recipient, messageId: `<${d.id}@${new URL(this.config.publicUrl).hostname}>`, unsubscribeUrl };
    const render = async (data: MailData, ics?: Outgoing["icsAttachment"]) => ({
      ...base,
      ...(await renderMail(data, { ...o, unsubscribeUrl })),
      icsAttachment: ics,
    });
    const p = d.payload as { start?: string; end?: string; previousStart?: string; moved?: boolean; at?: string };

    if (d.kind === "office-contact" || d.kind === "contact-ack") {
      const s = await submissionForMail(this.sql, d.submissionId);
      if (!s) return { skip: "The request was deleted" };
      // The acknowledgement goes to an address a visitor typed: none of the visitor's words go with it.
      if (d.kind === "contact-ack") return render({ kind: "contact-ack", service: s.service });
      return render({ kind: "office-contact", item: { kind: "contact", ...s, link: this.link(null), at: s.createdAt.toISOString() } });
    }
    const lead = d.leadId ? await leadForMail(this.sql, d.leadId) : undefined;
    if (!lead) return { skip: "The lead was deleted" };
    const current = lead.scheduledDate && lead.status !== "lost" ? lead.scheduledDate.toISOString() : null;
    const appointment = {
      clientName: lead.name,
      service: lead.service,
      address: lead.address,
      start: p.start!,
      end: p.end!,
      previousStart: p.previousStart,
    };
    if (d.kind === "office-booking") {
      return render({
        kind: "office-booking",
        item: { kind: p.moved ? "reschedule" : "booking", ...lead, message: null, start: p.start, link: this.link(lead.id), at: p.start! },
      });
    }
    if (d.kind === "client-reminder") {
      if (current !== p.start) return { skip: "The appointment was moved or cancelled since" };
      return render({ kind: "client-reminder", ...appointment });
    }
    if (d.kind === "client-confirmation" || d.kind === "client-cancellation") {
      if (d.kind === "client-confirmation" && current !== p.start) return { skip: "The appointment was moved or cancelled since" };
      if (await this.googleInvites()) return { skip: "Google Calendar is connected and invites the client" };
      const cancelled = d.kind === "client-cancellation";
      const ics = appointmentIcs({
        leadId: lead.id,
        host: new URL(this.config.publicUrl).hostname,
        clientName: lead.name,
        clientEmail: lead.email,
        organizerEmail: this.config.fromAddress,
        service: lead.service,
        address: lead.address,
        start: p.start!,
        end: p.end!,
        cancelled,
        sequence: Math.floor(Date.now() / 1000),
      });
      const data: MailData = cancelled
        ? { kind: "client-cancellation", ...appointment }
        : { kind: "client-confirmation", moved: Boolean(p.moved), ...appointment };
      return render(data, { content: ics, method: cancelled ? "CANCEL" : "REQUEST" });
    }
    return { skip: `Unknown kind ${d.kind}` };
  }

  /**
   * Sends one delivery: claimed by its row (a delivery already sent or skipped is done), composed
   * from the data as it is now, sent, marked. A failure is recorded and thrown (pg-boss retries it).
   */
  async deliver(deliveryId: string, send: SendMail): Promise<"sent" | "skipped" | "done"> {
    const [d] = await this.sql<
      {
        id: string;
        kind: MailKind;
        recipient: string;
        leadId: string | null;
        submissionId: string | null;
        payload: Record<string, unknown>;
      }[]
    >`
      UPDATE mail_deliveries SET status = 'sending', attempts = attempts + 1, updated_at = now()
      WHERE id = ${deliveryId} AND status IN ('queued', 'failed', 'sending')
      RETURNING id, kind, recipient, lead_id, submission_id, payload`;
    if (!d) return "done";
    const mail = await this.compose(d);
    if ("skip" in mail) return this.skip(d.id, mail.skip);
    try {
      const info = await send(mail);
      await this.sql`UPDATE mail_deliveries SET status = 'sent', subject = ${mail.subject}, sent_at = now(), last_error = NULL,
        message_id = ${info.messageId ?? mail.messageId}, updated_at = now() WHERE id = ${d.id}`;
      return "sent";
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).replace(/\/\/[^@\s/]*@/g, "//[REDACTED]@").slice(0, 500);
      await this
        .sql`UPDATE mail_deliveries SET status = 'failed', subject = ${mail.subject}, last_error = ${message}, updated_at = now() WHERE id = ${d.id}`;
      throw err;
    }
  }

  /** One digest for a recipient: every office item waiting for it, in one mail. */
  async digest(recipient: string, send: SendMail): Promise<number> {
    const rows = await this.sql<
      {
        id: string;
        kind: MailKind;
        recipient: string;
        leadId: string | null;
        submissionId: string | null;
        payload: Record<string, unknown>;
      }[]
    >`
      SELECT id, kind, recipient, lead_id, submission_id, payload FROM mail_deliveries
      WHERE lower(recipient) = ${recipient} AND kind IN ('office-contact', 'office-booking') AND status = 'queued'
      ORDER BY created_at, id`;
    const items: OfficeItem[] = [];
    const ids: string[] = [];
    for (const row of rows) {
      const mail = await this.compose(row);
      if ("skip" in mail) {
        await this.skip(row.id, mail.skip);
        continue;
      }
      ids.push(row.id);
      const item = await this.officeItem(row);
      if (item) items.push(item);
    }
    if (items.length === 0) return 0;
    const rendered = await renderMail(
      { kind: "office-digest", items },
      { timeZone: this.config.timeZone, publicUrl: this.config.publicUrl },
    );
    await send({ ...rendered, to: rows[0]!.recipient, messageId: `<digest-${ids[0]}@${new URL(this.config.publicUrl).hostname}>` });
    await this
      .sql`UPDATE mail_deliveries SET status = 'sent', subject = ${rendered.subject}, sent_at = now(), updated_at = now() WHERE id = ANY(${ids}::uuid[])`;
    return items.length;
  }

  private async officeItem(row: {
    kind: MailKind;
    leadId: string | null;
    submissionId: string | null;
    payload: Record<string, unknown>;
  }): Promise<OfficeItem | null> {
    if (row.kind === "office-contact") {
      const s = await submissionForMail(this.sql, row.submissionId);
      return s ? { kind: "contact", ...s, link: this.link(null), at: s.createdAt.toISOString() } : null;
    }
    const lead = row.leadId ? await leadForMail(this.sql, row.leadId) : undefined;
    const p = row.payload as { start?: string; moved?: boolean };
    return lead
      ? { kind: p.moved ? "reschedule" : "booking", ...lead, message: null, start: p.start, link: this.link(lead.id), at: p.start! }
      : null;
  }
}
