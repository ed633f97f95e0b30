import type { Lead } from "@crawlguard/validators";
import { searchText } from "../../lib/search-text";

/** How many matches the picker draws at once: enough to scan, few enough to stay instant. */
export const MAX_PICKER_OPTIONS = 50;

export type SearchableLead = { lead: Lead; label: string; haystack: string; digits: string };

/** "Name (email)": what the picker shows for a lead. */
export function leadOptionLabel(lead: Pick<Lead, "name" | "email">): string {
  return `${lead.name} (${lead.email})`;
}

/**
 * The leads prepared once for searching (name, email, phone and address folded by `searchText`, and the
 * phone's digits), so each keystroke is one pass of `includes` over 2,000 strings.
 */
export function searchableLeads(leads: readonly Lead[]): SearchableLead[] {
  return leads.map((lead) => ({
    lead,
    label: leadOptionLabel(lead),
    haystack: searchText(`${lead.name}\n${lead.email}\n${lead.phone ?? ""}\n${lead.address ?? ""}`),
    digits: (lead.phone ?? "").replace(/\D/g, ""),
  }));
}

type QueryWord = { text: string; digits: string | null };

/** A word that is mostly a phone number ("828-555", "(828)") also matches the phone's digits. */
function queryWords(query: string): QueryWord[] {
  return searchText(query.trim())
    .split(/\s+/)
    .filter(Boolean)
    .map((text) => {
      const digits = text.replace(/\D/g, "");
      return { text, digits: digits.length >= 3 && /^[\d()+.-]+$/.test(text) ? digits : null };
    });
}

function matches(entry: SearchableLead, word: QueryWord): boolean {
  return entry.haystack.includes(word.text) || (word.digits !== null && entry.digits.includes(word.digits));
}

/**
 * The first `limit` leads whose name, email, phone or address contain every word of the query,
 * in the list's order, and how many matched in all.
 */
export function searchLeadOptions(
  leads: readonly SearchableLead[],
  query: string,
  limit = MAX_PICKER_OPTIONS,
): { matches: SearchableLead[]; total: number } {
  const words = queryWords(query);
  if (words.length === 0) return { matches: leads.slice(0, limit), total: leads.length };
  const found: SearchableLead[] = [];
  let total = 0;
  for (const entry of leads) {
    if (!words.every((word) => matches(entry, word))) continue;
    total += 1;
    if (found.length < limit) found.push(entry);
  }
  return { matches: found, total };
}
