import { DomainError } from "../errors.js";
import { LEAD_NOT_FOUND } from "../leads/lead-row.js";
import type { Queryable } from "../queryable.js";
import { leadScope, leadScopeCondition, type Viewer } from "../users/access.js";
import { QUOTE_NOT_FOUND } from "./quote-rows.js";

/*
 * Who may quote which lead: whoever may see the lead (users/access.ts, the one rule): admins and
 * office staff every lead, a crew member the leads assigned to them, an API key as the admin who
 * made it. A quote of a lead outside the user's reach is answered as if it did not exist (404),
 * like the lead itself.
 */

/** The signed-in user (or an API key's creator) as the quotes see them. */
export interface QuoteViewer extends Viewer {
  username: string;
}

async function leadInScope(sql: Queryable, viewer: Viewer, leadId: string, lock: boolean): Promise<boolean> {
  const scope = leadScopeCondition(sql, leadScope(viewer));
  const rows = lock
    ? await sql`SELECT 1 FROM leads WHERE id = ${leadId} AND ${scope} FOR UPDATE`
    : await sql`SELECT 1 FROM leads WHERE id = ${leadId} AND ${scope}`;
  return rows.length > 0;
}

/** Throws 404 "Lead not found" unless the lead exists and the user may quote it. */
export async function assertLeadInScope(sql: Queryable, viewer: Viewer, leadId: string, { lock = false } = {}): Promise<void> {
  if (!(await leadInScope(sql, viewer, leadId, lock))) throw new DomainError("not-found", LEAD_NOT_FOUND);
}

/** Throws 404 "Quote not found" unless the quote exists and its lead is one the user may quote. */
export async function assertQuoteInScope(sql: Queryable, viewer: Viewer, quote: string | { leadId: string }): Promise<void> {
  const leadId =
    typeof quote === "string" ? (await sql<{ leadId: string }[]>`SELECT lead_id FROM quotes WHERE id = ${quote}`)[0]?.leadId : quote.leadId;
  if (!leadId || !(await leadInScope(sql, viewer, leadId, false))) throw new DomainError("not-found", QUOTE_NOT_FOUND);
}

/** The leads whose quotes the user may see, as a condition on `leads` aliased `l`. */
export function leadScopeSql(sql: Queryable, viewer: Viewer) {
  return leadScopeCondition(sql, leadScope(viewer), "l.assigned_to");
}
