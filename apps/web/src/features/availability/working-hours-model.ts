import {
  dayNames,
  type DayOfWeek,
  daysOfWeek,
  defaultWorkingDay,
  type FieldIssue,
  type WorkingDay,
  workingDayInputSchema,
  workingDayIssues,
} from "@crawlguard/validators";
import { formatTimeOfDay } from "../leads/lead-schedule";

export type WorkingDayDraft = { dayOfWeek: DayOfWeek; isActive: boolean; startTime: string; endTime: string };

/** Sunday to Saturday, each from the saved rows or the defaults (Monday–Friday 09:00–17:00). */
export function workingWeek(rows: readonly WorkingDay[] | undefined): WorkingDayDraft[] {
  return daysOfWeek.map((dayOfWeek) => {
    const row = rows?.find((r) => r.dayOfWeek === dayOfWeek) ?? defaultWorkingDay(dayOfWeek);
    return { dayOfWeek, isActive: row.isActive, startTime: row.startTime, endTime: row.endTime };
  });
}

export function dayName(dayOfWeek: DayOfWeek): string {
  return dayNames[Number(dayOfWeek)] ?? dayOfWeek;
}

/** "9:00 AM – 5:00 PM", or "Closed" (docs/product.md "Screens and routes") for a day off. */
export function workingDaySummary(day: Pick<WorkingDayDraft, "isActive" | "startTime" | "endTime">): string {
  if (!day.isActive) return "Closed";
  return `${formatTimeOfDay(day.startTime)} – ${formatTimeOfDay(day.endTime)}`;
}

export type DayErrors = Partial<Record<"startTime" | "endTime", string>>;

/**
 * Each open day's problems, by day (docs/product.md "Validation rules": start and end required; the shared rule:
 * the end after the start). A closed day keeps its hours and is not checked.
 */
export function workingWeekErrors(days: readonly WorkingDayDraft[]): Partial<Record<DayOfWeek, DayErrors>> {
  const errors: Partial<Record<DayOfWeek, DayErrors>> = {};
  for (const day of days) {
    if (!day.isActive) continue;
    const issues: FieldIssue[] = [];
    const parsed = workingDayInputSchema.safeParse(day);
    if (!parsed.success)
      for (const issue of parsed.error.issues) issues.push({ path: String(issue.path[0] ?? ""), message: issue.message });
    else issues.push(...workingDayIssues(day));
    const dayErrors: DayErrors = {};
    for (const issue of issues) if (issue.path === "startTime" || issue.path === "endTime") dayErrors[issue.path] ??= issue.message;
    if (Object.keys(dayErrors).length > 0) errors[day.dayOfWeek] = dayErrors;
  }
  return errors;
}
