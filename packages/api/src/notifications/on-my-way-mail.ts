import type { DomainEvent } from "../domain-events.js";
import type { Queryable } from "../queryable.js";
import { leadForMail } from "./mail-data.js";
import type { MailData, MailKind } from "./templates.js";

/*
 * The client's "On my way" mail (docs/product.md "The crew's day"): queued when a crew member sends
 * it, composed when the worker sends it. An appointment mail: no unsubscribe turns it off, and it is
 * not sent once the appointment was moved or cancelled meanwhile.
 */

type OnMyWayEvent = Extract<DomainEvent, { type: "crew.on-my-way" }>;

interface OnMyWayPayload {
  start: string;
  arrivalAt: string;
  crewName: string;
}

/** The one delivery of an "On my way" event (the subscriber queues it), to the lead's address; null without one. */
export async function onMyWayDelivery(
  tx: Queryable,
  event: OnMyWayEvent,
): Promise<{ key: string; kind: MailKind; to: string; leadId: string; payload: OnMyWayPayload } | null> {
  const lead = await leadForMail(tx, event.leadId);
  if (!lead?.email) return null;
  const [user] = await tx<{ name: string }[]>`SELECT coalesce(display_name, username) AS name FROM users WHERE id = ${event.userId}`;
  const payload = { start: event.start, arrivalAt: event.arrivalAt, crewName: user?.name ?? "Your technician" };
  return { key: `${event.id}:client-on-my-way`, kind: "client-on-my-way", to: lead.email, leadId: lead.id, payload };
}

/** What the mail says, from the lead as it is now; a reason to skip when its appointment changed. */
export function onMyWayMail(
  lead: { name: string; service: string; address: string | null; status: string; scheduledDate: Date | null },
  payload: Record<string, unknown>,
): MailData | { skip: string } {
  const p = payload as Partial<OnMyWayPayload>;
  const current = lead.scheduledDate && lead.status !== "lost" ? lead.scheduledDate.toISOString() : null;
  if (!p.start || !p.arrivalAt || current !== p.start) return { skip: "The appointment was moved or cancelled since" };
  return {
    kind: "client-on-my-way",
    clientName: lead.name,
    crewName: p.crewName ?? "Your technician",
    arrivalAt: p.arrivalAt,
    service: lead.service,
    address: lead.address,
  };
}
