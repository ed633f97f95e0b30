import { company } from "@crawlguard/content";
import type { ClientQuote } from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { isQuoteToken, quoteToken, quoteUrl, tokenHash } from "./links.js";
import {
  linesOf,
  publicApproval,
  quoteColumns,
  quoteNumber,
  statusOn,
  toQuoteLine,
  type LineRow,
  type QuoteRow,
  type QuoteView,
} from "./quote-rows.js";
import { todayIn } from "../scheduling/zone.js";
import { quoteView } from "./view.js";
import { getQuoteSettings } from "./settings.js";
import { totalsOf } from "./totals.js";

/*
 * The homeowner's side of a sent quote (no account: the link's token is the credential). What it
 * shows is what the PDF shows: the company, the client's name and address, the lines, totals,
 * deposit, validity, message and terms; never the lead's notes, value, source, assignee or any
 * internal id but the lines' (which approval names).
 */

export const QUOTE_LINK_NOT_FOUND = "This quote link is not valid. Please use the link in your e-mail, or call us.";

/** The quote a link opens (404 for any other token), optionally locked. */
export async function quoteByToken(sql: Queryable, token: string, { lock = false } = {}): Promise<QuoteRow> {
  if (!isQuoteToken(token)) throw new DomainError("not-found", QUOTE_LINK_NOT_FOUND);
  const hash = tokenHash(token);
  const [row] = lock
    ? await sql<QuoteRow[]>`SELECT ${quoteColumns(sql)} FROM quotes WHERE token_hash = ${hash} FOR UPDATE`
    : await sql<QuoteRow[]>`SELECT ${quoteColumns(sql)} FROM quotes WHERE token_hash = ${hash}`;
  if (!row) throw new DomainError("not-found", QUOTE_LINK_NOT_FOUND);
  return row;
}

/** The page of the newest sent revision of the quote's number, when it is not this one. */
async function newerUrl(sql: Queryable, row: QuoteRow, view: QuoteView): Promise<string | null> {
  if (row.status !== "replaced") return null;
  const [newer] = await sql<{ id: string }[]>`
    SELECT id FROM quotes WHERE number = ${row.number} AND revision > ${row.revision} AND token_hash IS NOT NULL
    ORDER BY revision DESC LIMIT 1`;
  return newer ? quoteUrl(view.origin, quoteToken(view.secret, newer.id)) : null;
}

/** The client's view of a quote row. */
export async function clientQuoteOf(sql: Queryable, row: QuoteRow, view: QuoteView): Promise<ClientQuote> {
  const lines = (await linesOf(sql, [row.id])).get(row.id) ?? [];
  const [lead] = await sql<{ name: string; address: string | null }[]>`SELECT name, address FROM leads WHERE id = ${row.leadId}`;
  const settings = await getQuoteSettings(sql);
  return clientViewOf(row, lines, {
    view,
    lead: { name: lead?.name ?? "", address: lead?.address ?? null },
    terms: settings.terms,
    newerUrl: await newerUrl(sql, row, view),
  });
}

/** The client's view from what was read. */
function clientViewOf(
  row: QuoteRow,
  lines: LineRow[],
  {
    view,
    lead,
    terms,
    newerUrl: newer,
  }: { view: QuoteView; lead: { name: string; address: string | null }; terms: string; newerUrl: string | null },
): ClientQuote {
  const totals = totalsOf(row, lines);
  const status = statusOn(row, view.today);
  return {
    number: quoteNumber(row.number),
    revision: row.revision,
    // A link exists only once sent: a draft never reaches here.
    status: status === "draft" ? "sent" : status,
    company: { name: company.name, phone: company.phone.display, email: company.email, address: company.address.full },
    clientName: lead.name,
    serviceAddress: lead.address,
    lines: lines.map((line, i) => {
      const { priceBookItemId: _internal, ...shown } = toQuoteLine(line, totals.lineTotalsCents[i]!);
      return shown;
    }),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxRatePercent: Number(row.taxRatePercent),
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    depositPercent: row.depositPercent === null ? null : Number(row.depositPercent),
    depositCents: totals.depositCents,
    validUntil: row.validUntil,
    messageToClient: row.messageToClient,
    terms,
    sentAt: (row.sentAt ?? row.createdAt).toISOString(),
    approval: publicApproval(row.approval),
    changeRequest:
      row.changeRequestMessage && row.changeRequestedAt
        ? { message: row.changeRequestMessage, requestedAt: row.changeRequestedAt.toISOString() }
        : null,
    newerUrl: newer,
  };
}

