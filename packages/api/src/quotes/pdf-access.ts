import type { Sql } from "@crawlguard/db";
import type { Queryable } from "../queryable.js";
import { clientQuoteOf, quoteByToken } from "./client-view.js";
import { renderQuotePdf } from "./pdf.js";
import { quoteNumber, quoteRow, type QuoteRow, type QuoteView } from "./quote-rows.js";
import { assertQuoteInScope, type QuoteViewer } from "./scope.js";
import { quoteView } from "./view.js";

/** A quote's PDF and the name it is saved under. */
export interface QuotePdf {
  filename: string;
  bytes: Uint8Array;
}

/** "crawlguard-quote-Q-1001-r2.pdf". */
const filenameOf = (row: Pick<QuoteRow, "number" | "revision">) =>
  `crawlguard-quote-${quoteNumber(row.number)}${row.revision > 1 ? `-r${row.revision}` : ""}.pdf`;

/** The PDF of a quote row: what the homeowner sees (the approval too, once signed). */
export async function pdfOfRow(sql: Queryable, row: QuoteRow, view: QuoteView, timeZone: string): Promise<QuotePdf> {
  const client = await clientQuoteOf(sql, row, view);
  return { filename: filenameOf(row), bytes: await renderQuotePdf(client, { timeZone }) };
}

/** The PDF staff download (GET /api/quotes/{id}/pdf): the same document the homeowner gets. */
export async function quotePdf(
  ctx: { sql: Sql; user: QuoteViewer; origin: string; config: { businessTimeZone: string } },
  id: string,
): Promise<QuotePdf> {
  await assertQuoteInScope(ctx.sql, ctx.user, id);
  const zone = ctx.config.businessTimeZone;
  return pdfOfRow(ctx.sql, await quoteRow(ctx.sql, id), await quoteView(ctx.sql, { origin: ctx.origin, zone }), zone);
}

/** The PDF a homeowner downloads from their link (GET /api/client/quotes/{token}/pdf). */
export async function clientQuotePdf(
  ctx: { sql: Sql; origin: string; config: { businessTimeZone: string } },
  token: string,
): Promise<QuotePdf> {
  const zone = ctx.config.businessTimeZone;
  return pdfOfRow(ctx.sql, await quoteByToken(ctx.sql, token), await quoteView(ctx.sql, { origin: ctx.origin, zone }), zone);
}
