import {
  dashboardLink,
  leadForMail,
  messageHost,
  submissionForMail,
  type DeliveryRow,
  type MailContext,
  type SendMail,
} from "./mail-data.js";
import { renderMail, type OfficeItem } from "./templates.js";
import { existingLeadOf } from "../submissions/existing-lead.js";
import { composeDelivery, skipDelivery } from "./worker.js";

/*
 * The office's daily digest: a recipient who chose it gets every office item waiting for them in
 * one mail at DIGEST_HOUR, business time.
 */

/** Digests go out at this hour of the business day. */
export const DIGEST_HOUR = 8;

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

async function officeItem(ctx: MailContext, row: DeliveryRow): Promise<OfficeItem | null> {
  if (row.kind === "office-contact") {
    const s = await submissionForMail(ctx.sql, row.submissionId);
    if (!s) return null;
    const existingLead = await existingLeadOf(ctx.sql, row.submissionId!);
    return { kind: "contact", ...s, existingLead, link: dashboardLink(ctx.config, null), at: s.createdAt.toISOString() };
  }
  const lead = row.leadId ? await leadForMail(ctx.sql, row.leadId) : undefined;
  const p = row.payload as { start?: string; moved?: boolean; cancelled?: boolean; online?: boolean };
  return lead
    ? {
        kind: p.cancelled ? "cancellation" : p.moved ? "reschedule" : "booking",
        online: p.online,
        ...lead,
        message: null,
        start: p.start,
        link: dashboardLink(ctx.config, lead.id),
        at: p.start!,
      }
    : null;
}

/** One digest for a recipient: every office item waiting for it, in one mail. */
export async function sendDigest(ctx: MailContext, recipient: string, send: SendMail): Promise<number> {
  const rows = await ctx.sql<DeliveryRow[]>`
    SELECT id, kind, recipient, lead_id, submission_id, payload FROM mail_deliveries
    WHERE lower(recipient) = ${recipient} AND kind IN ('office-contact', 'office-booking') AND status = 'queued'
    ORDER BY created_at, id`;
  const items: OfficeItem[] = [];
  const ids: string[] = [];
  for (const row of rows) {
    const mail = await composeDelivery(ctx, row);
    if ("skip" in mail) {
      await skipDelivery(ctx, row.id, mail.skip);
      continue;
    }
    ids.push(row.id);
    const item = await officeItem(ctx, row);
    if (item) items.push(item);
  }
  if (items.length === 0) return 0;
  const rendered = await renderMail({ kind: "office-digest", items }, { timeZone: ctx.config.timeZone, publicUrl: ctx.config.publicUrl });
  // About one homeowner only: a reply goes to them, as for a mail of its own.
  const homeowners = new Set(items.map((item) => item.email.trim().toLowerCase()).filter(Boolean));
  const replyTo = homeowners.size === 1 ? items[0]!.email.trim() : undefined;
  await send({ ...rendered, to: rows[0]!.recipient, replyTo, messageId: `<digest-${ids[0]}@${messageHost(ctx.config)}>` });
  await ctx.sql`UPDATE mail_deliveries SET status = 'sent', subject = ${rendered.subject}, sent_at = now(), updated_at = now() WHERE id = ANY(${ids}::uuid[])`;
  return items.length;
}
