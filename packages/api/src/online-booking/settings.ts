import {
  onlineBookingSettingsIssues,
  type BookingWindowRule,
  type OnlineBookingSettings,
  type OnlineBookingSettingsInput,
} from "@crawlguard/validators";
import { transaction, type Sql } from "@crawlguard/db";
import { badInput } from "../errors.js";
import type { Queryable } from "../queryable.js";

/*
 * Online booking's settings (one row, made on the first save) and its bookable crew (rows of their
 * own, in the admin's order; a deleted account leaves the list by itself).
 */

/** Before an admin saves anything: off, two weekday windows, a day's notice, two weeks ahead. */
export const DEFAULT_BOOKING_WINDOWS: readonly BookingWindowRule[] = [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
  { dayOfWeek, start: "09:00", end: "11:00" },
  { dayOfWeek, start: "13:00", end: "15:00" },
]);

export type StoredBookingSettings = Omit<OnlineBookingSettings, "timeZone">;

interface SettingsRow {
  enabled: boolean | null;
  windows: BookingWindowRule[] | null;
  noticeHours: number | null;
  horizonDays: number | null;
  serviceZipCodes: string[] | null;
  crew: string[];
}

/** The settings and the crew in one query (the window list reads them on every request). */
export async function getBookingSettings(sql: Queryable): Promise<StoredBookingSettings> {
  const [row] = await sql<SettingsRow[]>`
    SELECT s.enabled, s.windows, s.notice_hours, s.horizon_days, s.service_zip_codes,
           ARRAY(SELECT user_id::text FROM online_booking_crew ORDER BY position, user_id) AS crew
    FROM (SELECT true AS id) one LEFT JOIN online_booking_settings s ON s.id`;
  return {
    enabled: row?.enabled ?? false,
    windows: row?.windows ?? [...DEFAULT_BOOKING_WINDOWS],
    noticeHours: row?.noticeHours ?? 24,
    horizonDays: row?.horizonDays ?? 14,
    bookableUserIds: row?.crew ?? [],
    serviceZipCodes: row?.serviceZipCodes ?? [],
  };
}

/** Whether homeowners can book online now (the public pages ask). */
export async function bookingEnabled(sql: Queryable): Promise<boolean> {
  const [row] = await sql<{ enabled: boolean }[]>`SELECT enabled FROM online_booking_settings WHERE id`;
  return row?.enabled ?? false;
}

const NO_SUCH_USER = "No user has this id: the account was deleted or never existed";

/**
 * PUT: the whole settings, saved together or not at all. Windows are kept in day and time order,
 * zip codes as given (trimmed), the crew in the order listed.
 */
export async function saveBookingSettings({
  sql,
  input,
  actorId,
}: {
  sql: Sql;
  input: OnlineBookingSettingsInput;
  actorId: string;
}): Promise<StoredBookingSettings> {
  const issues = onlineBookingSettingsIssues(input);
  if (issues.length) throw badInput(issues);
  const windows = [...input.windows].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.start.localeCompare(b.start));
  return transaction(sql, async (tx) => {
    if (input.bookableUserIds.length > 0) {
      const found = await tx<{ id: string }[]>`SELECT id FROM users WHERE id = ANY(${input.bookableUserIds}::uuid[])`;
      const known = new Set(found.map((u) => u.id));
      const missing = input.bookableUserIds.flatMap((id, i) =>
        known.has(id) ? [] : [{ path: `bookableUserIds.${i}`, message: NO_SUCH_USER }],
      );
      if (missing.length) throw badInput(missing);
    }
    await tx`
      INSERT INTO online_booking_settings (id, enabled, windows, notice_hours, horizon_days, service_zip_codes, updated_at, updated_by)
      VALUES (true, ${input.enabled}, ${tx.json(windows)}, ${input.noticeHours}, ${input.horizonDays},
              ${input.serviceZipCodes}::text[], now(), ${actorId})
      ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, windows = excluded.windows, notice_hours = excluded.notice_hours,
        horizon_days = excluded.horizon_days, service_zip_codes = excluded.service_zip_codes, updated_at = now(),
        updated_by = excluded.updated_by`;
    await tx`DELETE FROM online_booking_crew`;
    if (input.bookableUserIds.length > 0) {
      const rows = input.bookableUserIds.map((userId, position) => ({ userId, position }));
      await tx`INSERT INTO online_booking_crew ${tx(rows, "userId", "position")}`;
    }
    return getBookingSettings(tx);
  });
}

/** Whether a zip code is in the service area (an empty area is every zip). */
export function servesZip(settings: Pick<StoredBookingSettings, "serviceZipCodes">, zipCode: string): boolean {
  return settings.serviceZipCodes.length === 0 || settings.serviceZipCodes.includes(zipCode.trim());
}
