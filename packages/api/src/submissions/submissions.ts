import { transaction, type Sql } from "@crawlguard/db";
import { leadServiceFor } from "@crawlguard/content";
import {
  blankToNull,
  type AddToLeadResult,
  type ContactSubmission,
  type ConvertToLeadResult,
  type DuplicateLead,
  type Lead,
  referrerHost,
  type SubmissionFilters,
  type SyncQuery,
} from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { findDuplicateLeads, LEAD_NOT_FOUND, leadColumns, toLead, type LeadRow } from "../leads/leads.js";
import { NO_EVENTS, type EventSink } from "../domain-events.js";
import { recordLeadEvents, type Actor } from "../leads/lead-events.js";
import type { Queryable } from "../queryable.js";
import { syncPage, type SyncPage } from "../api-keys/sync.js";
import { existingLeadColumn } from "./existing-lead.js";
import { submissionFilterCondition } from "../leads/lead-filters.js";

interface SubmissionRow extends Omit<ContactSubmission, "createdAt"> {
  createdAt: Date;
}

export const SUBMISSION_NOT_FOUND = "Contact submission not found";

const submissionColumns = (sql: Queryable) => sql`
  s.id, s.name, s.email, s.phone, s.address, s.zip_code, s.service, s.message, s.created_at,
  s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.referrer, s.landing_page,
  s.source, COALESCE(l.id, s.added_to_lead_id) AS lead_id, ${existingLeadColumn(sql)}`;

