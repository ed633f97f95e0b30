import { appointmentIcs } from "./ics.js";
import {
  dashboardLink,
  hasStarted,
  leadForMail,
  messageHost,
  submissionForMail,
  type DeliveryRow,
  type MailContext,
  type Outgoing,
  SECRET_PAYLOAD_KEY,
  type SendMail,
} from "./mail-data.js";
import { officeMailKindLabels } from "@crawlguard/validators";
import { getNotificationSettings, unsubscribeSecret } from "./settings.js";
import { existingLeadOf } from "../submissions/existing-lead.js";
import { invitationTokenHash, invitationUrl } from "../users/invitations.js";
import { onMyWayMail } from "./on-my-way-mail.js";
import { CLIENT_KINDS, NON_ESSENTIAL, renderMail, type MailData } from "./templates.js";
import { unsubscribeToken } from "./unsubscribe-token.js";
import { composeQuoteMail, isQuoteMail } from "../quotes/quote-mail.js";

/*
 * The worker's steps (apps/server/src/mail-worker.ts runs them): a delivery is claimed by its row,
 * composed from the data as it is now (or skipped, saying why), sent and marked. Rows make the
 * send idempotent across instances; the row's status is the delivery log the lead's timeline shows.
 */

/** Why a confirmation or reminder still waiting when its appointment began is not sent. */
export const STARTED_SKIP = "The appointment's start has passed";

async function skip(ctx: MailContext, id: string, reason: string): Promise<"skipped"> {
  await ctx.sql`UPDATE mail_deliveries SET status = 'skipped', last_error = ${reason}, updated_at = now() WHERE id = ${id}`;
  return "skipped";
}

/** Marks a delivery skipped, with why (the digest skips what it leaves out). */
export const skipDelivery = skip;

/** Whether Google Calendar is connected and so invites the client itself (ADR 028: Google is the one source then). */
async function googleInvites(ctx: MailContext): Promise<boolean> {
  const rows = await ctx.sql`SELECT 1 FROM google_calendar_connection WHERE NOT needs_reconnect LIMIT 1`;
  return rows.length > 0;
}

/** Builds a delivery's message as things are now, or says why it is not sent. */
export async function composeDelivery(ctx: MailContext, d: DeliveryRow): Promise<Outgoing | { skip: string }> {
  const { config } = ctx;
  const o = { timeZone: config.timeZone, publicUrl: config.publicUrl };
  const client = CLIENT_KINDS.has(d.kind);
  let unsubscribeUrl: string | undefined;
  if (client) {
    const off = await ctx.sql`SELECT 1 FROM mail_unsubscribes WHERE email = ${d.recipient.toLowerCase()}`;
    if (off.length > 0 && NON_ESSENTIAL.has(d.kind)) return { skip: "The address unsubscribed from non-essential mail" };
    unsubscribeUrl = `${config.publicUrl}/mail/unsubscribe?token=${unsubscribeToken(await unsubscribeSecret(ctx.sql), d.recipient)}`;
  }
  const base = { to: d.recipient, messageId: `<${d.id}@${messageHost(config)}>`, unsubscribeUrl };
  const render = async (data: MailData, ics?: Outgoing["icsAttachment"]) => ({
    ...base,
    ...(await renderMail(data, { ...o, unsubscribeUrl })),
    icsAttachment: ics,
  });
  if (isQuoteMail(d.kind)) return composeQuoteMail(ctx, d, base);
  const p = d.payload as {
    start?: string;
    end?: string;
    previousStart?: string;
    moved?: boolean;
    at?: string;
    online?: boolean;
    cancelled?: boolean;
  };

  if (d.kind === "office-test") return composeTestMail(ctx, d, render);
  if (d.kind === "invitation") return composeInvitation(ctx, d, render);
  if (d.kind === "office-contact" || d.kind === "contact-ack") {
    const s = await submissionForMail(ctx.sql, d.submissionId);
    if (!s) return { skip: "The request was deleted" };
    // The acknowledgement goes to an address a visitor typed: none of the visitor's words go with it.
    if (d.kind === "contact-ack") return render({ kind: "contact-ack", service: s.service });
    const existingLead = await existingLeadOf(ctx.sql, d.submissionId!);
    return {
      ...(await render({
        kind: "office-contact",
        item: { kind: "contact", ...s, existingLead, link: dashboardLink(config, null), at: s.createdAt.toISOString() },
      })),
      replyTo: replyToOf(s.email),
    };
  }
  const lead = d.leadId ? await leadForMail(ctx.sql, d.leadId) : undefined;
  if (!lead) return { skip: "The lead was deleted" };
  if (d.kind === "client-on-my-way") {
    const mail = onMyWayMail(lead, d.payload);
    return "skip" in mail ? mail : render(mail);
  }
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
    return {
      ...(await render({
        kind: "office-booking",
        item: {
          kind: p.cancelled ? "cancellation" : p.moved ? "reschedule" : "booking",
          online: p.online,
          ...lead,
          message: null,
          start: p.start,
          link: dashboardLink(config, lead.id),
          at: p.start!,
        },
      })),
      replyTo: replyToOf(lead.email),
    };
  }
  if ((d.kind === "client-reminder" || d.kind === "client-confirmation") && hasStarted(p.start)) {
    return { skip: STARTED_SKIP };
  }
  if (d.kind === "client-reminder") {
    if (current !== p.start) return { skip: "The appointment was moved or cancelled since" };
    return render({ kind: "client-reminder", ...appointment });
  }
  if (d.kind === "client-confirmation" || d.kind === "client-cancellation") {
    if (d.kind === "client-confirmation" && current !== p.start) return { skip: "The appointment was moved or cancelled since" };
    // Booked online, the homeowner's mail is the one with their manage link: it goes even when Google invites them.
    if (!p.online && (await googleInvites(ctx))) return { skip: "Google Calendar is connected and invites the client" };
    const cancelled = d.kind === "client-cancellation";
    const ics = appointmentIcs({
      leadId: lead.id,
      host: messageHost(config),
      clientName: lead.name,
      clientEmail: lead.email,
      organizerEmail: config.fromAddress,
      service: lead.service,
      address: lead.address,
      start: p.start!,
      end: p.end!,
      cancelled,
      sequence: Math.floor(Date.now() / 1000),
    });
    const manageToken = d.payload[SECRET_PAYLOAD_KEY];
    const online = p.online
      ? cancelled
        ? { rebookUrl: `${config.publicUrl}/book` }
        : typeof manageToken === "string"
          ? { manageUrl: `${config.publicUrl}/book/${manageToken}` }
          : {}
      : {};
    const data: MailData = cancelled
      ? { kind: "client-cancellation", ...appointment, ...online }
      : { kind: "client-confirmation", moved: Boolean(p.moved), ...appointment, ...online };
    return render(data, { content: ics, method: cancelled ? "CANCEL" : "REQUEST" });
  }
  return { skip: `Unknown kind ${d.kind}` };
}

