import {
  RECURRING_PATTERN_MESSAGE,
  RECURRENCE_SPAN_MESSAGE,
  WEEKDAYS_START_MESSAGE,
  END_AFTER_START_MESSAGE,
  lastRecurrenceDate,
  type RecurringPattern,
  type TimeBlock,
  type TimeBlockCreateInput,
  timeBlockColors,
  type TimeBlockType,
  timeBlockTypes,
} from "@crawlguard/validators";
import {
  addDaysToDate,
  formatInZone,
  instantToWallTime,
  parseDateInput,
  parseTimeInput,
  timeInputOf,
  wallTimeToIso,
} from "../../lib/business-time";
import type { FieldErrors } from "../../lib/form-errors";

/** The Add/Edit Time Block dialog's fields (docs/product.md "Screens and routes"): wall-clock dates and times in the business zone. */
export type TimeBlockValues = {
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  blockType: TimeBlockType;
  isRecurring: boolean;
  recurringPattern: RecurringPattern;
  recurrenceEndDate: string;
  color: string;
};

export type TimeBlockField = keyof TimeBlockValues;

export const blockTypeLabels: Record<TimeBlockType, string> = {
  personal: "Personal",
  maintenance: "Maintenance",
  break: "Break",
  travel: "Travel",
  admin: "Admin",
  other: "Other",
};

export const blockTypeOptions = timeBlockTypes.map((type) => ({ value: type, label: blockTypeLabels[type] }));

