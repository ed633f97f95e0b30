import type { QuoteStatus } from "@crawlguard/validators";

/*
 * How the dashboard names a quote's status (docs/product.md "Quotes"): a sent quote the homeowner
 * has opened reads "viewed"; the board's Quoted column shows these words on the lead's card.
 */

export type QuoteStatusWord = QuoteStatus | "viewed";

export const quoteStatusWords: Record<QuoteStatusWord, string> = {
  draft: "draft",
  sent: "sent",
  viewed: "viewed",
  approved: "approved",
  changes_requested: "changes requested",
  declined: "declined",
  replaced: "replaced",
  expired: "expired",
};

export const quoteStatusPalette: Record<QuoteStatusWord, string> = {
  draft: "gray",
  sent: "blue",
  viewed: "purple",
  approved: "green",
  changes_requested: "orange",
  declined: "red",
  replaced: "gray",
  expired: "gray",
};

/** The word for a quote: "viewed" for a sent quote its homeowner has opened. */
export function quoteStatusWord(quote: { status: QuoteStatus; viewedAt: string | null }): QuoteStatusWord {
  return quote.status === "sent" && quote.viewedAt ? "viewed" : quote.status;
}

/** "Q-1001" or "Q-1001 rev 2". */
export const quoteName = (quote: { number: string; revision: number }) =>
  quote.revision > 1 ? `${quote.number} rev ${quote.revision}` : quote.number;
