import {
  DEFAULT_VALID_DAYS,
  type Quote,
  type quoteCreateSchema,
  type quoteLineInputSchema,
  type quoteUpdateSchema,
} from "@crawlguard/validators";
import type { z } from "zod";
import { transaction, type Sql } from "@crawlguard/db";
import { badInput, DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { addDays, formatDate, parseDate } from "../scheduling/zone.js";
import { linesOf, quoteRow, type LineRow, type QuoteRow, type QuoteView } from "./quote-rows.js";
import { assertLeadInScope, assertQuoteInScope, type QuoteViewer } from "./scope.js";
import { getQuoteSettings } from "./settings.js";
import { checkAmounts } from "./totals.js";
import { loadQuote } from "./view.js";

/*
 * Writing quotes (docs/product.md "Quotes"): a draft is written, changed and deleted freely; once
 * sent it changes only by a revision, a draft copy with the same number and the next revision.
 */

export type QuoteCreate = z.output<typeof quoteCreateSchema>;
export type QuoteUpdate = Omit<z.output<typeof quoteUpdateSchema>, "id">;
type LineInput = z.output<typeof quoteLineInputSchema>;

export const ONLY_DRAFTS_CHANGE = "Only a draft can be changed or deleted: revise the quote to change it";
export const APPROVED_NOT_REVISED = "An approved quote cannot be revised";
export const DRAFT_NOT_REVISED = "This quote is still a draft: change it as it is";
export const VALID_UNTIL_PAST = "Valid until cannot be before today";

const newerRevisionMessage = (revision: number) => `Revision ${revision} is the latest: revise that one`;

/** The date `days` after `today` (yyyy-MM-dd). */
const daysAfter = (today: string, days: number) => formatDate(addDays(parseDate(today)!, days));

function checkValidUntil(validUntil: string, today: string): void {
  if (validUntil < today) throw badInput([{ path: "validUntil", message: VALID_UNTIL_PAST }]);
}

/** Lines as the totals read them, before they are stored. */
const pendingLines = (lines: readonly LineInput[]): LineRow[] =>
  lines.map((l, i) => ({
    id: `new-${i}`,
    quoteId: "",
    position: i,
    priceBookItemId: l.priceBookItemId ?? null,
    description: l.description,
    quantity: l.quantity.toFixed(2),
    unit: l.unit,
    unitPriceCents: l.unitPriceCents,
    optional: l.optional,
  }));

export const PRICE_BOOK_ITEM_NOT_FOUND = "No price book item has this id (it may have been deleted)";

/**
 * Every price book item the lines name exists, and stays until the transaction ends (FOR KEY SHARE
 * holds off its deletion): an unknown id is a 400 naming its line.
 */
async function assertPriceBookItems(tx: Queryable, lines: readonly { priceBookItemId: string | null }[]): Promise<void> {
  const named = [...new Set(lines.flatMap((l) => (l.priceBookItemId ? [l.priceBookItemId] : [])))];
  if (named.length === 0) return;
  const rows = await tx<{ id: string }[]>`SELECT id FROM price_book_items WHERE id = ANY(${named}::uuid[]) FOR KEY SHARE`;
  const found = new Set(rows.map((r) => r.id));
  const issues = lines.flatMap((l, i) =>
    l.priceBookItemId && !found.has(l.priceBookItemId) ? [{ path: `lines.${i}.priceBookItemId`, message: PRICE_BOOK_ITEM_NOT_FOUND }] : [],
  );
  if (issues.length > 0) throw badInput(issues);
}

async function insertLines(
  tx: Queryable,
  quoteId: string,
  lines: readonly Pick<LineRow, Exclude<keyof LineRow, "id" | "quoteId" | "position">>[],
) {
  if (lines.length === 0) return;
  await assertPriceBookItems(tx, lines);
  const rows = lines.map((l, position) => ({
    quoteId,
    position,
    priceBookItemId: l.priceBookItemId,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPriceCents: l.unitPriceCents,
    optional: l.optional,
  }));
  await tx`INSERT INTO quote_lines ${tx(rows, "quoteId", "position", "priceBookItemId", "description", "quantity", "unit", "unitPriceCents", "optional")}`;
}

/** A new draft for a lead the user may quote; the tax rate defaults to the settings', validity to 30 days. */
export async function createQuote({
  sql,
  viewer,
  input,
  view,
}: {
  sql: Sql;
  viewer: QuoteViewer;
  input: QuoteCreate;
  view: QuoteView;
}): Promise<Quote> {
  const validUntil = input.validUntil ?? daysAfter(view.today, DEFAULT_VALID_DAYS);
  checkValidUntil(validUntil, view.today);
  const id = await transaction(sql, async (tx) => {
    await assertLeadInScope(tx, viewer, input.leadId);
    const taxRatePercent = input.taxRatePercent ?? (await getQuoteSettings(tx)).defaultTaxRatePercent;
    const amounts = {
      discountCents: input.discountCents ?? 0,
      taxRatePercent: String(taxRatePercent),
      depositPercent: input.depositPercent == null ? null : String(input.depositPercent),
      depositFixedCents: input.depositCents ?? null,
    };
    const lines = pendingLines(input.lines);
    checkAmounts(amounts, lines);
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO quotes (number, lead_id, discount_cents, tax_rate_percent, deposit_percent, deposit_fixed_cents, valid_until,
                          message_to_client, created_by)
      VALUES (nextval('quote_number_seq'), ${input.leadId}, ${amounts.discountCents}, ${amounts.taxRatePercent}, ${amounts.depositPercent},
              ${amounts.depositFixedCents}, ${validUntil}, ${input.messageToClient || null}, ${viewer.id})
      RETURNING id`;
    await insertLines(tx, row!.id, lines);
    return row!.id;
  });
  return loadQuote(sql, id, view);
}

/** A draft whose lead the user may quote, locked; 409 for a quote that is no longer a draft. */
async function lockedDraft(tx: Queryable, viewer: QuoteViewer, id: string): Promise<QuoteRow> {
  const row = await quoteRow(tx, id, { lock: true });
  await assertQuoteInScope(tx, viewer, row);
  if (row.status !== "draft") throw new DomainError("conflict", ONLY_DRAFTS_CHANGE);
  return row;
}

/** Changes the fields given of a draft; `lines` replaces every line. */
export async function updateQuote({
  sql,
  viewer,
  id,
  patch,
  view,
}: {
  sql: Sql;
  viewer: QuoteViewer;
  id: string;
  patch: QuoteUpdate;
  view: QuoteView;
}): Promise<Quote> {
  await transaction(sql, async (tx) => {
    const row = await lockedDraft(tx, viewer, id);
    if (patch.validUntil !== undefined) checkValidUntil(patch.validUntil, view.today);
    // A deposit sent replaces the other kind: a share clears a fixed amount, and the other way round.
    const depositSent = patch.depositPercent !== undefined || patch.depositCents !== undefined;
    const amounts = {
      discountCents: patch.discountCents ?? row.discountCents,
      taxRatePercent: patch.taxRatePercent === undefined ? row.taxRatePercent : String(patch.taxRatePercent),
      depositPercent: depositSent ? (patch.depositPercent == null ? null : String(patch.depositPercent)) : row.depositPercent,
      depositFixedCents: depositSent ? (patch.depositCents ?? null) : row.depositFixedCents,
    };
    const lines = patch.lines ? pendingLines(patch.lines) : ((await linesOf(tx, [id])).get(id) ?? []);
    checkAmounts(amounts, lines);
    await tx`
      UPDATE quotes SET discount_cents = ${amounts.discountCents}, tax_rate_percent = ${amounts.taxRatePercent},
        deposit_percent = ${amounts.depositPercent}, deposit_fixed_cents = ${amounts.depositFixedCents},
        valid_until = ${patch.validUntil ?? row.validUntil},
        message_to_client = ${patch.messageToClient === undefined ? row.messageToClient : patch.messageToClient || null},
        updated_at = now()
      WHERE id = ${id}`;
    if (patch.lines) {
      await tx`DELETE FROM quote_lines WHERE quote_id = ${id}`;
      await insertLines(tx, id, lines);
    }
  });
  return loadQuote(sql, id, view);
}

export async function deleteQuote({ sql, viewer, id }: { sql: Sql; viewer: QuoteViewer; id: string }): Promise<void> {
  await transaction(sql, async (tx) => {
    await lockedDraft(tx, viewer, id);
    await tx`DELETE FROM quotes WHERE id = ${id}`;
  });
}

/**
 * The next revision of a sent quote: a draft copy with the same number, revision + 1, its lines and
 * amounts, valid for 30 days from today. The quote it copies stays as it is until the copy is sent
 * (then it is replaced). An approved quote, a draft, or one with a newer revision: 409.
 */
export async function reviseQuote({
  sql,
  viewer,
  id,
  view,
}: {
  sql: Sql;
  viewer: QuoteViewer;
  id: string;
  view: QuoteView;
}): Promise<Quote> {
  const newId = await transaction(sql, async (tx) => {
    const row = await quoteRow(tx, id, { lock: true });
    await assertQuoteInScope(tx, viewer, row);
    if (row.status === "approved") throw new DomainError("conflict", APPROVED_NOT_REVISED);
    if (row.status === "draft") throw new DomainError("conflict", DRAFT_NOT_REVISED);
    const [latest] = await tx<{ revision: number }[]>`SELECT max(revision)::int AS revision FROM quotes WHERE number = ${row.number}`;
    if (latest!.revision !== row.revision) throw new DomainError("conflict", newerRevisionMessage(latest!.revision));
    const [copy] = await tx<{ id: string }[]>`
      INSERT INTO quotes (number, revision, lead_id, discount_cents, tax_rate_percent, deposit_percent, deposit_fixed_cents, valid_until,
                          message_to_client, created_by)
      SELECT number, revision + 1, lead_id, discount_cents, tax_rate_percent, deposit_percent, deposit_fixed_cents,
             ${daysAfter(view.today, DEFAULT_VALID_DAYS)}, message_to_client, ${viewer.id}
      FROM quotes WHERE id = ${id}
      RETURNING id`;
    await tx`
      INSERT INTO quote_lines (quote_id, position, price_book_item_id, description, quantity, unit, unit_price_cents, optional)
      SELECT ${copy!.id}, position, price_book_item_id, description, quantity, unit, unit_price_cents, optional
      FROM quote_lines WHERE quote_id = ${id}`;
    return copy!.id;
  });
  return loadQuote(sql, newId, view);
}

export const NOT_DECLINABLE = "Only a quote waiting for the homeowner's answer can be marked declined";

/** Staff mark a sent quote declined (the homeowner said no by phone or mail). */
export async function declineQuote({
  sql,
  viewer,
  id,
  view,
}: {
  sql: Sql;
  viewer: QuoteViewer;
  id: string;
  view: QuoteView;
}): Promise<Quote> {
  await transaction(sql, async (tx) => {
    const row = await quoteRow(tx, id, { lock: true });
    await assertQuoteInScope(tx, viewer, row);
    const open = (row.status === "sent" || row.status === "changes_requested") && row.validUntil >= view.today;
    if (!open) throw new DomainError("conflict", NOT_DECLINABLE);
    await tx`UPDATE quotes SET status = 'declined', declined_at = now(), updated_at = now() WHERE id = ${id}`;
  });
  return loadQuote(sql, id, view);
}
