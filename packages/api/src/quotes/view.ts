import type { Quote } from "@crawlguard/validators";
import { todayIn } from "../scheduling/zone.js";
import type { Queryable } from "../queryable.js";
import { linesOf, quoteColumns, quoteRow, toQuote, type QuoteRow, type QuoteView } from "./quote-rows.js";
import { linkSecret } from "./settings.js";

/** What answering a quote needs: the origin its link points to, the link secret, today in the business zone. */
export async function quoteView(
  sql: Queryable,
  { origin, zone, now = new Date() }: { origin: string; zone: string; now?: Date },
): Promise<QuoteView> {
  return { origin, secret: await linkSecret(sql), today: todayIn(zone, now) };
}

/** One quote as answered. */
export async function loadQuote(sql: Queryable, id: string, view: QuoteView): Promise<Quote> {
  const row = await quoteRow(sql, id);
  const lines = await linesOf(sql, [row.id]);
  return toQuote(row, lines.get(row.id) ?? [], view);
}

/** Several quotes as answered, in the order of `rows`. */
export async function toQuotes(sql: Queryable, rows: QuoteRow[], view: QuoteView): Promise<Quote[]> {
  const lines = await linesOf(
    sql,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toQuote(row, lines.get(row.id) ?? [], view));
}

/** Every quote of a lead, every revision, oldest first. */
export async function quotesOfLead(sql: Queryable, leadId: string, view: QuoteView): Promise<Quote[]> {
  const rows = await sql<QuoteRow[]>`SELECT ${quoteColumns(sql)} FROM quotes WHERE lead_id = ${leadId} ORDER BY number, revision`;
  return toQuotes(sql, rows, view);
}
