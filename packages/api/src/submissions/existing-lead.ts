import type { ExistingLead } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";

/*
 * A request from someone who is already a lead: the newest lead with the request's email address
 * (any case) or phone number (by its digits, phone_digits() of migration 0002, indexed like
 * lower(email)), other than the lead made from the request itself. The Contact Submissions list
 * flags it and the office's mail about the request says it.
 */

/**
 * The column `existing_lead` ({id, name, status} or null) of a query over `contact_submissions s`:
 * one indexed look-up per row, no N+1 round trips.
 */
export const existingLeadColumn = (sql: Queryable) => sql`(
  SELECT json_build_object('id', m.id, 'name', m.name, 'status', m.status) FROM leads m
  WHERE (lower(m.email) = lower(s.email) OR phone_digits(m.phone) = phone_digits(s.phone))
    AND m.submission_id IS DISTINCT FROM s.id
  ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS existing_lead`;

/** The existing lead of one submission, or null (also for an unknown submission). */
export async function existingLeadOf(sql: Queryable, submissionId: string): Promise<ExistingLead | null> {
  const [row] = await sql<{ existingLead: ExistingLead | null }[]>`
    SELECT ${existingLeadColumn(sql)} FROM contact_submissions s WHERE s.id = ${submissionId}`;
  return row?.existingLead ?? null;
}