/** A quote row with everything its client view needs, read in one query (the page is the busy path). */
interface ClientRow extends QuoteRow {
  leadName: string;
  leadAddress: string | null;
  lines: LineRow[];
  terms: string | null;
  linkSecret: string | null;
  newerId: string | null;
}

async function clientRowByToken(sql: Queryable, token: string): Promise<ClientRow> {
  if (!isQuoteToken(token)) throw new DomainError("not-found", QUOTE_LINK_NOT_FOUND);
  const [row] = await sql<ClientRow[]>`
    SELECT q.*, l.name AS lead_name, l.address AS lead_address, s.terms, s.link_secret,
      (SELECT coalesce(json_agg(json_build_object(
          'id', ql.id, 'quoteId', ql.quote_id, 'position', ql.position, 'priceBookItemId', ql.price_book_item_id,
          'description', ql.description, 'quantity', ql.quantity::text, 'unit', ql.unit, 'unitPriceCents', ql.unit_price_cents,
          'optional', ql.optional) ORDER BY ql.position), '[]'::json)
       FROM quote_lines ql WHERE ql.quote_id = q.id) AS lines,
      CASE WHEN q.status = 'replaced' THEN
        (SELECT n.id FROM quotes n WHERE n.number = q.number AND n.revision > q.revision AND n.token_hash IS NOT NULL
         ORDER BY n.revision DESC LIMIT 1)
      END AS newer_id
    FROM (SELECT ${quoteColumns(sql)} FROM quotes WHERE token_hash = ${tokenHash(token)}) q
    JOIN leads l ON l.id = q.lead_id LEFT JOIN quote_settings s ON s.id`;
  if (!row) throw new DomainError("not-found", QUOTE_LINK_NOT_FOUND);
  return row;
}

/**
 * The quote a homeowner opens, read in one query. The first view by someone not signed in sets
 * viewedAt and emits quote.viewed (staff checking the link do not count as the homeowner).
 */
export async function viewClientQuote({
  sql,
  token,
  origin,
  zone,
  countView,
  events = NO_EVENTS,
}: {
  sql: Sql;
  token: string;
  origin: string;
  zone: string;
  countView: boolean;
  events?: EventSink;
}): Promise<ClientQuote> {
  const row = await clientRowByToken(sql, token);
  if (countView && row.viewedAt === null) {
    await transaction(sql, async (tx) => {
      const [first] = await tx<{ viewedAt: Date }[]>`
        UPDATE quotes SET viewed_at = now() WHERE id = ${row.id} AND viewed_at IS NULL RETURNING viewed_at`;
      if (first) await events.emit(tx, { type: "quote.viewed", quoteId: row.id, leadId: row.leadId });
    });
  }
  // No settings row yet (a quote sent before it was made cannot exist, but be whole): the slow path.
  if (row.linkSecret === null || row.terms === null) return clientQuoteOf(sql, row, await quoteView(sql, { origin, zone }));
  const view: QuoteView = { origin, secret: row.linkSecret, today: todayIn(zone, new Date()) };
  return clientViewOf(row, row.lines, {
    view,
    lead: { name: row.leadName, address: row.leadAddress },
    terms: row.terms,
    newerUrl: row.newerId ? quoteUrl(origin, quoteToken(row.linkSecret, row.newerId)) : null,
  });
}
