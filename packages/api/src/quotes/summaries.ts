import type { QuoteSummary } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";
import { linesOf, quoteColumns, quoteNumber, statusOn, type QuoteRow, type QuoteView } from "./quote-rows.js";
import { leadScopeSql, type QuoteViewer } from "./scope.js";
import { totalsOf } from "./totals.js";

/** Each lead's latest quote (its highest number, then revision), for the leads the user may see: the board's Quoted column. */
export async function quoteSummaries(sql: Queryable, viewer: QuoteViewer, view: QuoteView): Promise<QuoteSummary[]> {
  const rows = await sql<QuoteRow[]>`
    SELECT DISTINCT ON (lead_id) ${quoteColumns(sql)} FROM quotes
    WHERE lead_id IN (SELECT l.id FROM leads l WHERE ${leadScopeSql(sql, viewer)})
    ORDER BY lead_id, number DESC, revision DESC`;
  const lines = await linesOf(
    sql,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    leadId: row.leadId,
    quoteId: row.id,
    number: quoteNumber(row.number),
    revision: row.revision,
    status: statusOn(row, view.today),
    viewedAt: row.viewedAt?.toISOString() ?? null,
    totalCents: totalsOf(row, lines.get(row.id) ?? []).totalCents,
  }));
}