type Render = (data: MailData) => Promise<Outgoing>;

/** A test mail: what this recipient gets, as the settings say now. */
async function composeTestMail(ctx: MailContext, d: DeliveryRow, render: Render): Promise<Outgoing | { skip: string }> {
  const settings = await getNotificationSettings(ctx.sql, ctx.config.officeEnv);
  const recipient = settings.officeRecipients.find((r) => r.email.toLowerCase() === d.recipient.toLowerCase());
  const requestedBy = typeof d.payload["requestedBy"] === "string" ? await displayNameOf(ctx, d.payload["requestedBy"]) : null;
  return render({
    kind: "office-test",
    requestedBy,
    kinds: (recipient?.kinds ?? []).map((kind) => officeMailKindLabels[kind]),
    digest: recipient?.digest ?? false,
  });
}

/** An invitation's mail: only while the invitation can still be used, with the link its code makes. */
async function composeInvitation(ctx: MailContext, d: DeliveryRow, render: Render): Promise<Outgoing | { skip: string }> {
  const token = d.payload[SECRET_PAYLOAD_KEY];
  const invitationId = d.payload["invitationId"];
  if (typeof token !== "string" || typeof invitationId !== "string") return { skip: "The invitation's link is no longer kept" };
  const [invitation] = await ctx.sql<
    { tokenHash: string; createdBy: string | null; expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }[]
  >`SELECT token_hash, created_by, expires_at, used_at, revoked_at FROM invitations WHERE id = ${invitationId}`;
  if (!invitation || invitation.tokenHash !== invitationTokenHash(token)) return { skip: "The invitation no longer exists" };
  if (invitation.usedAt) return { skip: "The invitation has been used" };
  if (invitation.revokedAt) return { skip: "The invitation has been revoked" };
  if (invitation.expiresAt.getTime() <= Date.now()) return { skip: "The invitation has expired" };
  return render({
    kind: "invitation",
    invitedBy: invitation.createdBy ? await displayNameOf(ctx, invitation.createdBy) : null,
    link: invitationUrl(ctx.config.publicUrl, token),
    expiresAt: invitation.expiresAt.toISOString(),
  });
}

/** A user's display name (their username when they set none); null for an account deleted since. */
async function displayNameOf(ctx: MailContext, userId: string): Promise<string | null> {
  const [user] = await ctx.sql<{ name: string }[]>`SELECT COALESCE(display_name, username) AS name FROM users WHERE id = ${userId}`;
  return user?.name ?? null;
}

/** Office mail about a homeowner is answered to the homeowner; never a header without an address. */
const replyToOf = (email: string | null | undefined): string | undefined => (email?.trim() ? email.trim() : undefined);

/** A delivery done with (sent or skipped) keeps no link secret. */
const eraseSecret = (ctx: MailContext, id: string) =>
  ctx.sql`UPDATE mail_deliveries SET payload = payload - ${SECRET_PAYLOAD_KEY}::text WHERE id = ${id} AND payload ? ${SECRET_PAYLOAD_KEY}::text`;

/**
 * Sends one delivery: claimed by its row (a delivery already sent or skipped is done), composed
 * from the data as it is now, sent, marked. A failure is recorded and thrown (pg-boss retries it).
 */
export async function deliver(ctx: MailContext, deliveryId: string, send: SendMail): Promise<"sent" | "skipped" | "done"> {
  const [d] = await ctx.sql<DeliveryRow[]>`
    UPDATE mail_deliveries SET status = 'sending', attempts = attempts + 1, updated_at = now()
    WHERE id = ${deliveryId} AND status IN ('queued', 'failed', 'sending')
    RETURNING id, kind, recipient, lead_id, submission_id, payload`;
  if (!d) return "done";
  const mail = await composeDelivery(ctx, d);
  if ("skip" in mail) {
    await eraseSecret(ctx, d.id);
    return skip(ctx, d.id, mail.skip);
  }
  try {
    const info = await send(mail);
    await ctx.sql`UPDATE mail_deliveries SET status = 'sent', subject = ${mail.subject}, sent_at = now(), last_error = NULL,
      message_id = ${info.messageId ?? mail.messageId}, updated_at = now() WHERE id = ${d.id}`;
    await eraseSecret(ctx, d.id);
    return "sent";
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).replace(/\/\/[^@\s/]*@/g, "//[REDACTED]@").slice(0, 500);
    await ctx.sql`UPDATE mail_deliveries SET status = 'failed', subject = ${mail.subject}, last_error = ${message}, updated_at = now() WHERE id = ${d.id}`;
    throw err;
  }
}
