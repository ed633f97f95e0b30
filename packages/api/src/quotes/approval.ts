import { centsToDollarText, type ClientQuote } from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { badInput, DomainError } from "../errors.js";
import { NO_PUSHES, type CalendarPushes } from "../google-calendar/google-calendar.js";
import type { Queryable } from "../queryable.js";
import { clientQuoteOf, quoteByToken } from "./client-view.js";
import { setLeadOutcome } from "./lead-effects.js";
import { linesOf, quoteRow, statusOn, type QuoteRow, type QuoteView, type StoredApproval } from "./quote-rows.js";
import { totalsOf } from "./totals.js";

/*
 * The homeowner's answers (docs/product.md "Quotes"). Approval is final and happens once: one
 * conditional UPDATE (… WHERE status is still open and the quote still valid) decides it inside
 * the transaction, so of concurrent clicks one approves and every other answers 409, on PostgreSQL
 * (the second UPDATE waits for the first and then finds nothing to change) and on the embedded
 * database alike. The lead becomes won with the approved total.
 */

export const ALREADY_APPROVED = "This quote was already approved.";
export const QUOTE_REPLACED = "This quote was replaced by a newer version: please open the newer one.";
export const QUOTE_EXPIRED = "This quote has expired. Please call us for an updated quote.";
export const QUOTE_DECLINED = "This quote was declined. Please call us if you would like a new one.";
const NOT_AN_ADD_ON = "is not an optional line of this quote";

/** Why a quote cannot be answered any more (409), from the row as it stands. */
function closedMessage(row: QuoteRow, today: string): string {
  switch (statusOn(row, today)) {
    case "approved":
      return ALREADY_APPROVED;
    case "replaced":
      return QUOTE_REPLACED;
    case "declined":
      return QUOTE_DECLINED;
    default:
      return QUOTE_EXPIRED;
  }
}

interface Answerer {
  sql: Sql;
  token: string;
  view: QuoteView;
  pushes?: CalendarPushes;
  events?: EventSink;
}

/** Approves the quote with the add-ons accepted; answers the approved view (totals recomputed). */
export async function approveQuote({
  sql,
  token,
  view,
  signedName,
  acceptedOptionalLineIds,
  clientAddress,
  userAgent,
  pushes = NO_PUSHES,
  events = NO_EVENTS,
}: Answerer & {
  signedName: string;
  acceptedOptionalLineIds: string[];
  clientAddress: string;
  userAgent: string | null;
}): Promise<ClientQuote> {
  const found = await quoteByToken(sql, token);
  const lines = (await linesOf(sql, [found.id])).get(found.id) ?? [];
  const addOns = new Set(lines.filter((l) => l.optional).map((l) => l.id));
  const accepted = [...new Set(acceptedOptionalLineIds)];
  const stranger = accepted.find((id) => !addOns.has(id));
  if (stranger) throw badInput([{ path: "acceptedOptionalLineIds", message: `${stranger} ${NOT_AN_ADD_ON}` }]);
  const totals = totalsOf(found, lines, accepted);

  await transaction(sql, async (tx) => {
    const approvedAt = new Date();
    const approval: StoredApproval = {
      signedName,
      acceptedOptionalLineIds: lines.filter((l) => accepted.includes(l.id)).map((l) => l.id),
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      depositCents: totals.depositCents,
      approvedAt: approvedAt.toISOString(),
      clientAddress,
      userAgent: userAgent?.slice(0, 300) ?? null,
    };
    const [won] = await tx<{ id: string }[]>`
      UPDATE quotes SET status = 'approved', approved_at = ${approvedAt}, approval = ${tx.json(approval as never)}, updated_at = now()
      WHERE id = ${found.id} AND status IN ('sent', 'changes_requested') AND valid_until >= ${view.today}
      RETURNING id`;
    if (!won) throw new DomainError("conflict", closedMessage(await quoteRow(tx, found.id), view.today));
    await setLeadOutcome(tx, {
      leadId: found.leadId,
      status: "won",
      estimatedValue: centsToDollarText(totals.totalCents),
      actor: { userId: null, name: `${signedName} (approved online)` },
      pushes,
      events,
    });
    await events.emit(tx, { type: "quote.approved", quoteId: found.id, leadId: found.leadId });
  });
  return clientQuoteOf(sql, await quoteRow(sql, found.id), view);
}

/** The homeowner asks for changes: the quote waits for a revision, and the office is mailed the message. */
export async function requestQuoteChanges({
  sql,
  token,
  view,
  message,
  events = NO_EVENTS,
}: Answerer & { message: string }): Promise<ClientQuote> {
  const found = await quoteByToken(sql, token);
  await transaction(sql, async (tx: Queryable) => {
    const [changed] = await tx<{ id: string }[]>`
      UPDATE quotes SET status = 'changes_requested', change_request_message = ${message}, change_requested_at = now(), updated_at = now()
      WHERE id = ${found.id} AND status IN ('sent', 'changes_requested') AND valid_until >= ${view.today}
      RETURNING id`;
    if (!changed) throw new DomainError("conflict", closedMessage(await quoteRow(tx, found.id), view.today));
    await events.emit(tx, { type: "quote.changes_requested", quoteId: found.id, leadId: found.leadId });
  });
  return clientQuoteOf(sql, await quoteRow(sql, found.id), view);
}
