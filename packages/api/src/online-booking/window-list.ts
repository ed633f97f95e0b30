import { company } from "@crawlguard/content";
import type { BookingPreview, BookingWindows } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { readCrewCalendars } from "./crew-calendars.js";
import { getBookingSettings, servesZip, type StoredBookingSettings } from "./settings.js";
import { candidateWindows, freeWindows, spanOf, windowLabel, type FreeWindow } from "./windows.js";

/*
 * The window list: the settings' windows between the notice and the horizon, each with the
 * bookable crew free for all of it (windows.ts), read in three queries (crew-calendars.ts).
 */

export const BOOKING_OFF_MESSAGE = `Online booking is not available right now. Please call us at ${company.phone.display} to book your free inspection.`;

export function outsideServiceAreaMessage(zipCode: string): string {
  return `We don't book online in ${zipCode} yet. Please call us at ${company.phone.display} and we'll find a time for your free inspection.`;
}

export function bookingOff(): DomainError {
  return new DomainError("not-found", BOOKING_OFF_MESSAGE);
}

/** 422 for a zip outside the service area: the message says to call, with the phone. */
export function assertServed(settings: StoredBookingSettings, zipCode: string): void {
  if (!servesZip(settings, zipCode)) throw new DomainError("unprocessable", outsideServiceAreaMessage(zipCode.trim()));
}

/** Every window of the settings and who is free for it (none free: still listed, with `free` empty). */
export async function windowsWithCrew({
  sql,
  settings,
  zone,
  now,
  excludeLeadId,
}: {
  sql: Queryable;
  settings: StoredBookingSettings;
  zone: string;
  now: Date;
  excludeLeadId?: string | null;
}): Promise<FreeWindow[]> {
  const candidates = candidateWindows(settings, now, zone);
  const span = spanOf(candidates);
  if (!span || settings.bookableUserIds.length === 0) return candidates.map((w) => ({ ...w, free: [] }));
  const crew = await readCrewCalendars(sql, settings.bookableUserIds, span, { excludeLeadId: excludeLeadId ?? null });
  return freeWindows(candidates, crew, zone);
}

/** GET /api/public/booking/windows: the free windows for a zip code; 404 while switched off, 422 outside the area. */
export async function publicWindows({
  sql,
  zone,
  zipCode,
  now = new Date(),
  excludeLeadId,
}: {
  sql: Queryable;
  zone: string;
  zipCode: string;
  now?: Date;
  excludeLeadId?: string | null;
}): Promise<BookingWindows> {
  const settings = await getBookingSettings(sql);
  if (!settings.enabled) throw bookingOff();
  assertServed(settings, zipCode);
  const windows = await windowsWithCrew({ sql, settings, zone, now, excludeLeadId });
  return {
    windows: windows
      .filter((w) => w.free.length > 0)
      .map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString(), label: windowLabel(w, zone) })),
  };
}

/** The dashboard card's preview: the next free windows as the saved settings make them, on or off. */
export async function bookingPreview({
  sql,
  zone,
  now = new Date(),
  limit = 8,
}: {
  sql: Queryable;
  zone: string;
  now?: Date;
  limit?: number;
}): Promise<BookingPreview> {
  const settings = await getBookingSettings(sql);
  const windows = await windowsWithCrew({ sql, settings, zone, now });
  return {
    enabled: settings.enabled,
    timeZone: zone,
    windows: windows
      .filter((w) => w.free.length > 0)
      .slice(0, limit)
      .map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString(), label: windowLabel(w, zone), freeCount: w.free.length })),
  };
}
