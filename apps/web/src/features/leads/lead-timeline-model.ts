import { parseEstimatedValue, type LeadEvent } from "@crawlguard/validators";
import { formatInZone } from "../../lib/business-time";
import { formatCurrency, statusLabels, truncate } from "./lead-board-model";

/** How much of a note a timeline entry quotes. */
const NOTE_CHARS = 80;
const label = (value: string | null) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : "none");

/** An instant on the business's clock (docs/product.md "Business constants and limits" formats), whatever the computer's zone. */
const when = (iso: string, zone: string) => formatInZone(iso, "MMM d, yyyy h:mm a", zone);
const status = (value: string | null) =>
  value && value in statusLabels ? statusLabels[value as keyof typeof statusLabels] : (value ?? "none");
const money = (value: string | null) => (value === null ? "none" : formatCurrency(parseEstimatedValue(value)));

/** One timeline entry in words: "Status: New → Contacted". */
export function describeLeadEvent({ kind, from, to }: Pick<LeadEvent, "kind" | "from" | "to">, zone: string): string {
  switch (kind) {
    case "created":
      return `Lead created as ${status(to)}`;
    case "converted":
      return "Converted from a contact submission";
    case "status":
      return `Status: ${status(from)} → ${status(to)}`;
    case "value":
      return `Estimated value: ${money(from)} → ${money(to)}`;
    case "priority":
      return `Priority: ${label(from)} → ${label(to)}`;
    case "notes":
      if (!to) return "Notes cleared";
      return from ? `Notes changed to “${truncate(to, NOTE_CHARS)}”` : `Notes added: “${truncate(to, NOTE_CHARS)}”`;
    case "submission":
      // A contact request added to this lead ("Add to this lead"); its message joined the notes.
      return to ? `Contact request added: “${truncate(to, NOTE_CHARS)}”` : "Contact request added (no message)";
    case "assignee":
      return `Assigned to: ${from ?? "nobody"} → ${to ?? "nobody"}`;
    case "note":
      // A visit note is read whole where it is shown: it is the entry.
      return `Note: ${to ?? ""}`;
    case "photo":
      return "Photo added";
    case "on-my-way":
      return to ? `Client told: on the way, arriving around ${formatInZone(to, "h:mm a", zone)}` : "Client told: on the way";
    case "schedule":
      if (!to) return from ? `Appointment removed (was ${when(from, zone)})` : "Appointment removed";
      return from ? `Appointment moved: ${when(from, zone)} → ${when(to, zone)}` : `Appointment booked for ${when(to, zone)}`;
  }
}

/** "Nov 21, 2026 4:05 PM · sam" */
export function describeLeadEventMeta({ createdAt, actorName }: Pick<LeadEvent, "createdAt" | "actorName">, zone: string): string {
  return `${when(createdAt, zone)} · ${actorName ?? "Unknown user"}`;
}
