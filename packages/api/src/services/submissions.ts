import { transaction, type Sql } from "@crawlguard/db";
import { leadServiceFor } from "@crawlguard/content";
import { type ContactSubmission, type ConvertToLeadResult, type Lead, referrerHost } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { findDuplicateLeads, leadColumns, toLead, type LeadRow } from "./leads.js";
import { NO_EVENTS, type EventSink } from "./domain-events.js";
import { recordLeadEvents, type Actor } from "./lead-events.js";

interface SubmissionRow extends Omit<ContactSubmission, "createdAt"> {
  createdAt: Date;
}

export const SUBMISSION_NOT_FOUND = "Contact submission not found";

/** Every submission, newest first, with the lead converted from it (one query, no N+1). */
export async function listSubmissions(sql: Sql): Promise<ContactSubmission[]> {
  const rows = await sql<SubmissionRow[]>`
    SELECT s.id, s.name, s.email, s.phone, s.address, s.zip_code, s.service, s.message, s.created_at,
           s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.referrer, s.landing_page,
           l.id AS lead_id
    FROM contact_submissions s
    LEFT JOIN leads l ON l.submission_id = s.id
    ORDER BY s.created_at DESC, s.id DESC`;
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
    const [existing] = await tx<LeadRow[]>`SELECT ${leadColumns(tx)} FROM leads WHERE submission_id = ${id}`;
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
