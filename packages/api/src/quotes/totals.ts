import { DEPOSIT_TOO_LARGE_MESSAGE, DISCOUNT_TOO_LARGE_MESSAGE, quoteTotals, type Deposit, type Totals } from "@crawlguard/validators";
import { badInput } from "../errors.js";

/*
 * A stored quote's totals, by the one set of money rules (@crawlguard/validators quote-totals.ts,
 * which the dashboard's builder uses too), and the checks a quote's amounts must pass.
 */

/** A quote's stored amounts (quote-rows.ts QuoteRow has them): rates as exact text. */
interface Amounts {
  discountCents: number;
  taxRatePercent: string;
  depositPercent: string | null;
  depositFixedCents: number | null;
}

/** A stored line as the totals read it (quote-rows.ts LineRow): the quantity as exact text. */
interface LineRow {
  id: string;
  quantity: string;
  unitPriceCents: number;
  optional: boolean;
}

export function depositOf(row: Pick<Amounts, "depositPercent" | "depositFixedCents">): Deposit {
  if (row.depositPercent !== null) return { percent: Number(row.depositPercent) };
  if (row.depositFixedCents !== null) return { cents: row.depositFixedCents };
  return null;
}

/** The totals of the quote, with the optional lines `accepted` included (none by default). */
export function totalsOf(row: Amounts, lines: readonly LineRow[], accepted: Iterable<string> = []): Totals {
  return quoteTotals({
    lines: lines.map((l) => ({ id: l.id, quantity: Number(l.quantity), unitPriceCents: l.unitPriceCents, optional: l.optional })),
    discountCents: row.discountCents,
    taxRatePercent: Number(row.taxRatePercent),
    deposit: depositOf(row),
    acceptedOptionalLineIds: accepted,
  });
}

/** A discount above the subtotal, or a fixed deposit above the total, is a 400 naming the field. */
export function checkAmounts(row: Amounts, lines: readonly LineRow[]): void {
  const totals = totalsOf(row, lines);
  if (row.discountCents > totals.subtotalCents) throw badInput([{ path: "discountCents", message: DISCOUNT_TOO_LARGE_MESSAGE }]);
  if (row.depositFixedCents !== null && row.depositFixedCents > totals.totalCents) {
    throw badInput([{ path: "depositCents", message: DEPOSIT_TOO_LARGE_MESSAGE }]);
  }
}
