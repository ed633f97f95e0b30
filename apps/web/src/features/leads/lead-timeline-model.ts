import { parseEstimatedValue, type LeadEvent } from "@crawlguard/validators";
import { format } from "date-fns";
import { formatCurrency, statusLabels } from "./lead-board-model";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");
const status = (value: string | null) => (value && value in statusLabels ? statusLabels[value as keyof typeof statusLabels] : (value ?? "none"));
const money = (value: string | null) => (value === null ? "none" : formatCurrency(parseEstimatedValue(value)));

/** One timeline entry in words: "Status: New → Contacted". */
export function describeLeadEvent({ kind, from, to }: Pick<LeadEvent, "kind" | "from" | "to">): string {
  switch (kind) {
    case "created":
      return `Lead created as ${status(to)}`;
    case "converted":
      return "Converted from a contact submission";
    case "status":
      return `Status: ${status(from)} → ${status(to)}`;
    case "value":
      return `Estimated value: ${money(from)} → ${money(to)}`;
    case "schedule":
      if (!to) return from ? `Appointment removed (was ${when(from)})` : "Appointment removed";
      return from ? `Appointment moved: ${when(from)} → ${when(to)}` : `Appointment booked for ${when(to)}`;
  }
}

/** "Nov 21, 2026 4:05 PM · sam" */
export function describeLeadEventMeta({ createdAt, actorName }: Pick<LeadEvent, "createdAt" | "actorName">): string {
  return `${when(createdAt)} · ${actorName ?? "Unknown user"}`;
}
