import { z } from "zod";
import { described } from "./describe.js";
import { isoInstant, text } from "./text.js";

/*
 * Working hours and time blocks (docs/product.md "Availability", "Entities and their fields", "States
 * and transitions", "Validation rules" and "Business constants and limits"). Times of day are
 * 'HH:MM' wall-clock times and dates 'yyyy-MM-dd' calendar dates, both in the business time zone
 * (BUSINESS_TIME_ZONE, ADR 009); instants are ISO 8601 strings with an offset.
 *
 * Rules between fields (an end after its start, a recurring block's pattern) are checked by the
 * server after these schemas, by the functions below, so the schemas stay exact descriptions of
 * each field (the OpenAPI document is generated from them) and a form can run the same checks.
 */

/** 'HH:MM', 00:00 to 23:59. */
const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A real calendar date from 2000-01-01 to 2099-12-31 (leap years included), 'yyyy-MM-dd'. */
export const CALENDAR_DATE_PATTERN =
  /^(?:20\d{2}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|20(?:[02468][048]|[13579][26])-02-29)$/;

const TIME_OF_DAY_MESSAGE = "Time must be HH:MM, from 00:00 to 23:59";
const CALENDAR_DATE_MESSAGE = "Date must be a real date written yyyy-MM-dd (2000 to 2099)";

/** A time of day; blank is refused with `requiredMessage`. */
export function timeOfDay(requiredMessage = "Time is required") {
  return text().trim().min(1, { message: requiredMessage, abort: true }).regex(TIME_OF_DAY_PATTERN, TIME_OF_DAY_MESSAGE);
}

