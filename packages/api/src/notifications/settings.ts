import { randomBytes } from "node:crypto";
import type { Sql } from "@crawlguard/db";
import { officeMailKinds, type OfficeMailKind } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";

/*
 * The Notifications settings (one row, made on first read) and the addresses that turned off
 * non-essential mail.
 */

export const SMTP_NOT_CONFIGURED_MESSAGE =
  "E-mail is not configured on this server: nothing is sent. Set SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465), MAIL_FROM and " +
  'OFFICE_NOTIFY_EMAILS, then restart. docs/operations.md, "E-mail notifications", walks through it.';

export interface OfficeRecipient {
  email: string;
  /** One digest a day instead of one mail each. */
  digest: boolean;
  /** The kinds of office mail this recipient gets (saved before there was a choice: every kind). */
  kinds: OfficeMailKind[];
}

/** A recipient as stored: `kinds` absent when saved before there was a choice. */
type StoredRecipient = Omit<OfficeRecipient, "kinds"> & { kinds?: OfficeMailKind[] };

const withKinds = (r: StoredRecipient): OfficeRecipient => ({
  email: r.email,
  digest: r.digest,
  kinds: officeMailKinds.filter((kind) => r.kinds?.includes(kind) ?? true),
});

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
  officeRecipients: StoredRecipient[] | null;
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
    .map((email) => ({ email, digest: false, kinds: [...officeMailKinds] }));
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
    officeRecipients: row.officeRecipients?.map(withKinds) ?? officeFromEnv(envOffice),
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
  // One entry per address (case-insensitive), the last one's choices.
  const byAddress = new Map(input.officeRecipients.map((r) => [r.email.trim().toLowerCase(), withKinds({ ...r, email: r.email.trim() })]));
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
