import type { Sql } from "@crawlguard/db";
import type { PgBoss } from "pg-boss";
import type { MailKind, RenderedMail } from "./templates.js";
import type { Queryable } from "../queryable.js";

/*
 * What the mail's parts share: the configuration, the outgoing message, a delivery row and the
 * lead or request a mail is about, read as it is when the mail is composed.
 */

export interface MailerConfig {
  timeZone: string;
  /** PUBLIC_URL without its trailing slash (links in the mail). */
  publicUrl: string;
  /** MAIL_FROM's address (the .ics organizer). */
  fromAddress: string;
  officeEnv: string | undefined;
  retryBaseSeconds: number;
}

/** What the subscriber, the worker's steps and the digest work with. */
export interface MailContext {
  sql: Sql;
  boss: PgBoss;
  config: MailerConfig;
}

export interface Outgoing extends RenderedMail {
  to: string;
  /** Office mail about a homeowner: their address, so a reply goes to them. */
  replyTo?: string | undefined;
  /** RFC 8058 headers (client mails). */
  unsubscribeUrl?: string | undefined;
  icsAttachment?: { content: string; method: "REQUEST" | "CANCEL" } | undefined;
  /** Files attached (a quote's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[] | undefined;
  /** Stable across retries: the delivery's id. */
  messageId: string;
}

export type SendMail = (mail: Outgoing) => Promise<{ messageId?: string }>;

/** A delivery row as the worker reads it. */
export interface DeliveryRow {
  id: string;
  kind: MailKind;
  recipient: string;
  leadId: string | null;
  submissionId: string | null;
  payload: Record<string, unknown>;
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

export interface LeadForMail {
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

export const leadForMail = async (sql: Queryable, id: string) =>
  (
    await sql<LeadForMail[]>`
    SELECT id, name, email, phone, address, zip_code, service, status, scheduled_date, duration_minutes FROM leads WHERE id = ${id}`
  )[0];

export interface SubmissionForMail {
  name: string;
  email: string;
  phone: string | null;
  zipCode: string;
  address: string | null;
  service: string | null;
  message: string | null;
  createdAt: Date;
}

export const submissionForMail = async (sql: Queryable, id: string | null) =>
  id
    ? (
        await sql<SubmissionForMail[]>`
    SELECT name, email, phone, zip_code, address, service, message, created_at FROM contact_submissions WHERE id = ${id}`
      )[0]
    : undefined;

/**
 * The payload key of a link's secret (an invitation's token): kept in the delivery row only until
 * the mail has been sent or skipped, then erased (worker.ts).
 */
export const SECRET_PAYLOAD_KEY = "secret";

/** Whether an appointment starting at `start` (ISO 8601) has begun: its client mails are past news. */
export const hasStarted = (start: string | undefined, now = Date.now()): boolean => start === undefined || Date.parse(start) <= now;

/** The dashboard link of an office mail: the lead, or the requests list. */
export const dashboardLink = (config: MailerConfig, leadId: string | null): string =>
  leadId ? `${config.publicUrl}/admin?lead=${leadId}` : `${config.publicUrl}/admin?tab=submissions`;

/** The Message-ID host: PUBLIC_URL's. */
export const messageHost = (config: MailerConfig): string => new URL(config.publicUrl).hostname;
