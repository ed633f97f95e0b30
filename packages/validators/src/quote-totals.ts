/**
 * The money rules of a quote, in one place (the server's answers, the PDF, the homeowner's page and
 * the dashboard's builder all use them). Money is integer cents. Every amount here is 0 or more, so
 * "half up" is the usual rounding of a positive number (0.5 cent goes up); BigInt keeps the products
 * exact whatever their size.
 *
 * - A line's total is its quantity × its unit price, rounded half up to the cent.
 * - The subtotal sums the lines that are not optional (and the optional ones accepted, at approval).
 * - The discount comes off before tax (never below zero).
 * - Tax is computed once, on the discounted subtotal, rounded half up.
 * - The total is subtotal − discount + tax.
 * - The deposit is a share of the total (rounded half up), or a fixed amount (never above the total).
 */

/** How a quantity may be written: more than 0, at most 2 decimals. */
export const QUANTITY_DECIMALS = 2;
/** How a tax rate may be written: a percentage with at most 3 decimals (e.g. 7.25 or 6.975). */
export const TAX_RATE_DECIMALS = 3;
/** How a deposit share may be written: a percentage with at most 2 decimals. */
export const DEPOSIT_PERCENT_DECIMALS = 2;

export interface TotalsLine {
  /** The line's id: needed to accept an optional line by id. */
  id?: string;
  /** A number with at most 2 decimals, more than 0. */
  quantity: number;
  unitPriceCents: number;
  optional: boolean;
}

export type Deposit = { percent: number } | { cents: number } | null;

export interface TotalsInput {
  lines: readonly TotalsLine[];
  discountCents: number;
  taxRatePercent: number;
  deposit: Deposit;
  /** The optional lines included (approval): their ids. None by default. */
  acceptedOptionalLineIds?: Iterable<string>;
}

export interface Totals {
  /** Each line's total, in the order of the lines (optional ones too). */
  lineTotalsCents: number[];
  subtotalCents: number;
  /** The discount taken off (the one asked, at most the subtotal). */
  discountCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
}

/** `value` scaled to an integer of `decimals` decimal places (1.5 with 2 → 150); exact for what people type. */
export function scaled(value: number, decimals: number): bigint {
  return BigInt(Math.round(value * 10 ** decimals));
}

/** Whether `value` has at most `decimals` decimal places (float noise such as 1.15 * 100 aside). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const shifted = value * 10 ** decimals;
  return Number.isFinite(shifted) && Math.abs(shifted - Math.round(shifted)) < 1e-6;
}

/** numerator ÷ denominator rounded half up; both ≥ 0, denominator > 0. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A line's total: quantity × unit price, rounded half up to the cent. */
export function lineTotalCents(line: Pick<TotalsLine, "quantity" | "unitPriceCents">): number {
  return Number(divideHalfUp(scaled(line.quantity, QUANTITY_DECIMALS) * BigInt(line.unitPriceCents), 100n));
}

/** The tax on an amount: amount × rate %, rounded half up. */
export function taxCents(amountCents: number, taxRatePercent: number): number {
  return Number(divideHalfUp(BigInt(amountCents) * scaled(taxRatePercent, TAX_RATE_DECIMALS), 100n * 10n ** BigInt(TAX_RATE_DECIMALS)));
}

/** The deposit owed on a total. */
export function depositCents(totalCents: number, deposit: Deposit): number {
  if (!deposit) return 0;
  if ("cents" in deposit) return Math.min(deposit.cents, totalCents);
  const share = scaled(deposit.percent, DEPOSIT_PERCENT_DECIMALS);
  return Number(divideHalfUp(BigInt(totalCents) * share, 100n * 10n ** BigInt(DEPOSIT_PERCENT_DECIMALS)));
}

/** Every total of a quote, as the rules above say. */
export function quoteTotals({ lines, discountCents, taxRatePercent, deposit, acceptedOptionalLineIds = [] }: TotalsInput): Totals {
  const accepted = new Set(acceptedOptionalLineIds);
  const lineTotalsCents = lines.map(lineTotalCents);
  let subtotal = 0;
  lines.forEach((line, i) => {
    if (!line.optional || (line.id !== undefined && accepted.has(line.id))) subtotal += lineTotalsCents[i]!;
  });
  const discount = Math.min(Math.max(0, discountCents), subtotal);
  const tax = taxCents(subtotal - discount, taxRatePercent);
  const total = subtotal - discount + tax;
  return {
    lineTotalsCents,
    subtotalCents: subtotal,
    discountCents: discount,
    taxCents: tax,
    totalCents: total,
    depositCents: depositCents(total, deposit),
  };
}

/** Cents as the product shows money: $4,312.68. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents as a lead's estimated value (dollars, as text): 431268 → "4312.68". */
export function centsToDollarText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A quantity as people read it: 2, 1.5, 12.25. */
export function formatQuantity(quantity: number): string {
  return String(Number(quantity.toFixed(QUANTITY_DECIMALS)));
}

/** A percentage as people read it: 7, 7.25, 6.975. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(TAX_RATE_DECIMALS))}%`;
}
