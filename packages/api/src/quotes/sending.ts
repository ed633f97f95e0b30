import { centsToDollarText, type Quote } from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { DomainError } from "../errors.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import { setLeadOutcome } from "./lead-effects.js";
import { quoteToken, tokenHash } from "./links.js";
import { linesOf, quoteRow, type QuoteView } from "./quote-rows.js";
import { assertQuoteInScope, type QuoteViewer } from "./scope.js";
import { totalsOf } from "./totals.js";
import { loadQuote } from "./view.js";

/*
 * Sending a quote (docs/product.md "Quotes"): the draft becomes `sent` with its link, the lead moves
 * to quoted with the total as its estimated value, and quote.sent is emitted in the same
 * transaction: the mail subscriber queues the homeowner's e-mail (link and PDF), the webhooks their
 * deliveries. Sending a revision replaces the revisions before it: their links refuse approval.
 */

export const ALREADY_SENT = "This quote was already sent: revise it to send a new version";
export const SEND_EXPIRED = "The quote's valid-until date has passed: change it before sending";
const approvedMeanwhile = (revision: number) =>
  `Revision ${revision} of this quote was approved meanwhile: this revision can no longer be sent`;

export async function sendQuote({
  sql,
  viewer,
  id,
  view,
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: {
  sql: Sql;
  viewer: QuoteViewer;
  id: string;
  view: QuoteView;
  pushes?: CalendarPushes;
  events?: EventSink;
}): Promise<Quote> {
  await transaction(sql, async (tx) => {
    const row = await quoteRow(tx, id, { lock: true });
    await assertQuoteInScope(tx, viewer, row);
    if (row.status !== "draft") throw new DomainError("conflict", ALREADY_SENT);
    if (row.validUntil < view.today) throw new DomainError("conflict", SEND_EXPIRED);
    const [approved] = await tx<{ revision: number }[]>`
      SELECT revision FROM quotes WHERE number = ${row.number} AND id <> ${id} AND status = 'approved' LIMIT 1`;
    if (approved) throw new DomainError("conflict", approvedMeanwhile(approved.revision));
    const token = quoteToken(view.secret, id);
    await tx`
      UPDATE quotes SET status = 'sent', sent_at = now(), token_hash = ${tokenHash(token)}, updated_at = now() WHERE id = ${id}`;
    await tx`
      UPDATE quotes SET status = 'replaced', updated_at = now()
      WHERE number = ${row.number} AND revision < ${row.revision} AND status IN ('sent', 'changes_requested', 'declined', 'expired')`;
    const lines = (await linesOf(tx, [id])).get(id) ?? [];
    const { totalCents } = totalsOf(row, lines);
    await setLeadOutcome(tx, {
      leadId: row.leadId,
      status: "quoted",
      estimatedValue: centsToDollarText(totalCents),
      actor: { userId: viewer.id, name: viewer.username },
      pushes,
      events,
    });
    await events.emit(tx, { type: "quote.sent", quoteId: id, leadId: row.leadId });
  });
  return loadQuote(sql, id, view);
}