export const patternOptions: ReadonlyArray<{ value: RecurringPattern; label: string }> = [
  { value: "daily", label: "Daily" },
  { value: "weekdays", label: "Weekdays (Mon–Fri)" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];

/**
 * A new block (docs/product.md "States and transitions"): one hour long, from the next whole hour in the business zone
 * (or at `start`, a calendar slot), type personal in its colour, pattern weekly when it repeats.
 */
export function newTimeBlock(zone: string, now: number = Date.now(), start?: { date: string; time: string }): TimeBlockValues {
  let date: string;
  let minutes: number;
  if (start) {
    date = start.date;
    minutes = parseTimeInput(start.time) ?? 9 * 60;
  } else {
    const wall = instantToWallTime(now, zone);
    date = wall.date;
    minutes = (Math.floor((parseTimeInput(wall.time) ?? 0) / 60) + 1) * 60;
  }
  if (minutes >= 24 * 60) {
    date = addDaysToDate(date, 1);
    minutes -= 24 * 60;
  }
  const endMinutes = minutes + 60;
  return {
    title: "",
    description: "",
    startDate: date,
    startTime: timeInputOf(minutes),
    endDate: endMinutes >= 24 * 60 ? addDaysToDate(date, 1) : date,
    endTime: timeInputOf(endMinutes % (24 * 60)),
    blockType: "personal",
    isRecurring: false,
    recurringPattern: "weekly",
    recurrenceEndDate: "",
    color: timeBlockColors.personal,
  };
}

/** Years a start date moves the end for: a date input passes through years like 0002 and 0202 while one types 2026. */
const PLAUSIBLE_YEARS = { from: 1900, to: 2199 } as const;

/** Wall-clock minutes since 1970 of a date and time as typed (no zone: wall arithmetic), or null. */
function wallMinutes(date: string, time: string): number | null {
  const day = parseDateInput(date);
  const minutes = parseTimeInput(time);
  if (!day || minutes === null || day.year < PLAUSIBLE_YEARS.from || day.year > PLAUSIBLE_YEARS.to) return null;
  return Date.UTC(day.year, day.month - 1, day.day) / 60_000 + minutes;
}

function fromWallMinutes(total: number): { date: string; time: string } {
  const at = new Date(total * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
    time: timeInputOf(at.getUTCHours() * 60 + at.getUTCMinutes()),
  };
}

/** The block's length in wall-clock minutes, or null while either end is incomplete or the end is not after the start. */
export function blockLength(values: Pick<TimeBlockValues, "startDate" | "startTime" | "endDate" | "endTime">): number | null {
  const start = wallMinutes(values.startDate, values.startTime);
  const end = wallMinutes(values.endDate, values.endTime);
  return start === null || end === null || end <= start ? null : end - start;
}

/** A block's length when it has none to keep (its end was not after its start): a new block's hour. */
const DEFAULT_BLOCK_MINUTES = 60;

/**
 * A new start date or time; the end moves with it and the block keeps its length (as calendar
 * apps do), so a start never lands after its end. `length` is the length the block had before
 * this start was entered (the dialog keeps it while the end is back to front or a field is
 * cleared); without it, the current values' length. With no length at all, the end stays unless
 * the start reaches it, and then it follows an hour later. While the new start is incomplete,
 * only the field changes.
 */
export function withStart(
  values: TimeBlockValues,
  field: "startDate" | "startTime",
  value: string,
  length: number | null = blockLength(values),
): TimeBlockValues {
  const next = { ...values, [field]: value };
  const newStart = wallMinutes(next.startDate, next.startTime);
  if (newStart === null) return next;
  let kept = length !== null && length > 0 ? length : null;
  if (kept === null) {
    const end = wallMinutes(next.endDate, next.endTime);
    if (end !== null && end > newStart) return next;
    kept = DEFAULT_BLOCK_MINUTES;
  }
  const end = fromWallMinutes(newStart + kept);
  return { ...next, endDate: end.date, endTime: end.time };
}

/** An existing block's values, in the business zone. */
export function timeBlockValues(block: TimeBlock, zone: string): TimeBlockValues {
  const start = instantToWallTime(block.startDateTime, zone);
  const end = instantToWallTime(block.endDateTime, zone);
  return {
    title: block.title,
    description: block.description ?? "",
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    blockType: block.blockType,
    isRecurring: block.isRecurring,
    recurringPattern: block.recurringPattern ?? "weekly",
    recurrenceEndDate: block.recurrenceEndDate ?? "",
    color: block.color,
  };
}

/** Changing the type moves the colour along, unless someone picked their own. */
export function withBlockType(values: TimeBlockValues, blockType: TimeBlockType): TimeBlockValues {
  const colorFollowsType = values.color.toLowerCase() === timeBlockColors[values.blockType];
  return { ...values, blockType, color: colorFollowsType ? timeBlockColors[blockType] : values.color };
}

/** What POST /api/time-blocks takes (PATCH takes the same, every field). */
export function timeBlockInput(values: TimeBlockValues, zone: string): TimeBlockCreateInput {
  return {
    title: values.title,
    description: values.description,
    startDateTime: wallTimeToIso(values.startDate, values.startTime, zone) ?? "",
    endDateTime: wallTimeToIso(values.endDate, values.endTime, zone) ?? "",
    blockType: values.blockType,
    isRecurring: values.isRecurring,
    recurringPattern: values.isRecurring ? values.recurringPattern : null,
    recurrenceEndDate: values.isRecurring && values.recurrenceEndDate ? values.recurrenceEndDate : null,
    color: values.color,
  };
}

/** The latest "Repeat until" date for a start date (two years on), or undefined while the start is not a date. */
export function latestRepeatUntil(startDate: string): string | undefined {
  return parseDateInput(startDate) ? lastRecurrenceDate(startDate) : undefined;
}

/** docs/product.md "Validation rules": title, start and end required; then the shared rules between fields. */
export function validateTimeBlock(values: TimeBlockValues, zone: string): FieldErrors<TimeBlockField> {
  const errors: FieldErrors<TimeBlockField> = {};
  if (!values.title.trim()) errors.title = "Title is required";
  if (!parseDateInput(values.startDate)) errors.startDate = "Start date is required";
  if (parseTimeInput(values.startTime) === null) errors.startTime = "Start time is required";
  if (!parseDateInput(values.endDate)) errors.endDate = "End date is required";
  if (parseTimeInput(values.endTime) === null) errors.endTime = "End time is required";
  if (!errors.startDate && !errors.startTime && !errors.endDate && !errors.endTime) {
    const input = timeBlockInput(values, zone);
    // Under the field that is wrong: the end date when it is before the start date, else the end time.
    if (!(Date.parse(input.endDateTime) > Date.parse(input.startDateTime))) {
      if (values.endDate.trim() < values.startDate.trim()) errors.endDate = END_AFTER_START_MESSAGE;
      else errors.endTime = END_AFTER_START_MESSAGE;
    }
  }
  // A weekdays block starts Monday to Friday (the server says so too).
  const start = errors.startDate ? null : parseDateInput(values.startDate);
  if (values.isRecurring && values.recurringPattern === "weekdays" && start) {
    const weekday = new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay();
    if (weekday === 0 || weekday === 6) errors.startDate = WEEKDAYS_START_MESSAGE;
  }
  if (values.isRecurring && !values.recurringPattern) errors.recurringPattern = RECURRING_PATTERN_MESSAGE;
  if (values.isRecurring && values.recurrenceEndDate && values.recurrenceEndDate < values.startDate) {
    errors.recurrenceEndDate = "Recurrence end date must not be before the start date";
  } else if (
    values.isRecurring &&
    values.recurrenceEndDate &&
    parseDateInput(values.startDate) &&
    values.recurrenceEndDate > lastRecurrenceDate(values.startDate)
  ) {
    errors.recurrenceEndDate = RECURRENCE_SPAN_MESSAGE;
  }
  return errors;
}

/** "Mar 10, 2026, 9:00 AM – 10:00 AM", or both dates when the block ends on another day. */
export function timeBlockSpan(block: Pick<TimeBlock, "startDateTime" | "endDateTime">, zone: string): string {
  const startDay = formatInZone(block.startDateTime, "MMM d, yyyy", zone);
  const endDay = formatInZone(block.endDateTime, "MMM d, yyyy", zone);
  const startTime = formatInZone(block.startDateTime, "h:mm a", zone);
  const endTime = formatInZone(block.endDateTime, "h:mm a", zone);
  return startDay === endDay ? `${startDay}, ${startTime} – ${endTime}` : `${startDay}, ${startTime} – ${endDay}, ${endTime}`;
}

function untilText(recurrenceEndDate: string | null): string {
  const until = recurrenceEndDate ? parseDateInput(recurrenceEndDate) : null;
  return until ? ` until ${formatInZone(Date.UTC(until.year, until.month - 1, until.day, 12), "MMM d, yyyy", "UTC")}` : "";
}

/**
 * A recurring block by its weekday and time, in the business zone: "Every weekday
 * (Mon–Fri), 12:00 PM – 1:00 PM", "Every Tuesday, 9:00 AM – 10:00 AM", "Every day, …", "Monthly
 * on the 10th, …"; then from when, and until when: "From Mar 10, 2026 until Apr 1, 2026".
 * Null for a one-off block.
 */
export function recurringSchedule(
  block: Pick<TimeBlock, "isRecurring" | "recurringPattern" | "recurrenceEndDate" | "startDateTime" | "endDateTime">,
  zone: string,
): { when: string; span: string } | null {
  if (!block.isRecurring || !block.recurringPattern) return null;
  const startTime = formatInZone(block.startDateTime, "h:mm a", zone);
  const endTime = formatInZone(block.endDateTime, "h:mm a", zone);
  const nextDay = formatInZone(block.endDateTime, "yyyy-MM-dd", zone) !== formatInZone(block.startDateTime, "yyyy-MM-dd", zone);
  const pattern = block.recurringPattern;
  const days: Record<RecurringPattern, string> = {
    daily: "Every day",
    weekdays: "Every weekday (Mon–Fri)",
    weekly: `Every ${formatInZone(block.startDateTime, "EEEE", zone)}`,
    monthly: `Monthly on the ${formatInZone(block.startDateTime, "do", zone)}`,
  };
  // An occurrence that ends on a later day: "next day" for a daily one, the day for the others.
  let end = endTime;
  if (nextDay) {
    if (pattern === "weekly") end = `${formatInZone(block.endDateTime, "EEEE", zone)} ${endTime}`;
    else if (pattern === "monthly") end = `the ${formatInZone(block.endDateTime, "do", zone)} ${endTime}`;
    else end = `${endTime} next day`;
  }
  return {
    when: `${days[pattern]}, ${startTime} – ${end}`,
    span: `From ${formatInZone(block.startDateTime, "MMM d, yyyy", zone)}${untilText(block.recurrenceEndDate)}`,
  };
}

/** By start, then title (docs/product.md: Blocked Time Periods sorted by start). */
export function sortByStart<T extends Pick<TimeBlock, "startDateTime" | "title">>(blocks: readonly T[]): T[] {
  return [...blocks].sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime) || a.title.localeCompare(b.title));
}
