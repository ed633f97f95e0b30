import type { Role } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { LEAD_NOT_FOUND } from "../leads/lead-row.js";
import type { Queryable } from "../queryable.js";

/**
 * Who may see and change which leads (docs/product.md "Roles and permissions"): the one rule every
 * domain asks. Admins and office staff work every lead; a crew member only the leads assigned to
 * them. An API key acts as the admin who made it, so it sees every lead.
 *
 * A lead outside a crew member's scope is answered as if it did not exist (404 "Lead not found"),
 * never 403: the answer does not tell them which ids exist.
 */

/** The part of the signed-in user (or an API key's creator) the rule reads. */
export interface Viewer {
  id: string;
  role: Role;
}

/** Every lead, or only the leads assigned to one person. */
export type LeadScope = { all: true } | { all: false; assignedTo: string };

const EVERY_LEAD: LeadScope = { all: true };

/** The leads this user may see and change. */
export function leadScope(viewer: Viewer): LeadScope {
  return viewer.role === "crew" ? { all: false, assignedTo: viewer.id } : EVERY_LEAD;
}

/** Whether a lead with this assignee is in the user's scope. */
export function canSeeLead(viewer: Viewer, lead: { assignedTo?: string | null | undefined }): boolean {
  const scope = leadScope(viewer);
  return scope.all || lead.assignedTo === scope.assignedTo;
}

/**
 * The scope as a condition on a query of `leads`: `TRUE`, or `<column> = <user id>`. `column` names
 * the assignee column as the query reads it (e.g. "l.assigned_to" when `leads` is aliased `l`).
 *
 *     sql`SELECT ... FROM leads WHERE ${leadScopeCondition(sql, leadScope(ctx.user))} AND ...`
 */
export function leadScopeCondition(sql: Queryable, scope: LeadScope, column = "assigned_to") {
  return scope.all ? sql`TRUE` : sql`${sql(column)} = ${scope.assignedTo}::uuid`;
}

/**
 * Throws 404 "Lead not found" unless the lead exists and the user may see it. Pass `tx` inside a
 * transaction; `lock` takes the row FOR UPDATE (as a change about to be made to it would).
 */
export async function assertLeadVisible(sql: Queryable, viewer: Viewer, leadId: string, { lock = false } = {}): Promise<void> {
  const scope = leadScope(viewer);
  const [row] = lock
    ? await sql`SELECT 1 FROM leads WHERE id = ${leadId} AND ${leadScopeCondition(sql, scope)} FOR UPDATE`
    : await sql`SELECT 1 FROM leads WHERE id = ${leadId} AND ${leadScopeCondition(sql, scope)}`;
  if (!row) throw new DomainError("not-found", LEAD_NOT_FOUND);
}

/** The answer to a crew member calling what only office staff and admins may (403). */
export const OFFICE_ONLY = "Only office staff and admins may do this";

/** Throws 403 OFFICE_ONLY for a crew member. */
export function assertOffice(viewer: Viewer): void {
  if (viewer.role === "crew") throw new DomainError("forbidden", OFFICE_ONLY);
}

export const isCrew = (viewer: Viewer) => viewer.role === "crew";
