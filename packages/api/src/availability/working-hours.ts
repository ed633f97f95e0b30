import type { DayOfWeek, WorkingDay, workingDayInputSchema, workingWeekInputSchema } from "@crawlguard/validators";
import { workingDayIssues, workingWeekIssues } from "@crawlguard/validators";
import type { z } from "zod";
import { transaction, type Sql } from "@crawlguard/db";
import { completeWeek } from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import { badInput } from "../scheduling/errors.js";

type WorkingDayInput = z.output<typeof workingDayInputSchema>;
type WorkingWeekInput = z.output<typeof workingWeekInputSchema>;

/**
 * A user's seven working days, Sunday first. Days never saved are the docs/product.md defaults
 * (Monday–Friday 09:00–17:00, weekend closed), so a new user has a full week without any row.
 */
export async function getWorkingWeek(sql: Queryable, userId: string): Promise<WorkingDay[]> {
  const rows = await sql<WorkingDay[]>`
    SELECT day_of_week, start_time, end_time, is_active FROM working_hours WHERE user_id = ${userId}`;
  return completeWeek(rows).map(({ dayOfWeek, startTime, endTime, isActive }) => ({
    dayOfWeek: dayOfWeek as DayOfWeek,
    startTime,
    endTime,
    isActive,
  }));
}

async function upsertDay(sql: Queryable, userId: string, dayOfWeek: DayOfWeek, day: WorkingDayInput): Promise<void> {
  await sql`
    INSERT INTO working_hours (user_id, day_of_week, start_time, end_time, is_active)
    VALUES (${userId}, ${dayOfWeek}, ${day.startTime}, ${day.endTime}, ${day.isActive})
    ON CONFLICT (user_id, day_of_week) DO UPDATE
      SET start_time = excluded.start_time, end_time = excluded.end_time, is_active = excluded.is_active, updated_at = now()`;
}

/** PUT one day (an upsert). Hours are one span within the day: the end must come after the start. */
export async function saveWorkingDay(sql: Queryable, userId: string, dayOfWeek: DayOfWeek, day: WorkingDayInput): Promise<WorkingDay> {
  const issues = workingDayIssues(day);
  if (issues.length) throw badInput(issues);
  await upsertDay(sql, userId, dayOfWeek, day);
  return { dayOfWeek, startTime: day.startTime, endTime: day.endTime, isActive: day.isActive };
}

/** Save All: every day given is saved in one transaction, or none when any is invalid. */
export async function saveWorkingWeek(sql: Sql, userId: string, week: WorkingWeekInput): Promise<WorkingDay[]> {
  const issues = workingWeekIssues(week.days);
  if (issues.length) throw badInput(issues);
  return transaction(sql, async (tx) => {
    for (const { dayOfWeek, ...day } of week.days) await upsertDay(tx, userId, dayOfWeek, day);
    return getWorkingWeek(tx, userId);
  });
}
