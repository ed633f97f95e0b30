import type { QuoteEventInput } from "../domain-events.js";
import type { MailContext, Outgoing } from "../notifications/mail-data.js";
import { getNotificationSettings } from "../notifications/settings.js";
import type { MailKind, QuoteMailKind } from "../notifications/templates.js";
import type { Queryable } from "../queryable.js";
import { todayIn } from "../scheduling/zone.js";
import { clientQuoteOf } from "./client-view.js";
import { quoteToken, quoteUrl } from "./links.js";
import { pdfOfRow } from "./pdf-access.js";
import { quoteColumns, statusOn, type QuoteRow, type QuoteView } from "./quote-rows.js";
import { renderQuoteMail, type QuoteMailData } from "./mail-templates.js";
import { getQuoteSettings, linkSecret } from "./settings.js";

/*
 * The quotes' mail, on the notifications' queue (ADR 028): the subscriber queues delivery rows and
 * jobs in the change's transaction; the worker composes each when it sends it, from the quote as
 * it is then (a quote replaced or answered meanwhile is not chased). Quote mails show in the lead's
 * e-mail log like every other.
 * - quote.sent: the quote to the homeowner (link, PDF attached), and ONE follow-up after the
 *   settings' followUpDays (none when 0), sent only if the quote is still unanswered then;
 * - quote.approved: the homeowner's confirmation (signed PDF attached) and the office's mail;
 * - quote.changes_requested: the office's mail with the message.
 * The office's quote mails go out at once, also to digest recipients: a won job or a change
 * request wants an answer the same day.
 */

export const QUOTE_MAIL_KINDS = [
  "quote-sent",
  "quote-reminder",
  "quote-approved",
  "office-quote",
] as const satisfies readonly QuoteMailKind[];
export const isQuoteMail = (kind: string): kind is QuoteMailKind => (QUOTE_MAIL_KINDS as readonly string[]).includes(kind);

type QuoteEvent = QuoteEventInput & { id: string; occurredAt: string };

interface QuotePayload {
  quoteId: string;
  what?: "approved" | "changes";
}

const DAY_MS = 86_400_000;

/** The subscriber's way of queueing a delivery row and its job (notifications/subscriber.ts queueDelivery). */
export type QueueDelivery = (
  ctx: MailContext,
  tx: Queryable,
  d: { key: string; kind: MailKind; to: string; leadId?: string | null; payload: object; startAfter?: Date },
) => Promise<void>;

async function leadEmail(tx: Queryable, leadId: string): Promise<string | null> {
  const [lead] = await tx<{ email: string | null }[]>`SELECT email FROM leads WHERE id = ${leadId}`;
  return lead?.email ?? null;
}

async function queueOffice(ctx: MailContext, tx: Queryable, queueDelivery: QueueDelivery, event: QuoteEvent, what: "approved" | "changes") {
  const settings = await getNotificationSettings(tx, ctx.config.officeEnv);
  for (const r of settings.officeRecipients) {
    await queueDelivery(ctx, tx, {
      key: `${event.id}:office-quote:${r.email.toLowerCase()}`,
      kind: "office-quote",
      to: r.email,
      leadId: event.leadId,
      payload: { quoteId: event.quoteId, what } satisfies QuotePayload,
    });
  }
}

/** The deliveries a quote event makes (called by the mail subscriber, in the change's transaction). */
export async function queueQuoteMail(ctx: MailContext, tx: Queryable, event: QuoteEvent, queueDelivery: QueueDelivery): Promise<void> {
  const payload: QuotePayload = { quoteId: event.quoteId };
  switch (event.type) {
    case "quote.sent": {
      const to = await leadEmail(tx, event.leadId);
      if (!to) return;
      await queueDelivery(ctx, tx, { key: `${event.id}:quote-sent`, kind: "quote-sent", to, leadId: event.leadId, payload });
      const { followUpDays } = await getQuoteSettings(tx);
      if (followUpDays > 0) {
        await queueDelivery(ctx, tx, {
          // One follow-up per quote, however often its events come.
          key: `${event.quoteId}:quote-reminder`,
          kind: "quote-reminder",
          to,
          leadId: event.leadId,
          payload,
          startAfter: new Date(Date.now() + followUpDays * DAY_MS),
        });
      }
      return;
    }
    case "quote.approved": {
      const to = await leadEmail(tx, event.leadId);
      if (to)
        await queueDelivery(ctx, tx, { key: `${event.id}:quote-approved`, kind: "quote-approved", to, leadId: event.leadId, payload });
      return queueOffice(ctx, tx, queueDelivery, event, "approved");
    }
    case "quote.changes_requested":
      return queueOffice(ctx, tx, queueDelivery, event, "changes");
    default:
      return;
  }
}

/** Builds a quote delivery's message as the quote is now, or says why it is not sent. */
export async function composeQuoteMail(
  ctx: MailContext,
  d: { kind: string; recipient: string; leadId: string | null; payload: Record<string, unknown> },
  base: Pick<Outgoing, "to" | "messageId" | "unsubscribeUrl">,
): Promise<Outgoing | { skip: string }> {
  const { quoteId, what } = d.payload as Partial<QuotePayload>;
  const [row] = quoteId ? await ctx.sql<QuoteRow[]>`SELECT ${quoteColumns(ctx.sql)} FROM quotes WHERE id = ${quoteId}` : [];
  if (!row) return { skip: "The quote was deleted" };
  const { publicUrl, timeZone } = ctx.config;
  const view: QuoteView = { origin: publicUrl, secret: await linkSecret(ctx.sql), today: todayIn(timeZone, new Date()) };
  const status = statusOn(row, view.today);
  const quote = await clientQuoteOf(ctx.sql, row, view);
  const url = quoteUrl(publicUrl, quoteToken(view.secret, row.id));
  const options = { timeZone, publicUrl, unsubscribeUrl: base.unsubscribeUrl };
  const withPdf = async (data: QuoteMailData): Promise<Outgoing> => {
    const pdf = await pdfOfRow(ctx.sql, row, view, timeZone);
    return {
      ...base,
      ...(await renderQuoteMail(data, options)),
      attachments: [{ filename: pdf.filename, content: Buffer.from(pdf.bytes), contentType: "application/pdf" }],
    };
  };

  switch (d.kind) {
    case "quote-sent":
      if (status === "replaced" || status === "declined") return { skip: "A newer revision was sent, or the quote was declined, since" };
      return withPdf({ kind: "quote-sent", quote, url });
    case "quote-reminder":
      // Only a quote still waiting: not one approved, declined, replaced, expired or with changes asked for.
      if (status !== "sent") return { skip: `The quote was answered or closed since (${status.replace("_", " ")})` };
      return { ...base, ...(await renderQuoteMail({ kind: "quote-reminder", quote, url }, options)) };
    case "quote-approved":
      if (!quote.approval) return { skip: "The quote is not approved" };
      return withPdf({ kind: "quote-approved", quote, url });
    case "office-quote": {
      if (what === "approved" && !quote.approval) return { skip: "The quote is not approved" };
      const [lead] = await ctx.sql<{ email: string }[]>`SELECT email FROM leads WHERE id = ${row.leadId}`;
      const link = `${publicUrl}/admin?lead=${row.leadId}`;
      const data: QuoteMailData = { kind: "office-quote", what: what ?? "approved", quote, clientEmail: lead?.email ?? "", link };
      return { ...base, ...(await renderQuoteMail(data, options)) };
    }
    default:
      return { skip: `Unknown kind ${d.kind}` };
  }
}
