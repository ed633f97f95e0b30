import { STAFF_LEAD_FIELDS } from "@crawlguard/validators";
import type { DomainEvent, StaffLeadFields } from "../domain-events.js";
import type { Queryable } from "../queryable.js";

/*
 * The staff-only values of a lead (notes, estimated value, priority, assignee), for the webhook
 * endpoints an administrator registered with includeStaffFields and for no one else: every other
 * endpoint gets the data without them (events.ts). Read in the change's transaction, like the rest.
 */

async function staffFieldsOf(tx: Queryable, leadId: string): Promise<StaffLeadFields | null> {
  const [row] = await tx<StaffLeadFields[]>`
    SELECT notes, estimated_value, priority, assigned_to,
      (SELECT username FROM users WHERE users.id = leads.assigned_to) AS assignee_name
    FROM leads WHERE id = ${leadId}`;
  return row ?? null;
}

/** The lead's fields in the order they are sent: its own, then the staff-only ones. */
function withStaff(lead: Record<string, unknown>, staff: StaffLeadFields): Record<string, unknown> {
  const picked = Object.fromEntries(STAFF_LEAD_FIELDS.map((field) => [field, staff[field]]));
  return { ...lead, ...picked };
}

/**
 * `data` as an endpoint with includeStaffFields gets it: the lead it carries (if any) with its
 * staff-only values. Null when the event carries no lead (then every endpoint gets the same data).
 */
export async function staffData(tx: Queryable, event: DomainEvent, data: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const lead = data.lead as { id?: string } | null | undefined;
  if (!lead || typeof lead.id !== "string") return null;
  const staff = event.type === "lead.deleted" ? (event.lead.staff ?? null) : await staffFieldsOf(tx, lead.id);
  return staff ? { ...data, lead: withStaff(lead, staff) } : null;
}
