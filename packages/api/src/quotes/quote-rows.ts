import type { Quote, QuoteApproval, QuoteLine, QuoteStatus } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { quoteToken, quoteUrl } from "./links.js";
import { totalsOf } from "./totals.js";

/*
 * A quote as stored (its row and lines) and as answered: totals computed by the one set of money
 * rules, the status as it stands today (a sent quote past its valid-until date has expired), and
 * the client's link once sent. Quantities and rates are read as text: exact, never floats.
 */

export const QUOTE_NOT_FOUND = "Quote not found";

export interface QuoteRow {
  id: string;
  number: number;
  revision: number;
  leadId: string;
  status: QuoteStatus;
  discountCents: number;
  taxRatePercent: string;
  depositPercent: string | null;
  depositFixedCents: number | null;
  validUntil: string;
  messageToClient: string | null;
  tokenHash: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  approvedAt: Date | null;
  declinedAt: Date | null;
  changeRequestMessage: string | null;
  changeRequestedAt: Date | null;
  approval: StoredApproval | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an approval stores: what the answers show, and the record of who signed from where. */
export interface StoredApproval extends QuoteApproval {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  clientAddress: string;
  userAgent: string | null;
}

export interface LineRow {
  id: string;
  quoteId: string;
  position: number;
  priceBookItemId: string | null;
  description: string;
  quantity: string;
  unit: string;
  unitPriceCents: number;
  optional: boolean;
}

/** Exactly the columns a QuoteRow carries (from `quotes`, unaliased). */
export const quoteColumns = (sql: Queryable) => sql`
  id, number, revision, lead_id, status, discount_cents, tax_rate_percent::text AS tax_rate_percent,
  deposit_percent::text AS deposit_percent, deposit_fixed_cents, valid_until::text AS valid_until, message_to_client,
  token_hash, sent_at, viewed_at, approved_at, declined_at, change_request_message, change_requested_at, approval,
  created_at, updated_at`;

export async function linesOf(sql: Queryable, quoteIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byQuote = new Map<string, LineRow[]>(quoteIds.map((id) => [id, []]));
  if (quoteIds.length === 0) return byQuote;
  const rows = await sql<LineRow[]>`
    SELECT id, quote_id, position, price_book_item_id, description, quantity::text AS quantity, unit, unit_price_cents, optional
    FROM quote_lines WHERE quote_id = ANY(${quoteIds as string[]}::uuid[]) ORDER BY quote_id, position`;
  for (const row of rows) byQuote.get(row.quoteId)?.push(row);
  return byQuote;
}

export async function quoteRow(sql: Queryable, id: string, { lock = false } = {}): Promise<QuoteRow> {
  const [row] = lock
    ? await sql<QuoteRow[]>`SELECT ${quoteColumns(sql)} FROM quotes WHERE id = ${id} FOR UPDATE`
    : await sql<QuoteRow[]>`SELECT ${quoteColumns(sql)} FROM quotes WHERE id = ${id}`;
  if (!row) throw new DomainError("not-found", QUOTE_NOT_FOUND);
  return row;
}

/** "Q-1001". */
export const quoteNumber = (n: number) => `Q-${n}`;

/** Statuses that still wait for the homeowner's answer, which the valid-until date ends. */
const OPEN: ReadonlySet<QuoteStatus> = new Set(["sent", "changes_requested"]);

/** The status as it stands on `today` (yyyy-MM-dd in the business zone). */
export function statusOn(row: Pick<QuoteRow, "status" | "validUntil">, today: string): QuoteStatus {
  return OPEN.has(row.status) && row.validUntil < today ? "expired" : row.status;
}

/** What answers need beyond the rows: where links point, how they are derived, and today's date. */
export interface QuoteView {
  origin: string;
  secret: string;
  today: string;
}

export function toQuoteLine(row: LineRow, totalCents: number): QuoteLine {
  return {
    id: row.id,
    priceBookItemId: row.priceBookItemId,
    description: row.description,
    quantity: Number(row.quantity),
    unit: row.unit,
    unitPriceCents: row.unitPriceCents,
    optional: row.optional,
    totalCents,
  };
}

export const publicApproval = (a: StoredApproval | null): QuoteApproval | null =>
  a && {
    signedName: a.signedName,
    acceptedOptionalLineIds: a.acceptedOptionalLineIds,
    totalCents: a.totalCents,
    depositCents: a.depositCents,
    approvedAt: a.approvedAt,
  };

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toQuote(row: QuoteRow, lines: LineRow[], view: QuoteView): Quote {
  const totals = totalsOf(row, lines);
  return {
    id: row.id,
    number: quoteNumber(row.number),
    leadId: row.leadId,
    revision: row.revision,
    status: statusOn(row, view.today),
    lines: lines.map((line, i) => toQuoteLine(line, totals.lineTotalsCents[i]!)),
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxRatePercent: Number(row.taxRatePercent),
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    depositPercent: row.depositPercent === null ? null : Number(row.depositPercent),
    depositCents: totals.depositCents,
    validUntil: row.validUntil,
    messageToClient: row.messageToClient,
    clientUrl: row.tokenHash ? quoteUrl(view.origin, quoteToken(view.secret, row.id)) : null,
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    approvedAt: iso(row.approvedAt),
    approval: publicApproval(row.approval),
    changeRequest:
      row.changeRequestMessage && row.changeRequestedAt
        ? { message: row.changeRequestMessage, requestedAt: row.changeRequestedAt.toISOString() }
        : null,
    declinedAt: iso(row.declinedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
