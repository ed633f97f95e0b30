import { getServiceLabel } from "@crawlguard/content";
import type { CrewJob, Lead } from "@crawlguard/validators";
import { formatInZone } from "../../lib/business-time";

/*
 * The crew's day on the phone (docs/product.md "The crew's day"): what the Today page and the job
 * view show, as pure functions of their data and the business time zone.
 */

/** "9:30 – 10:30 AM", or "11:30 AM – 12:30 PM" across noon: the business zone's clock. */
export function jobTimeRange(job: Pick<CrewJob, "start" | "end">, zone: string): string {
  const start = formatInZone(job.start, "h:mm a", zone);
  const end = formatInZone(job.end, "h:mm a", zone);
  const [startTime, startHalf] = start.split(" ");
  const endHalf = end.split(" ")[1];
  return startHalf === endHalf ? `${startTime} – ${end}` : `${start} – ${end}`;
}

/** A phone number as a `tel:` link: its digits, and a leading + when it has one. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** The address with its zip code unless it already ends with it (as the server's jobs carry it). */
export function fullAddress(address: string | null, zipCode: string | null): string | null {
  const street = address?.trim() || null;
  const zip = zipCode?.trim() || null;
  if (!street) return zip;
  if (!zip || street.includes(zip)) return street;
  return `${street} ${zip}`;
}

/** A Google Maps search for the address (the maps app on a phone). */
export function mapsUrlOf(address: string | null): string | null {
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}

/** A scheduled lead as a job (the calendar's appointments open the same job view as Today's). */
export function jobFromLead(lead: Lead): CrewJob | null {
  if (!lead.scheduledDate) return null;
  const start = Date.parse(lead.scheduledDate);
  const address = fullAddress(lead.address, lead.zipCode);
  return {
    leadId: lead.id,
    start: new Date(start).toISOString(),
    end: new Date(start + (lead.durationMinutes ?? 60) * 60_000).toISOString(),
    clientName: lead.name,
    phone: lead.phone,
    address,
    service: getServiceLabel(lead.service),
    notes: lead.notes,
    status: lead.status,
    estimatedValue: lead.estimatedValue,
    mapsUrl: mapsUrlOf(address),
  };
}

/** The statuses a job is set to after a visit, in the order the job view offers them. */
export const VISIT_STATUSES: readonly Lead["status"][] = ["scheduled", "in-progress", "completed", "quoted", "won", "lost"];

/** "Tuesday, July 14": a day of the business calendar (yyyy-MM-dd, no zone involved). */
export function dayHeading(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d)),
  );
}

/** The ETAs "On my way" offers, in minutes. */
export const ETA_CHOICES = [10, 15, 20, 30, 45, 60] as const;
