import type { LeadFilters, LeadSort, SubmissionFilters } from "@crawlguard/validators";
import { parseDate, addDays, startOfDay } from "../scheduling/zone.js";
import type postgres from "postgres";
import type { Queryable } from "../queryable.js";

/*
 * The list calls' filters as SQL conditions (GET /api/leads, GET /api/contact-submissions and their
 * paged forms): every filter given must hold. Values are always parameters, never SQL text.
 */

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** `%text%` for ILIKE, with the pattern characters of `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search text, when there are enough to search phone numbers by (3 or more). */
export function searchDigits(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}

/** `a AND b AND …` of the conditions (TRUE when there are none). */
export function allOf(sql: Queryable, conditions: Fragment[]): Fragment {
  return conditions.reduce((all, condition) => sql`${all} AND ${condition}`, sql`TRUE`);
}

/**
 * The instant a scheduledFrom / scheduledTo value stands for: an instant as it is; a day (in the
 * business time zone) from its start, or up to its end (the start of the next day, exclusive).
 */
export function scheduledBound(value: string, zone: string, end: "from" | "to"): { at: Date; inclusive: boolean } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDate(value) : null;
  if (!day) return { at: new Date(value), inclusive: true };
  return end === "from" ? { at: startOfDay(day, zone), inclusive: true } : { at: startOfDay(addDays(day, 1), zone), inclusive: false };
}

/** A name, email or phone search over `table` (an alias, e.g. "s"; empty for an unaliased table). */
function searchCondition(sql: Queryable, q: string, column: (name: string) => Fragment): Fragment {
  const pattern = containsPattern(q);
  const digits = searchDigits(q);
  return digits
    ? sql`(${column("name")} ILIKE ${pattern} OR ${column("email")} ILIKE ${pattern} OR phone_digits(${column("phone")}) LIKE ${`%${digits}%`})`
    : sql`(${column("name")} ILIKE ${pattern} OR ${column("email")} ILIKE ${pattern})`;
}

/** The conditions of a lead list's filters, on `leads` (unaliased). */
export function leadFilterCondition(sql: Queryable, filters: Partial<LeadFilters>, zone: string): Fragment {
  const conditions: Fragment[] = [];
  if (filters.status) conditions.push(sql`leads.status = ANY(${filters.status}::text[])`);
  if (filters.source) conditions.push(sql`leads.source = ANY(${filters.source}::text[])`);
  if (filters.assignedTo === "none") conditions.push(sql`leads.assigned_to IS NULL`);
  else if (filters.assignedTo) conditions.push(sql`leads.assigned_to = ${filters.assignedTo}::uuid`);
  if (filters.q) conditions.push(searchCondition(sql, filters.q, (name) => sql`${sql(`leads.${name}`)}`));
  if (filters.scheduledFrom) {
    const { at } = scheduledBound(filters.scheduledFrom, zone, "from");
    conditions.push(sql`leads.scheduled_date >= ${at}`);
  }
  if (filters.scheduledTo) {
    const { at, inclusive } = scheduledBound(filters.scheduledTo, zone, "to");
    conditions.push(inclusive ? sql`leads.scheduled_date <= ${at}` : sql`leads.scheduled_date < ${at}`);
  }
  return allOf(sql, conditions);
}

/** The ORDER BY of the lead array's sort (default: newest first); ties by id, leads without an appointment last. */
export function leadOrder(sql: Queryable, sort: LeadSort | undefined): Fragment {
  switch (sort) {
    case "name":
      return sql`lower(leads.name), leads.id`;
    case "-name":
      return sql`lower(leads.name) DESC, leads.id DESC`;
    case "createdAt":
      return sql`leads.created_at, leads.id`;
    case "updatedAt":
      return sql`leads.updated_at, leads.id`;
    case "-updatedAt":
      return sql`leads.updated_at DESC, leads.id DESC`;
    case "scheduledDate":
      return sql`leads.scheduled_date ASC NULLS LAST, leads.id`;
    case "-scheduledDate":
      return sql`leads.scheduled_date DESC NULLS LAST, leads.id DESC`;
    case "-createdAt":
    case undefined:
      return sql`leads.created_at DESC, leads.id DESC`;
  }
}

/**
 * The conditions of a submission list's filters, on `contact_submissions s` joined to its converted
 * lead `l` (new: neither converted nor added to a lead; converted: either).
 */
export function submissionFilterCondition(sql: Queryable, filters: Partial<SubmissionFilters>): Fragment {
  const conditions: Fragment[] = [];
  if (filters.status && filters.status.length === 1) {
    const hasLead = sql`(l.id IS NOT NULL OR s.added_to_lead_id IS NOT NULL)`;
    conditions.push(filters.status[0] === "new" ? sql`NOT ${hasLead}` : hasLead);
  }
  if (filters.q) conditions.push(searchCondition(sql, filters.q, (name) => sql`${sql(`s.${name}`)}`));
  return allOf(sql, conditions);
}
