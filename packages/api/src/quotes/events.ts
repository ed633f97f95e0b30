import type { Queryable } from "../queryable.js";
import { linesOf, publicApproval, quoteColumns, quoteNumber, toQuoteLine, type QuoteRow } from "./quote-rows.js";
import { totalsOf } from "./totals.js";

/*
 * What the quote events (quote.sent, quote.viewed, quote.approved, quote.changes_requested) say to
 * a webhook: the quote as the homeowner sees it, read in the change's transaction. Never its link
 * (the link approves the quote: an integrator reads clientUrl with an API key), nor who wrote it,
 * nor the price book ids.
 */

export async function quoteForWebhook(tx: Queryable, quoteId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx<QuoteRow[]>`SELECT ${quoteColumns(tx)} FROM quotes WHERE id = ${quoteId}`;
  if (!row) return null;
  const lines = (await linesOf(tx, [row.id])).get(row.id) ?? [];
  const totals = totalsOf(row, lines);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    number: quoteNumber(row.number),
    revision: row.revision,
    leadId: row.leadId,
    status: row.status,
    lines: lines.map((line, i) => {
      const { priceBookItemId: _internal, ...shown } = toQuoteLine(line, totals.lineTotalsCents[i]!);
      return shown;
    }),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxRatePercent: Number(row.taxRatePercent),
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    depositCents: totals.depositCents,
    validUntil: row.validUntil,
    messageToClient: row.messageToClient,
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    approvedAt: iso(row.approvedAt),
    approval: publicApproval(row.approval),
    changeRequest:
      row.changeRequestMessage && row.changeRequestedAt
        ? { message: row.changeRequestMessage, requestedAt: row.changeRequestedAt.toISOString() }
        : null,
  };
}
