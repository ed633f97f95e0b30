import { blankToNull, type BookingRequest, type Lead } from "@crawlguard/validators";
import type { Interval } from "../scheduling/index.js";
import { diffLead, recordLeadEvents, type Actor } from "../leads/lead-events.js";
import { leadColumns, toLead, type LeadRow } from "../leads/leads.js";
import type { Queryable } from "../queryable.js";

/*
 * Writing a booking the booking rule allowed (booking.ts): a new client's lead, or an existing lead
 * rescheduled (status, date, duration, assignee and the client fields sent), with its timeline.
 */

/**
 * The zip code written in an address, for a booking that sends none (the Schedule Appointment modal
 * has no zip field): '12 Main St, Asheville, NC 28801' → '28801'. A zip after a state code counts
 * wherever it stands ('…, NC 28801-1234, USA'); otherwise only five digits at the very end, so a
 * five-digit house number ('12345 Old Leicester Hwy, Asheville') is never taken for one.
 */
export function zipFromAddress(address: string | undefined): string | null {
  const text = address ?? "";
  const afterState = [...text.matchAll(/\b[A-Za-z]{2}\.?,?\s+(\d{5})(?:-\d{4})?\b/g)].at(-1)?.[1];
  return afterState ?? /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(text)?.[1] ?? null;
}

export interface LockedLead {
  assignedTo: string | null;
  status: string;
  estimatedValue: string | null;
  scheduledDate: Date | null;
  durationMinutes: number;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  notes: string | null;
  priority: string;
  assigneeName: string | null;
}

/** What writing a booking needs, whether it makes a new lead or books an existing one. */
export interface BookingWrite {
  tx: Queryable;
  input: BookingRequest;
  when: Interval;
  assignee: string;
  actor: Actor;
}

export async function insertBookedLead({ tx, input, when, assignee, actor }: BookingWrite): Promise<Lead> {
  const zipCode = blankToNull(input.zipCode) ?? zipFromAddress(input.address);
  const [row] = await tx<LeadRow[]>`
    INSERT INTO leads (name, email, phone, address, zip_code, service, status, priority, source, notes, estimated_value,
                       scheduled_date, duration_minutes, assigned_to)
    VALUES (${input.clientName!}, ${input.email!}, ${input.phone!}, ${input.address!}, ${zipCode}, ${input.service!},
            'scheduled', ${input.priority ?? "medium"}, 'appointment-booking', ${blankToNull(input.notes)},
            ${blankToNull(input.estimatedValue)}, ${when.start}, ${input.durationMinutes}, ${assignee})
    RETURNING ${leadColumns(tx)}`;
  await recordLeadEvents(tx, row!.id, actor, [
    { kind: "created", to: "scheduled" },
    { kind: "schedule", from: null, to: when.start.toISOString() },
  ]);
  return toLead(row!);
}

export async function rescheduleLead({
  tx,
  id,
  before,
  input,
  when,
  assignee,
  actor,
}: BookingWrite & { id: string; before: LockedLead }): Promise<{ lead: Lead; changes: string[] }> {
  const changes: Record<string, string | number | Date | null> = {
    status: "scheduled",
    scheduledDate: when.start,
    durationMinutes: input.durationMinutes,
    assignedTo: assignee,
  };
  if (input.clientName !== undefined) changes.name = input.clientName;
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (blankToNull(input.zipCode)) changes.zipCode = blankToNull(input.zipCode);
  if (input.service !== undefined) changes.service = input.service;
  if (input.priority !== undefined) changes.priority = input.priority;
  if (input.notes !== undefined) changes.notes = blankToNull(input.notes);
  if (input.estimatedValue !== undefined) changes.estimatedValue = blankToNull(input.estimatedValue);
  const [after] = await tx<LeadRow[]>`
    UPDATE leads SET ${tx(changes, Object.keys(changes))}, updated_at = now() WHERE id = ${id}
    RETURNING ${leadColumns(tx)}`;
  await recordLeadEvents(tx, id, actor, diffLead(before, after!));
  return { lead: toLead(after!), changes: Object.keys(changes) };
}
