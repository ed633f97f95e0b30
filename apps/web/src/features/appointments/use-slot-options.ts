import type { AvailabilityQuery, Conflict } from "@crawlguard/validators";
import { useMemo } from "react";
import { formatInZone, isPastDate, parseDateInput, parseTimeInput, todayInZone } from "../../lib/business-time";
import { trpc } from "../../lib/trpc";
import type { SelectOption } from "../../components/form-controls";
import { durationOf, type TimeSlotOption, timeSlotOptionsFor } from "./booking-form";

type SlotOptionsInput = {
  slots: readonly TimeSlotOption[];
  date: string;
  time: string;
  duration: string;
  /** The lead being rescheduled: its own appointment is no conflict. */
  excludeLeadId?: string | undefined;
  /** Whose calendar; blank: the signed-in user's. */
  assignedTo?: string | undefined;
  zone: string;
  now?: number;
};

/**
 * The time select's options for a date: the dialog's slots (plus a prefilled time that is not
 * one), those already past today disabled, and what the chosen time would clash with, from
 * `appointments.availability` (asked only for a real date that is not past).
 */
export function useSlotOptions({ slots, date, time, duration, excludeLeadId, assignedTo, zone, now = Date.now() }: SlotOptionsInput): {
  options: SelectOption[];
  clashes: readonly Conflict[];
  clashCount: number;
} {
  const askable = parseDateInput(date) !== null && !isPastDate(date, zone, now);
  const availability = trpc.appointments.availability.useQuery(
    {
      date,
      durationMinutes: String(durationOf(duration)) as NonNullable<AvailabilityQuery["durationMinutes"]>,
      ...(excludeLeadId ? { excludeLeadId } : {}),
      ...(assignedTo ? { assignedTo } : {}),
    },
    { enabled: askable, staleTime: 30_000 },
  );
  const today = todayInZone(zone, now);
  const nowMinutes = parseTimeInput(formatInZone(now, "HH:mm", zone)) ?? 0;
  const options = useMemo(
    () =>
      timeSlotOptionsFor(slots, time).map((slot) => ({
        ...slot,
        disabled: date === today && (parseTimeInput(slot.value) ?? 0) <= nowMinutes && slot.value !== time,
      })),
    [slots, time, date, today, nowMinutes],
  );
  const chosen = askable ? availability.data?.slots.find((slot) => slot.time === time) : undefined;
  const clashes = chosen?.conflicts ?? [];
  // The server describes a few conflicts per slot and counts the rest.
  const clashCount = chosen?.conflictCount ?? clashes.length;
  return { options, clashes, clashCount };
}
