import { getServiceLabel } from "@crawlguard/content";
import type { CrewJob, Lead, MyDay } from "@crawlguard/validators";
import type { Queryable } from "../queryable.js";
import { addDays, isoString, parseDate, startOfDay, todayIn } from "../scheduling/index.js";
import { badInput } from "../errors.js";

/*
 * A crew member's day (docs/product.md "The crew's day"): the appointments assigned to them on one
 * calendar day of the business time zone, earliest first, with what is needed at the door.
 */

/** A Google Maps search for an address: the maps app on a phone, the website elsewhere. */
export function mapsUrl(address: string | null): string | null {
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}

/** The address with its zip code, unless the address already ends with it; null when neither is known. */
export function fullAddress(address: string | null, zipCode: string | null): string | null {
  const street = address?.trim() || null;
  const zip = zipCode?.trim() || null;
  if (!street) return zip;
  if (!zip || street.includes(zip)) return street;
  return `${street} ${zip}`;
}

interface JobRow {
  id: string;
  name: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  notes: string | null;
  status: Lead["status"];
  estimatedValue: string | null;
  scheduledDate: Date;
  durationMinutes: number;
}

export const BAD_DAY_MESSAGE = "Date must be a real date written yyyy-MM-dd (2000 to 2099)";

/**
 * The appointments of `userId` that start on `date` (yyyy-MM-dd; today when omitted) in `zone`.
 * A lost lead's appointment is no job: it is left out.
 */
export async function myDay({
  sql,
  userId,
  date,
  zone,
  now = new Date(),
}: {
  sql: Queryable;
  userId: string;
  date?: string | undefined;
  zone: string;
  now?: Date;
}): Promise<MyDay> {
  const day = date ?? todayIn(zone, now);
  const parsed = parseDate(day);
  if (!parsed) throw badInput([{ path: "date", message: BAD_DAY_MESSAGE }]);
  const start = startOfDay(parsed, zone);
  const end = startOfDay(addDays(parsed, 1), zone);
  const rows = await sql<JobRow[]>`
    SELECT id, name, phone, address, zip_code, service, notes, status, estimated_value, scheduled_date, duration_minutes
    FROM leads
    WHERE assigned_to = ${userId} AND scheduled_date >= ${start} AND scheduled_date < ${end} AND status <> 'lost'
    ORDER BY scheduled_date, id`;
  return { date: day, jobs: rows.map(toJob) };
}

function toJob(row: JobRow): CrewJob {
  const address = fullAddress(row.address, row.zipCode);
  const startMs = row.scheduledDate.getTime();
  return {
    leadId: row.id,
    start: isoString(startMs),
    end: isoString(startMs + row.durationMinutes * 60_000),
    clientName: row.name,
    phone: row.phone,
    address,
    service: getServiceLabel(row.service),
    notes: row.notes,
    status: row.status,
    estimatedValue: row.estimatedValue,
    mapsUrl: mapsUrl(address),
  };
}