/** Every submission (or those the filters keep), newest first, with the lead converted from it (one query, no N+1). */
export async function listSubmissions(sql: Sql, filters: Partial<SubmissionFilters> = {}): Promise<ContactSubmission[]> {
  const rows = await sql<SubmissionRow[]>`
    SELECT ${submissionColumns(sql)}
    FROM contact_submissions s
    LEFT JOIN leads l ON l.submission_id = s.id
    WHERE ${submissionFilterCondition(sql, filters)}
    ORDER BY s.created_at DESC, s.id DESC`;
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One submission, with its lead; null when there is none with this id. */
export async function getSubmission(sql: Queryable, id: string): Promise<ContactSubmission | null> {
  const [row] = await sql<SubmissionRow[]>`
    SELECT ${submissionColumns(sql)}
    FROM contact_submissions s
    LEFT JOIN leads l ON l.submission_id = s.id
    WHERE s.id = ${id}`;
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** How many submissions are new (neither converted nor added to a lead): the Contact Submissions tab's badge. */
export async function countNewSubmissions(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM contact_submissions s
    WHERE s.added_to_lead_id IS NULL AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.submission_id = s.id)`;
  return row?.n ?? 0;
}

/** A page of submission changes (incremental sync, ADR 029): see api-keys/sync.ts. */
export function submissionPage(sql: Sql, query: SyncQuery, filters: Partial<SubmissionFilters> = {}): Promise<SyncPage<ContactSubmission>> {
  return syncPage(sql, "contact-submission", query, {
    async changed(tx, after, since, n) {
      const rows = await tx<(SubmissionRow & { seqText: string })[]>`
        SELECT ${submissionColumns(tx)}, s.change_seq::text AS seq_text
        FROM contact_submissions s LEFT JOIN leads l ON l.submission_id = s.id
        WHERE s.change_seq > ${after.toString()}::bigint AND (${since}::timestamptz IS NULL OR s.updated_at >= ${since}::timestamptz)
          AND ${submissionFilterCondition(tx, filters)}
        ORDER BY s.change_seq LIMIT ${n}`;
      return rows.map(({ seqText, ...row }) => ({ item: { ...row, createdAt: row.createdAt.toISOString() }, changeSeq: seqText }));
    },
    async maxSeq(tx) {
      const [row] = await tx<{ max: string | null }[]>`SELECT max(change_seq)::text AS max FROM contact_submissions`;
      return row?.max ?? null;
    },
  });
}

const GOOGLE = /google/;
const META = /facebook|instagram/;
const META_TOKENS = new Set(["fb", "ig", "meta"]);

function classify(value: string): "google" | "facebook" | null {
  const v = value.toLowerCase();
  if (GOOGLE.test(v)) return "google";
  if (META.test(v) || v.split(/[^a-z0-9]+/).some((token) => META_TOKENS.has(token))) return "facebook";
  return null;
}

function clickIdSource(landingPage: string | null): "google" | "facebook" | null {
  if (!landingPage) return null;
  try {
    const params = new URL(landingPage, "https://x.invalid").searchParams;
    if (params.has("gclid") || params.has("gbraid") || params.has("wbraid")) return "google";
    if (params.has("fbclid")) return "facebook";
  } catch {
    // An unparsable landing page says nothing about the source.
  }
  return null;
}

/**
 * Where the lead came from, by the strongest signal first: utm_source, an ad click id on the
 * landing page (gclid / fbclid), then the referring site's host. Everything else is "website".
 */
export function leadSourceFor(s: Pick<ContactSubmission, "utmSource" | "referrer" | "landingPage">): Lead["source"] {
  const host = referrerHost(s.referrer);
  return (s.utmSource && classify(s.utmSource)) || clickIdSource(s.landingPage) || (host && classify(host)) || "website";
}

/**
 * Creates the lead for a submission, once: the submission row is locked for the transaction and
 * leads.submission_id is UNIQUE, so a second (or concurrent) conversion returns the existing lead.
 */
export async function convertToLead(sql: Sql, id: string, actor: Actor, events: EventSink = NO_EVENTS): Promise<ConvertToLeadResult> {
  const { lead, created } = await transaction(sql, async (tx) => {
    const [submission] = await tx<SubmissionRow[]>`
      SELECT id, name, email, phone, address, zip_code, service, message, utm_source, referrer, landing_page
      FROM contact_submissions WHERE id = ${id} FOR UPDATE`;
    if (!submission) throw new DomainError("not-found", SUBMISSION_NOT_FOUND);
    const existing = await leadOfSubmission(tx, id);
    if (existing) return { lead: existing, created: false };
    const [inserted] = await tx<LeadRow[]>`
      INSERT INTO leads (name, email, phone, address, zip_code, service, notes, source, submission_id)
      VALUES (${submission.name}, ${submission.email}, ${submission.phone}, ${submission.address},
              ${submission.zipCode}, ${leadServiceFor(submission.service)}, ${submission.message},
              ${leadSourceFor(submission)}, ${id})
      ON CONFLICT (submission_id) DO NOTHING
      RETURNING ${leadColumns(tx)}`;
    if (inserted) {
      await recordLeadEvents(tx, inserted.id, actor, [{ kind: "converted", from: null, to: inserted.status }]);
      await events.emit(tx, { type: "lead.created", leadId: inserted.id });
      return { lead: inserted, created: true };
    }
    // Only reachable if another path inserted the lead without locking the submission.
    const [winner] = await tx<LeadRow[]>`SELECT ${leadColumns(tx)} FROM leads WHERE submission_id = ${id}`;
    return { lead: winner!, created: false };
  });
  const duplicates = await findDuplicateLeads(sql, { email: lead.email, phone: lead.phone ?? undefined, excludeId: lead.id });
  return { lead: toLead(lead), created, duplicates };
}

/** The lead a submission became or was added to, if any (call it with the submission locked). */
async function leadOfSubmission(tx: Queryable, id: string): Promise<LeadRow | undefined> {
  const [made] = await tx<LeadRow[]>`SELECT ${leadColumns(tx)} FROM leads WHERE submission_id = ${id}`;
  if (made) return made;
  const [joined] = await tx<LeadRow[]>`
    SELECT ${leadColumns(tx)} FROM leads WHERE id = (SELECT added_to_lead_id FROM contact_submissions WHERE id = ${id})`;
  return joined;
}

/** The leads with the submission's email (any case) or phone number: what Convert to Lead shows before it converts. */
export async function matchingLeads(sql: Sql, id: string): Promise<DuplicateLead[]> {
  const [submission] = await sql<{ email: string; phone: string | null }[]>`
    SELECT email, phone FROM contact_submissions WHERE id = ${id}`;
  if (!submission) throw new DomainError("not-found", SUBMISSION_NOT_FOUND);
  const matches = await findDuplicateLeads(sql, { email: submission.email, phone: submission.phone ?? undefined });
  // The lead made from this very submission is not "another" lead.
  const [own] = await sql<{ id: string }[]>`SELECT id FROM leads WHERE submission_id = ${id}`;
  return matches.filter((m) => m.id !== own?.id);
}

/** Lead notes are at most this long (the lead form's limit): a message that would pass it is refused, not cut. */
const NOTES_MAX = 5000;
export const NOTES_TOO_LONG =
  "This lead's notes and the message together would be longer than 5,000 characters. Shorten the lead's notes first, or create a new lead.";

/** The lead's notes with the request's message after them (a blank line between). */
export function notesWithMessage(notes: string | null, message: string | null): string | null {
  if (!message?.trim()) return notes;
  return notes?.trim() ? `${notes}\n\n${message}` : message;
}

/**
 * "Add to this lead" (ADR 025): the submission joins an existing lead instead of becoming a
 * new one. In one transaction: the submission is locked and remembers the lead (so it counts as
 * converted and converts no more), its message is appended to the lead's notes, and the lead's
 * timeline records the request. A submission already converted or added returns that lead with
 * `added: false` and changes nothing.
 */
export async function addToLead(
  sql: Sql,
  id: string,
  leadId: string,
  actor: Actor,
  events: EventSink = NO_EVENTS,
): Promise<AddToLeadResult> {
  return transaction(sql, async (tx) => {
    const [submission] = await tx<{ message: string | null }[]>`
      SELECT message FROM contact_submissions WHERE id = ${id} FOR UPDATE`;
    if (!submission) throw new DomainError("not-found", SUBMISSION_NOT_FOUND);
    const existing = await leadOfSubmission(tx, id);
    if (existing) return { lead: toLead(existing), added: false };
    const [before] = await tx<LeadRow[]>`SELECT ${leadColumns(tx)} FROM leads WHERE id = ${leadId} FOR UPDATE`;
    if (!before) throw new DomainError("not-found", LEAD_NOT_FOUND);
    const notes = notesWithMessage(before.notes, submission.message);
    if ((notes?.length ?? 0) > NOTES_MAX) throw new DomainError("bad-input", NOTES_TOO_LONG);
    await tx`UPDATE contact_submissions SET added_to_lead_id = ${leadId} WHERE id = ${id}`;
    const [after] = await tx<LeadRow[]>`
      UPDATE leads SET notes = ${notes}, updated_at = now() WHERE id = ${leadId}
      RETURNING ${leadColumns(tx)}`;
    await recordLeadEvents(tx, leadId, actor, [{ kind: "submission", from: null, to: blankToNull(submission.message) }]);
    await events.emit(tx, { type: "lead.updated", leadId, changed: ["notes"] });
    return { lead: toLead(after!), added: true };
  });
}
