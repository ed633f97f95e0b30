import type { Lead } from "@crawlguard/validators";
import { addDays, addMonths, addWeeks, endOfMonth, endOfWeek, format, isSameMonth, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { floatingToWallTime, zonedDayRange } from "../../lib/business-time";

/*
 * The Calendar tab's rules as plain functions (docs/product.md "Screens and routes", Calendar): its
 * views, their ranges and titles, and the recent and past appointment lists. The events drawn are
 * in calendar-event-model.ts, the week and day grids' rules in calendar-grid.ts. Dates here are
 * "floating": browser-local Dates whose fields are the business zone's wall clock (see
 * lib/business-time.ts), which is what react-big-calendar draws.
 */

export type CalendarView = "month" | "week" | "day" | "schedule";

export const calendarViews: ReadonlyArray<{ value: CalendarView; label: string }> = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "day", label: "Day" },
  { value: "schedule", label: "Schedule List" },
];

/** docs/product.md "Screens and routes": weeks start on Sunday. */
export const WEEK_STARTS_ON = 0;
/** Week view: hourly rows 6:00 to 21:00 (16 rows, the last ending at 22:00). */
export const WEEK_HOURS = { first: 6, end: 22, stepMinutes: 60 } as const;
/** Day view: 30-minute slots from 6:00 to 22:00. */
export const DAY_HOURS = { first: 6, end: 22, stepMinutes: 30 } as const;
/** docs/product.md "Business constants and limits": recent (upcoming) appointments 5, past appointments 10. */
export const RECENT_LIMIT = 5;
export const PAST_LIMIT = 10;

/** The first and last visible day of a view (floating midnights; `end` exclusive). */
export function visibleDays(view: CalendarView, date: Date): { start: Date; end: Date } {
  switch (view) {
    case "month":
      return {
        start: startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON }),
        end: addDays(startOfDay(endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON })), 1),
      };
    case "week": {
      const start = startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
      return { start, end: addDays(start, 7) };
    }
    case "day":
    case "schedule": {
      const start = startOfDay(date);
      return { start, end: addDays(start, 1) };
    }
  }
}

/**
 * The instants to ask `appointments.range` for: the visible days from midnight to midnight on the
 * business zone's clocks (so a DST week is 167 or 169 hours long).
 */
export function rangeQuery(view: CalendarView, date: Date, zone: string): { start: string; end: string } | null {
  const { start, end } = visibleDays(view, date);
  return zonedDayRange(floatingToWallTime(start).date, floatingToWallTime(end).date, zone);
}

/** Previous / next month, week or day; Today. */
export function navigateDate(view: CalendarView, date: Date, action: "PREV" | "NEXT" | "TODAY", today: Date): Date {
  if (action === "TODAY") return startOfDay(today);
  const step = action === "NEXT" ? 1 : -1;
  switch (view) {
    case "month":
      return addMonths(date, step);
    case "week":
      return addWeeks(date, step);
    default:
      return addDays(date, step);
  }
}

/** "March 2026", "Mar 8 – 14, 2026", "Mar 29 – Apr 4, 2026", "Tuesday, March 10, 2026". */
export function viewTitle(view: CalendarView, date: Date): string {
  switch (view) {
    case "month":
      return format(date, "MMMM yyyy");
    case "week": {
      const { start, end } = visibleDays("week", date);
      const last = addDays(end, -1);
      if (start.getFullYear() !== last.getFullYear()) return `${format(start, "MMM d, yyyy")} – ${format(last, "MMM d, yyyy")}`;
      if (isSameMonth(start, last)) return `${format(start, "MMM d")} – ${format(last, "d, yyyy")}`;
      return `${format(start, "MMM d")} – ${format(last, "MMM d, yyyy")}`;
    }
    case "day":
      return format(date, "EEEE, MMMM d, yyyy");
    case "schedule":
      return "Upcoming appointments";
  }
}

/** What prev/next move by, for their labels ("Previous week"). */
export function periodName(view: CalendarView): string {
  return view === "month" ? "month" : view === "week" ? "week" : "day";
}

// ---------------------------------------------------------------------------------------------
// Recent and past appointments (from the lead list, which every tab already has)

/**
 * "Whose calendar": mine (my appointments, unassigned ones and my blocks), everyone's, or the
 * crew's side by side (everyone's, one column per person in Week and Day).
 */
export type CalendarScope = "mine" | "all" | "crew";

/** What `appointments.range` is asked for: the Crew view draws everyone's. */
export function rangeScope(scope: CalendarScope): "mine" | "all" {
  return scope === "mine" ? "mine" : "all";
}

/** The scope's leads: mine are assigned to me or to nobody (as `appointments.range` counts them). */
export function inScope(lead: Pick<Lead, "assigneeName">, scope: CalendarScope, username: string): boolean {
  return scope !== "mine" || !lead.assigneeName || lead.assigneeName === username;
}

/**
 * docs/product.md "Screens and routes": up to 5 upcoming ('Recent Appointments'; all of them in the schedule view),
 * soonest first, and the 10 most recent past ones, latest first. An appointment is past once it
 * has started.
 */
export function splitAppointments(
  leads: readonly Lead[],
  now: number,
  options: { scope: CalendarScope; username: string; upcomingLimit?: number },
): { upcoming: Lead[]; past: Lead[]; upcomingTotal: number } {
  const upcoming: Lead[] = [];
  const past: Lead[] = [];
  for (const lead of leads) {
    if (!lead.scheduledDate || !inScope(lead, options.scope, options.username)) continue;
    (Date.parse(lead.scheduledDate) >= now ? upcoming : past).push(lead);
  }
  upcoming.sort((a, b) => Date.parse(a.scheduledDate!) - Date.parse(b.scheduledDate!));
  past.sort((a, b) => Date.parse(b.scheduledDate!) - Date.parse(a.scheduledDate!));
  const limit = options.upcomingLimit ?? Number.POSITIVE_INFINITY;
  return { upcoming: upcoming.slice(0, limit), past: past.slice(0, PAST_LIMIT), upcomingTotal: upcoming.length };
}
