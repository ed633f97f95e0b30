import { displayInZone } from "../../lib/business-time";

/** A mail the server keeps for a lead (notifications.deliveries): what matters here is which and what kind. */
export type LeadDelivery = { id: string; kind: string };

/**
 * Whether moving the appointment mailed the client: a client confirmation for the lead that was
 * not there before the move (the server queues it in the move's transaction, when the settings
 * send one and the appointment is still to come).
 */
export function clientWasTold(before: readonly LeadDelivery[], after: readonly LeadDelivery[]): boolean {
  const known = new Set(before.map((delivery) => delivery.id));
  return after.some((delivery) => delivery.kind === "client-confirmation" && !known.has(delivery.id));
}

/** The toast after a drag moved an appointment: what happened, whether the client heard of it, and the new time. */
export function movedToast({ start, zone, told }: { start: string | null; zone: string; told: boolean }): {
  title: string;
  /** "Mar 16, 2027 at 2:00 PM", in the business zone. */
  at: string | null;
} {
  const when = start ? displayInZone(start, zone) : null;
  return { title: told ? "Moved; the client was told" : "Moved", at: when ? `${when.date} at ${when.time}` : null };
}
