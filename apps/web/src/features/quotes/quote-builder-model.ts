import {
  quoteTotals,
  type PriceBookItem,
  type Quote,
  type QuoteCreateInput,
  type QuoteLineInput,
  type QuoteUpdateInput,
  type Totals,
} from "@crawlguard/validators";

/*
 * The quote builder's form (pure): what is typed (text, as typed), what it means (cents, numbers),
 * and the totals by the one set of money rules (@crawlguard/validators quote-totals.ts) that the
 * server, the PDF and the homeowner's page use too.
 */

export type DepositMode = "none" | "percent" | "amount";

export interface LineDraft {
  key: string;
  priceBookItemId: string | null;
  description: string;
  quantity: string;
  unit: string;
  /** Dollars as typed: "2.99". */
  unitPrice: string;
  optional: boolean;
}

export interface QuoteDraft {
  lines: LineDraft[];
  discount: string;
  taxRate: string;
  depositMode: DepositMode;
  deposit: string;
  validUntil: string;
  message: string;
}

let keys = 0;
const nextKey = () => `line-${(keys += 1)}`;

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,5}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,3})?$/;

/** Dollars as typed ("1,234.5" or "$12") to cents; null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/[$,]/g, "");
  if (!MONEY.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the builder shows them in a field: 1234 → "12.34". */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export function parseQuantity(text: string): number | null {
  const clean = text.trim();
  if (!QUANTITY.test(clean)) return null;
  const n = Number(clean);
  return n > 0 ? n : null;
}

export function parsePercent(text: string): number | null {
  const clean = text.trim().replace(/%$/, "");
  if (!PERCENT.test(clean)) return null;
  const n = Number(clean);
  return n <= 100 ? n : null;
}

export const blankLine = (): LineDraft => ({
  key: nextKey(),
  priceBookItemId: null,
  description: "",
  quantity: "1",
  unit: "each",
  unitPrice: "",
  optional: false,
});

export const lineFromItem = (item: PriceBookItem): LineDraft => ({
  key: nextKey(),
  priceBookItemId: item.id,
  description: item.description || item.name,
  quantity: "1",
  unit: item.unit,
  unitPrice: centsToDollars(item.unitPriceCents),
  optional: false,
});

/** A new quote's form: one blank line, the default tax rate. */
export const newDraft = (defaultTaxRatePercent: number): QuoteDraft => ({
  lines: [blankLine()],
  discount: "",
  taxRate: String(defaultTaxRatePercent),
  depositMode: "none",
  deposit: "",
  validUntil: "",
  message: "",
});

/** The form of a stored draft. */
export function draftOf(quote: Quote): QuoteDraft {
  return {
    lines: quote.lines.map((l) => ({
      key: nextKey(),
      priceBookItemId: l.priceBookItemId,
      description: l.description,
      quantity: String(l.quantity),
      unit: l.unit,
      unitPrice: centsToDollars(l.unitPriceCents),
      optional: l.optional,
    })),
    discount: quote.discountCents > 0 ? centsToDollars(quote.discountCents) : "",
    taxRate: String(quote.taxRatePercent),
    depositMode: quote.depositPercent !== null ? "percent" : quote.depositCents > 0 ? "amount" : "none",
    deposit:
      quote.depositPercent !== null ? String(quote.depositPercent) : quote.depositCents > 0 ? centsToDollars(quote.depositCents) : "",
    validUntil: quote.validUntil,
    message: quote.messageToClient ?? "",
  };
}

export interface LineErrors {
  description?: string;
  quantity?: string;
  unit?: string;
  unitPrice?: string;
}

export interface Checked {
  lines: (QuoteLineInput | null)[];
  lineErrors: LineErrors[];
  errors: { discount?: string; taxRate?: string; deposit?: string; lines?: string };
  /** The body to send, when everything is valid. */
  body: (Omit<QuoteCreateInput, "leadId"> & Omit<QuoteUpdateInput, "id">) | null;
  totals: Totals;
  /** What the optional lines would add (before tax). */
  addOnsCents: number;
  /** Each line's total, in the form's order (null while the line cannot be computed). */
  lineTotals: (number | null)[];
}

/** Reads the form: each field's meaning or error, the body to send, the totals as typed so far. */
export function checkDraft(draft: QuoteDraft): Checked {
  const lineErrors: LineErrors[] = [];
  const lines = draft.lines.map((l, i) => {
    const quantity = parseQuantity(l.quantity);
    const unitPriceCents = dollarsToCents(l.unitPrice);
    const e: LineErrors = {};
    if (!l.description.trim()) e.description = "Describe the work";
    if (quantity === null) e.quantity = "More than 0, at most 2 decimals";
    if (!l.unit.trim()) e.unit = "Unit is required";
    if (unitPriceCents === null) e.unitPrice = "A dollar amount, e.g. 2.99";
    lineErrors[i] = e;
    if (quantity === null || unitPriceCents === null) return null;
    return {
      priceBookItemId: l.priceBookItemId,
      description: l.description.trim(),
      quantity,
      unit: l.unit.trim(),
      unitPriceCents,
      optional: l.optional,
    };
  });
  const errors: Checked["errors"] = {};
  const discountCents = draft.discount.trim() ? dollarsToCents(draft.discount) : 0;
  if (discountCents === null) errors.discount = "A dollar amount, e.g. 100";
  const taxRatePercent = parsePercent(draft.taxRate || "0");
  if (taxRatePercent === null) errors.taxRate = "A percentage from 0 to 100";
  let depositPercent: number | null = null;
  let depositCents: number | null = null;
  if (draft.depositMode === "percent") {
    depositPercent = parsePercent(draft.deposit);
    if (depositPercent === null) errors.deposit = "A percentage from 0 to 100";
  } else if (draft.depositMode === "amount") {
    depositCents = dollarsToCents(draft.deposit);
    if (depositCents === null) errors.deposit = "A dollar amount, e.g. 500";
  }
  if (draft.lines.length === 0) errors.lines = "Add at least one line";
  const valid = lines.filter((l): l is NonNullable<typeof l> => l !== null);
  const totals = quoteTotals({
    lines: valid.map((l) => ({ quantity: l.quantity, unitPriceCents: l.unitPriceCents, optional: l.optional ?? false })),
    discountCents: discountCents ?? 0,
    taxRatePercent: taxRatePercent ?? 0,
    deposit: depositPercent !== null ? { percent: depositPercent } : depositCents !== null ? { cents: depositCents } : null,
  });
  const addOnsCents = valid.reduce((sum, l, i) => (l.optional ? sum + (totals.lineTotalsCents[i] ?? 0) : sum), 0);
  let at = 0;
  const lineTotals = lines.map((l) => (l ? (totals.lineTotalsCents[at++] ?? null) : null));
  const ok = lineErrors.every((e) => Object.keys(e).length === 0) && Object.keys(errors).length === 0;
  const body = ok
    ? {
        lines: valid,
        discountCents: discountCents ?? 0,
        taxRatePercent: taxRatePercent ?? 0,
        depositPercent,
        depositCents,
        ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
        messageToClient: draft.message.trim() || null,
      }
    : null;
  return { lines, lineErrors, errors, body, totals, addOnsCents, lineTotals };
}