/** A calendar date; blank is refused with `requiredMessage`. */
export function calendarDate(requiredMessage = "Date is required") {
  return text().trim().min(1, { message: requiredMessage, abort: true }).regex(CALENDAR_DATE_PATTERN, CALENDAR_DATE_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Working hours

/** '0' is Sunday … '6' Saturday (docs/product.md "Entities and their fields"). */
export const daysOfWeek = ["0", "1", "2", "3", "4", "5", "6"] as const;
export const dayOfWeekSchema = z
  .enum(daysOfWeek, { message: "Day of week must be 0 (Sunday) to 6 (Saturday)" })
  .meta({ description: "The day of the week as text: '0' is Sunday, '1' Monday … '6' Saturday." });
export type DayOfWeek = z.infer<typeof dayOfWeekSchema>;
export const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** docs/product.md "Business constants and limits": 09:00 to 17:00, Monday to Friday; weekends closed. */
const DEFAULT_WORKING_HOURS = { startTime: "09:00", endTime: "17:00" } as const;
export function defaultWorkingDay(dayOfWeek: DayOfWeek): WorkingDay {
  return { dayOfWeek, ...DEFAULT_WORKING_HOURS, isActive: dayOfWeek !== "0" && dayOfWeek !== "6" };
}

/** One day as PUT /api/working-hours/{dayOfWeek} takes it. `isActive` defaults to true. */
const WORKING_DAY_FIELDS = {
  dayOfWeek: "The day of the week: '0' is Sunday … '6' Saturday.",
  startTime: "When work starts that day, 'HH:MM' in the business time zone (default 09:00).",
  endTime: "When work ends that day, 'HH:MM' in the business time zone, after startTime (default 17:00).",
  isActive: "Whether the day is worked; false shows Closed and takes no bookings.",
} as const;

export const workingDayInputSchema = z.object(
  described(
    {
      startTime: timeOfDay("Start time is required"),
      endTime: timeOfDay("End time is required"),
      isActive: z.boolean().default(true),
    },
    WORKING_DAY_FIELDS,
  ),
);
export type WorkingDayInput = z.input<typeof workingDayInputSchema>;

export const workingDaySchema = z
  .object(described({ dayOfWeek: dayOfWeekSchema, startTime: z.string(), endTime: z.string(), isActive: z.boolean() }, WORKING_DAY_FIELDS))
  .meta({ id: "WorkingHours", description: "The signed-in user's working hours on one day of the week." });
export type WorkingDay = z.infer<typeof workingDaySchema>;

/** Save All: one to seven days, each at most once, saved together or not at all. */
export const workingWeekInputSchema = z.object({
  days: z
    .array(workingDayInputSchema.extend({ dayOfWeek: dayOfWeekSchema }))
    .min(1, "At least one day is required")
    .max(7, "At most seven days")
    .meta({ description: "One to seven days, each at most once: saved together, or none if one is invalid." }),
});
export type WorkingWeekInput = z.input<typeof workingWeekInputSchema>;

export interface FieldIssue {
  path: string;
  message: string;
}

const END_TIME_AFTER_START_MESSAGE = "End time must be after start time";

/** Working hours are one span within a day: no overnight shifts. */
export function workingDayIssues(day: { startTime: string; endTime: string }, prefix = ""): FieldIssue[] {
  return day.endTime > day.startTime ? [] : [{ path: `${prefix}endTime`, message: END_TIME_AFTER_START_MESSAGE }];
}

export function workingWeekIssues(days: readonly { dayOfWeek: string; startTime: string; endTime: string }[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  days.forEach((day, i) => {
    if (seen.has(day.dayOfWeek)) issues.push({ path: `days.${i}.dayOfWeek`, message: "Each day may appear only once" });
    seen.add(day.dayOfWeek);
    issues.push(...workingDayIssues(day, `days.${i}.`));
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Time blocks

export const timeBlockTypes = ["personal", "maintenance", "break", "travel", "admin", "other"] as const;
export const timeBlockTypeSchema = z
  .enum(timeBlockTypes)
  .meta({ id: "TimeBlockType", description: "What a time block is for; each type has its colour." });
export type TimeBlockType = z.infer<typeof timeBlockTypeSchema>;

const recurringPatterns = ["daily", "weekdays", "weekly", "monthly"] as const;
export const recurringPatternSchema = z.enum(recurringPatterns).meta({
  id: "RecurringPattern",
  description:
    "How a recurring time block repeats: daily; weekdays (Monday to Friday, on the business time zone's calendar; the block must start on one); weekly; monthly (same day of the month, skipping months without it).",
});
export type RecurringPattern = z.infer<typeof recurringPatternSchema>;

/** docs/product.md "Business constants and limits": the colour of each block type, used when a block names none. */
export const timeBlockColors: Record<TimeBlockType, string> = {
  personal: "#ef4444",
  maintenance: "#f97316",
  break: "#84cc16",
  travel: "#06b6d4",
  admin: "#8b5cf6",
  other: "#6b7280",
};

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const TIME_BLOCK_FIELDS = {
  id: "The time block's id.",
  userId: "The staff member whose time it blocks.",
  title: "What the time is blocked for.",
  description: "More about it (optional).",
  startDateTime: "When the block (its first occurrence) starts: an ISO 8601 instant with an offset.",
  endDateTime: "When the block (its first occurrence) ends: an ISO 8601 instant after startDateTime.",
  blockType: "personal (default), maintenance, break, travel, admin or other.",
  isRecurring: "Whether the block repeats (default false).",
  recurringPattern:
    "daily, weekdays (Monday to Friday), weekly or monthly: required when isRecurring is true; stored as null otherwise. Occurrences keep the first one's wall-clock times in the business time zone across daylight-saving changes.",
  recurrenceEndDate:
    "The last date (yyyy-MM-dd, business time zone) an occurrence may start on, at most two years after the start; blank: two years after the start.",
  color:
    "'#rrggbb'; defaults to the block type's colour (personal #ef4444, maintenance #f97316, break #84cc16, travel #06b6d4, admin #8b5cf6, other #6b7280).",
  createdAt: "When the block was created (ISO 8601).",
  updatedAt: "When the block last changed (ISO 8601).",
} as const;

/** Saving a block over the owner's appointments is a 409 listing them, unless the caller confirms. */
const blockConfirm = z.boolean().optional().meta({
  description:
    'Save even though the block covers some of your appointments ("Save anyway"); default false: such a save answers 409 with `conflicts`.',
});

const timeBlockFields = {
  title: text().trim().min(1, { message: "Title is required", abort: true }).max(200),
  description: text().trim().max(2000).nullish(),
  startDateTime: isoInstant(),
  endDateTime: isoInstant(),
  blockType: timeBlockTypeSchema,
  isRecurring: z.boolean(),
  /** Required when isRecurring is true; ignored (stored as null) otherwise. */
  recurringPattern: recurringPatternSchema.nullish(),
  /**
   * The last date (business zone) an occurrence may start on, at most two years after the block's
   * start date; blank: the server stores the start date plus two years.
   */
  recurrenceEndDate: calendarDate("Recurrence end date is required").nullish(),
  /** '#rrggbb'; defaults to the block type's colour. */
  color: text().trim().regex(COLOR_PATTERN, "Colour must be a hex colour like #ef4444").nullish(),
};

export const timeBlockCreateSchema = z.object(
  described(
    {
      ...timeBlockFields,
      blockType: timeBlockFields.blockType.default("personal"),
      isRecurring: timeBlockFields.isRecurring.default(false),
      confirm: blockConfirm,
    },
    TIME_BLOCK_FIELDS,
  ),
);
export type TimeBlockCreateInput = z.input<typeof timeBlockCreateSchema>;

/** PATCH: any subset; the merged block must still pass `timeBlockIssues`. */
export const timeBlockUpdateSchema = z.object(
  described(
    {
      title: timeBlockFields.title.optional(),
      description: timeBlockFields.description,
      startDateTime: timeBlockFields.startDateTime.optional(),
      endDateTime: timeBlockFields.endDateTime.optional(),
      blockType: timeBlockFields.blockType.optional(),
      isRecurring: timeBlockFields.isRecurring.optional(),
      recurringPattern: timeBlockFields.recurringPattern,
      recurrenceEndDate: timeBlockFields.recurrenceEndDate,
      color: timeBlockFields.color,
      confirm: blockConfirm,
    },
    TIME_BLOCK_FIELDS,
  ),
);

export const timeBlockSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        userId: z.string().uuid(),
        title: z.string(),
        description: z.string().nullable(),
        startDateTime: z.string(),
        endDateTime: z.string(),
        blockType: timeBlockTypeSchema,
        isRecurring: z.boolean(),
        recurringPattern: recurringPatternSchema.nullable(),
        recurrenceEndDate: z.string().nullable(),
        color: z.string(),
        createdAt: z.string(),
        updatedAt: z.string(),
      },
      TIME_BLOCK_FIELDS,
    ),
  )
  .meta({ id: "TimeBlock", description: "A period in which a staff member takes no appointments, once or repeating." });
export type TimeBlock = z.infer<typeof timeBlockSchema>;

export const END_AFTER_START_MESSAGE = "End must be after start";
export const RECURRING_PATTERN_MESSAGE = "Recurring blocks need a pattern: daily, weekdays, weekly or monthly";
export const WEEKDAYS_START_MESSAGE = "A block that repeats on weekdays must start on a weekday (Monday to Friday)";
const RECURRENCE_END_MESSAGE = "Recurrence end date must not be before the start date";
/** How long a recurring block may repeat (ADR 016): its recurrence end date is at most this many years after its start. */
const RECURRENCE_MAX_YEARS = 2;
export const RECURRENCE_SPAN_MESSAGE =
  "A block can repeat for at most two years: choose a recurrence end date within two years of its start";
/** The most time blocks one person can have (ADR 016). */
export const MAX_TIME_BLOCKS_PER_USER = 200;
export const TIME_BLOCK_LIMIT_MESSAGE = `You already have ${MAX_TIME_BLOCKS_PER_USER} time blocks, the most one person can have. Delete blocks you no longer need, or use a recurring block, before adding another.`;

/** The last date a recurring block starting on `startDate` ('yyyy-MM-dd') may repeat on: two years later (29 February: the 28th). */
export function lastRecurrenceDate(startDate: string): string {
  const [year, month, day] = startDate.split("-");
  const date = `${Number(year) + RECURRENCE_MAX_YEARS}-${month}-${day}`;
  return month === "02" && day === "29" ? date.replace(/-29$/, "-28") : date;
}
const ONE_OFF_BLOCK_MAX_DAYS = 366;
const ONE_OFF_LENGTH_MESSAGE = "A time block can last at most a year; split a longer absence into several blocks";
/** The longest occurrence of a recurring block: shorter than the time between two of them. */
const RECURRING_MAX_HOURS: Record<RecurringPattern, number> = { daily: 24, weekdays: 24, weekly: 7 * 24, monthly: 28 * 24 };
const RECURRING_LENGTH_MESSAGES: Record<RecurringPattern, string> = {
  daily: "A daily block must end within 24 hours of its start",
  weekdays: "A weekdays block must end within 24 hours of its start",
  weekly: "A weekly block must end within 7 days of its start",
  monthly: "A monthly block must end within 28 days of its start",
};

/** Saturday or Sunday, of a 'yyyy-MM-dd' (the calendar date itself, no zone involved). */
function isWeekendDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

const isRecurringPattern = (value: string | null | undefined): value is RecurringPattern =>
  (recurringPatterns as readonly string[]).includes(value ?? "");

/**
 * The rules between a block's fields. `startDate` is the block's start as a business-zone date
 * ('yyyy-MM-dd'), which only the server (or a form that knows the zone) can compute.
 */
export function timeBlockIssues(block: {
  startDateTime: string;
  endDateTime: string;
  isRecurring: boolean;
  recurringPattern?: string | null | undefined;
  recurrenceEndDate?: string | null | undefined;
  startDate?: string;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const hours = (Date.parse(block.endDateTime) - Date.parse(block.startDateTime)) / 3_600_000;
  if (!(hours > 0)) issues.push({ path: "endDateTime", message: END_AFTER_START_MESSAGE });
  // Bounded lengths keep every occurrence from overlapping the next, and the work of expanding a
  // block into a window (calendar, availability, conflicts) small.
  else if (block.isRecurring && isRecurringPattern(block.recurringPattern) && hours > RECURRING_MAX_HOURS[block.recurringPattern]) {
    issues.push({ path: "endDateTime", message: RECURRING_LENGTH_MESSAGES[block.recurringPattern] });
  } else if (!block.isRecurring && hours > ONE_OFF_BLOCK_MAX_DAYS * 24) {
    issues.push({ path: "endDateTime", message: ONE_OFF_LENGTH_MESSAGE });
  }
  if (block.isRecurring && !block.recurringPattern) issues.push({ path: "recurringPattern", message: RECURRING_PATTERN_MESSAGE });
  if (block.isRecurring && block.recurringPattern === "weekdays" && block.startDate && isWeekendDate(block.startDate)) {
    issues.push({ path: "startDateTime", message: WEEKDAYS_START_MESSAGE });
  }
  if (block.isRecurring && block.recurrenceEndDate && block.startDate && block.recurrenceEndDate < block.startDate) {
    issues.push({ path: "recurrenceEndDate", message: RECURRENCE_END_MESSAGE });
  } else if (
    block.isRecurring &&
    block.recurrenceEndDate &&
    block.startDate &&
    block.recurrenceEndDate > lastRecurrenceDate(block.startDate)
  ) {
    issues.push({ path: "recurrenceEndDate", message: RECURRENCE_SPAN_MESSAGE });
  }
  return issues;
}
