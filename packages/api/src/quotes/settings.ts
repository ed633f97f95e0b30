import { randomBytes } from "node:crypto";
import type { QuoteSettings, QuoteSettingsInput } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";

/*
 * How quotes start and follow up (one row, made as the server starts, or on first read without
 * it): the default tax rate, the days before a sent quote's one reminder, the terms every quote
 * carries, and the secret its links are derived from (links.ts).
 */

interface SettingsRow {
  defaultTaxRatePercent: string;
  followUpDays: number;
  terms: string;
  linkSecret: string;
}

/** The terms a quote carries until an admin writes others. */
export const DEFAULT_TERMS =
  "Prices include labor and materials as listed. The deposit is due on approval; the balance is due when the work is complete. " +
  "Work is scheduled after approval. This quote may be approved online until its valid-until date.";

async function settingsRow(sql: Queryable): Promise<SettingsRow> {
  const read = () =>
    sql<
      SettingsRow[]
    >`SELECT default_tax_rate_percent::text AS default_tax_rate_percent, follow_up_days, terms, link_secret FROM quote_settings WHERE id`;
  const [row] = await read();
  if (row) return row;
  await sql`
    INSERT INTO quote_settings (id, terms, link_secret) VALUES (true, ${DEFAULT_TERMS}, ${randomBytes(32).toString("hex")})
    ON CONFLICT (id) DO NOTHING`;
  return (await read())[0]!;
}

const toSettings = (row: SettingsRow): QuoteSettings => ({
  defaultTaxRatePercent: Number(row.defaultTaxRatePercent),
  followUpDays: row.followUpDays,
  terms: row.terms,
});

export async function getQuoteSettings(sql: Queryable): Promise<QuoteSettings> {
  return toSettings(await settingsRow(sql));
}

export async function updateQuoteSettings(sql: Queryable, userId: string, input: Required<QuoteSettingsInput>): Promise<QuoteSettings> {
  await settingsRow(sql);
  await sql`
    UPDATE quote_settings SET default_tax_rate_percent = ${input.defaultTaxRatePercent}, follow_up_days = ${input.followUpDays},
      terms = ${input.terms}, updated_at = now(), updated_by = ${userId}
    WHERE id`;
  return getQuoteSettings(sql);
}

/**
 * Makes the settings row and its link secret if they are not there yet: the server does it as it
 * starts, so that no request (a refused one included) writes them.
 */
export async function ensureQuoteSettings(sql: Queryable): Promise<void> {
  await settingsRow(sql);
}

/** The secret every quote link is derived from (the same on every instance). */
export async function linkSecret(sql: Queryable): Promise<string> {
  return (await settingsRow(sql)).linkSecret;
}
