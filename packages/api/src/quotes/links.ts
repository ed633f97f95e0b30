import { createHash, createHmac } from "node:crypto";

/*
 * The homeowner's link to a sent quote: /quote/{token}, a 256-bit token. The token is an HMAC of
 * the quote's id under the settings' link secret, so staff can be shown the link again; the table
 * of quotes stores only its SHA-256, which is what a visit is looked up by.
 */

export const QUOTE_PAGE_PREFIX = "/quote/";

/** The token of a quote's link (43 characters of base64url: 256 bits). */
export function quoteToken(secret: string, quoteId: string): string {
  return createHmac("sha256", secret).update(`quote-link:${quoteId}`).digest("base64url");
}

/** What the table of quotes keeps of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The homeowner's page of a quote. */
export function quoteUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}${QUOTE_PAGE_PREFIX}${token}`;
}

/** Whether `token` looks like a quote link's (anything else is not looked up). */
export const isQuoteToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
