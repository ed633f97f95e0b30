import type { DomainEventInput } from "../domain-events.js";
import type { Interval } from "../scheduling/index.js";

/*
 * The domain events of online booking (ADR 028), emitted in the booking's transaction: the mail
 * and the webhooks hear them like any other booking's. `source` tells them it was booked online;
 * `manageToken` goes only into the homeowner's mail (their manage link), never into a webhook.
 */

export const ONLINE_BOOKING_SOURCE = "online-booking";

const times = (window: Interval) => ({ start: window.start.toISOString(), end: window.end.toISOString() });

/** A new lead and its appointment. */
export function bookedEvents(leadId: string, window: Interval, manageToken: string): DomainEventInput[] {
  return [
    { type: "lead.created", leadId },
    { type: "appointment.booked", leadId, ...times(window), source: ONLINE_BOOKING_SOURCE, manageToken },
  ];
}

/** The homeowner moved it to another window. */
export function rescheduledEvents(
  leadId: string,
  { from, to, changed, manageToken }: { from: Interval; to: Interval; changed: string[]; manageToken: string },
): DomainEventInput[] {
  return [
    { type: "lead.updated", leadId, changed },
    { type: "appointment.rescheduled", leadId, ...times(to), previous: times(from), source: ONLINE_BOOKING_SOURCE, manageToken },
  ];
}

/** The homeowner cancelled it: the lead loses its date (and goes back to new). */
export function cancelledEvents(leadId: string, window: Interval): DomainEventInput[] {
  return [
    { type: "lead.updated", leadId, changed: ["status", "scheduledDate"] },
    { type: "appointment.cancelled", leadId, ...times(window), source: ONLINE_BOOKING_SOURCE },
  ];
}
