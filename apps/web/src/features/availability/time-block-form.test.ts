import { END_AFTER_START_MESSAGE, type TimeBlock } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import {
  latestRepeatUntil,
  newTimeBlock,
  recurringSchedule,
  sortByStart,
  timeBlockInput,
  timeBlockSpan,
  timeBlockValues,
  validateTimeBlock,
  withBlockType,
  withStart,
  blockLength,
} from "./time-block-form";

const NY = "America/New_York";

const block = (overrides: Partial<TimeBlock> = {}): TimeBlock => ({
  id: "00000000-0000-4000-8000-000000000001",
  userId: "00000000-0000-4000-8000-000000000002",
  title: "Lunch",
  description: null,
  startDateTime: "2026-03-10T16:00:00.000Z",
  endDateTime: "2026-03-10T17:00:00.000Z",
  blockType: "break",
  isRecurring: true,
  recurringPattern: "daily",
  recurrenceEndDate: "2026-04-01",
  color: "#84cc16",
  createdAt: "2026-03-01T00:00:00.000Z",
  updatedAt: "2026-03-01T00:00:00.000Z",
  ...overrides,
});

describe("a new time block", () => {
  it("is one hour from the next whole hour in the business zone, personal, weekly when it repeats", () => {
    // 14:20 in Asheville (EDT).
    expect(newTimeBlock(NY, Date.parse("2026-06-01T18:20:00Z"))).toMatchObject({
      startDate: "2026-06-01",
      startTime: "15:00",
      endDate: "2026-06-01",
      endTime: "16:00",
      blockType: "personal",
      color: "#ef4444",
      isRecurring: false,
      recurringPattern: "weekly",
    });
  });

  it("crosses midnight when it must", () => {
    expect(newTimeBlock(NY, Date.parse("2026-06-02T02:30:00Z"))).toMatchObject({
      startDate: "2026-06-01",
      startTime: "23:00",
      endDate: "2026-06-02",
      endTime: "00:00",
    });
  });

  it("starts at a calendar slot when given one", () => {
    expect(newTimeBlock(NY, Date.now(), { date: "2026-07-04", time: "13:00" })).toMatchObject({
      startDate: "2026-07-04",
      startTime: "13:00",
      endTime: "14:00",
    });
  });
});

describe("editing", () => {
  it("reads a block's wall times in the business zone and sends instants back", () => {
    const values = timeBlockValues(block(), NY);
    expect(values).toMatchObject({
      startDate: "2026-03-10",
      startTime: "12:00",
      endTime: "13:00",
      recurringPattern: "daily",
      recurrenceEndDate: "2026-04-01",
    });
    expect(timeBlockInput(values, NY)).toMatchObject({
      startDateTime: "2026-03-10T16:00:00.000Z",
      endDateTime: "2026-03-10T17:00:00.000Z",
      recurringPattern: "daily",
      recurrenceEndDate: "2026-04-01",
    });
    expect(timeBlockInput({ ...values, isRecurring: false }, NY)).toMatchObject({ recurringPattern: null, recurrenceEndDate: null });
  });

  it("moves the colour with the type unless it was picked", () => {
    const values = newTimeBlock(NY);
    expect(withBlockType(values, "travel").color).toBe("#06b6d4");
    expect(withBlockType({ ...values, color: "#123456" }, "travel").color).toBe("#123456");
  });

  it("validates: title, start and end required, the end after the start", () => {
    const values = { ...newTimeBlock(NY, Date.parse("2026-06-01T18:20:00Z")), title: " " };
    expect(validateTimeBlock({ ...values, startTime: "", endDate: "" }, NY)).toEqual({
      title: "Title is required",
      startTime: "Start time is required",
      endDate: "End date is required",
    });
    expect(validateTimeBlock({ ...values, title: "Gym", endTime: "15:00" }, NY)).toEqual({ endTime: "End must be after start" });
    expect(validateTimeBlock({ ...values, title: "Gym", isRecurring: true, recurrenceEndDate: "2026-05-01" }, NY)).toEqual({
      recurrenceEndDate: "Recurrence end date must not be before the start date",
    });
    // A block repeats for at most two years: 2026-06-01 may repeat until 2028-06-01.
    const recurring = { ...values, title: "Gym", isRecurring: true };
    expect(validateTimeBlock({ ...recurring, recurrenceEndDate: "2028-06-01" }, NY)).toEqual({});
    expect(validateTimeBlock({ ...recurring, recurrenceEndDate: "2028-06-02" }, NY)).toEqual({
      recurrenceEndDate: "A block can repeat for at most two years: choose a recurrence end date within two years of its start",
    });
    // Weekdays: a Saturday start is refused under the start date; a Monday one is fine (2026-06-01).
    expect(validateTimeBlock({ ...recurring, recurringPattern: "weekdays", startDate: "2026-05-30", endDate: "2026-05-30" }, NY)).toEqual({
      startDate: "A block that repeats on weekdays must start on a weekday (Monday to Friday)",
    });
    expect(validateTimeBlock({ ...recurring, recurringPattern: "weekdays" }, NY)).toEqual({});
    expect(latestRepeatUntil("2028-02-29")).toBe("2030-02-28");
    expect(latestRepeatUntil("")).toBeUndefined();
  });
});

describe("the list", () => {
  it("shows spans and patterns in words, sorted by start", () => {
    expect(timeBlockSpan(block(), NY)).toBe("Mar 10, 2026, 12:00 PM – 1:00 PM");
    expect(timeBlockSpan(block({ endDateTime: "2026-03-12T17:00:00.000Z" }), NY)).toBe("Mar 10, 2026, 12:00 PM – Mar 12, 2026, 1:00 PM");
    // A recurring block by its weekday and time; 2026-03-10 is a Tuesday.
    expect(recurringSchedule(block(), NY)).toEqual({ when: "Every day, 12:00 PM – 1:00 PM", span: "From Mar 10, 2026 until Apr 1, 2026" });
    expect(recurringSchedule(block({ recurringPattern: "weekdays", recurrenceEndDate: null }), NY)).toEqual({
      when: "Every weekday (Mon–Fri), 12:00 PM – 1:00 PM",
      span: "From Mar 10, 2026",
    });
    expect(recurringSchedule(block({ recurringPattern: "weekly" }), NY)?.when).toBe("Every Tuesday, 12:00 PM – 1:00 PM");
    expect(recurringSchedule(block({ recurringPattern: "monthly" }), NY)?.when).toBe("Monthly on the 10th, 12:00 PM – 1:00 PM");
    // Overnight: 11:00 PM to 1:00 AM.
    const night = { startDateTime: "2026-03-11T03:00:00.000Z", endDateTime: "2026-03-11T05:00:00.000Z" };
    expect(recurringSchedule(block({ ...night, recurringPattern: "weekdays" }), NY)?.when).toBe(
      "Every weekday (Mon–Fri), 11:00 PM – 1:00 AM next day",
    );
    expect(recurringSchedule(block({ ...night, recurringPattern: "weekly" }), NY)?.when).toBe(
      "Every Tuesday, 11:00 PM – Wednesday 1:00 AM",
    );
    expect(recurringSchedule(block({ isRecurring: false }), NY)).toBeNull();
    const later = block({ id: "b", title: "B", startDateTime: "2026-03-11T16:00:00.000Z" });
    const earlier = block({ id: "a", title: "A", startDateTime: "2026-03-09T16:00:00.000Z" });
    expect(sortByStart([later, block(), earlier]).map((b) => b.title)).toEqual(["A", "Lunch", "B"]);
  });
});

describe("withStart", () => {
  const base = {
    ...newTimeBlock("America/New_York", Date.UTC(2027, 2, 1, 15)),
    startDate: "2027-03-01",
    startTime: "10:00",
    endDate: "2027-03-01",
    endTime: "11:30",
  };
  it("moves the end with the start, keeping the length", () => {
    expect(withStart(base, "startTime", "12:00")).toMatchObject({ startTime: "12:00", endDate: "2027-03-01", endTime: "13:30" });
    expect(withStart(base, "startTime", "23:00")).toMatchObject({ endDate: "2027-03-02", endTime: "00:30" });
    expect(withStart(base, "startDate", "2027-02-28")).toMatchObject({ startDate: "2027-02-28", endDate: "2027-02-28", endTime: "11:30" });
  });
  it("changes only the field while the input is incomplete", () => {
    expect(withStart(base, "startTime", "")).toMatchObject({ startTime: "", endTime: "11:30" });
  });
  it("never leaves the end before a typed start: with no length to keep, the end follows an hour after the start", () => {
    const backToFront = { ...base, endTime: "09:00" };
    expect(withStart(backToFront, "startTime", "12:00")).toMatchObject({ startTime: "12:00", endDate: "2027-03-01", endTime: "13:00" });
    expect(withStart(backToFront, "startTime", "08:00")).toMatchObject({ startTime: "08:00", endTime: "09:00" });
    expect(withStart({ ...base, endDate: "", endTime: "" }, "startTime", "12:00")).toMatchObject({
      endDate: "2027-03-01",
      endTime: "13:00",
    });
    // With the length the block had before it went back to front, the end keeps it.
    expect(withStart(backToFront, "startTime", "12:00", 90)).toMatchObject({ endTime: "13:30" });
  });
  it("gives the typed start date the same end as a picked one (12032026 once made the end 3850)", () => {
    // What a date input reports while one types 12, 03, 2026 over 2027-03-01: the year goes 0002, 0020, 0202, 2026.
    const typed = ["2027-12-01", "2027-12-03", "0002-12-03", "0020-12-03", "0202-12-03", "2026-12-03"];
    const length = blockLength(base);
    expect(length).toBe(90);
    const afterTyping = typed.reduce((values, date) => withStart(values, "startDate", date, length), base);
    const picked = withStart(base, "startDate", "2026-12-03", length);
    expect(afterTyping).toEqual(picked);
    expect(afterTyping).toMatchObject({ startDate: "2026-12-03", endDate: "2026-12-03", startTime: "10:00", endTime: "11:30" });
  });
  it("keeps the length across a cleared start time, so a retyped start moves the end too", () => {
    const length = blockLength(base);
    const cleared = withStart(base, "startTime", "", length);
    expect(cleared).toMatchObject({ startTime: "", endTime: "11:30" });
    expect(withStart(cleared, "startTime", "14:15", length)).toMatchObject({ startTime: "14:15", endDate: "2027-03-01", endTime: "15:45" });
  });
  it("has no length while an end is missing or not after the start", () => {
    expect(blockLength({ ...base, endTime: "" })).toBeNull();
    expect(blockLength({ ...base, endTime: "10:00" })).toBeNull();
    expect(blockLength({ ...base, startDate: "0202-03-01" })).toBeNull();
  });
});

describe("validateTimeBlock: the end before the start", () => {
  const base = { ...newTimeBlock(NY, Date.UTC(2027, 2, 1, 15)), title: "Lunch", startDate: "2027-03-10", startTime: "10:00" };
  it("is said under End date when the end date is before the start date, else under End time", () => {
    expect(validateTimeBlock({ ...base, endDate: "2027-03-09", endTime: "11:00" }, NY)).toMatchObject({ endDate: END_AFTER_START_MESSAGE });
    expect(validateTimeBlock({ ...base, endDate: "2027-03-09", endTime: "11:00" }, NY).endTime).toBeUndefined();
    expect(validateTimeBlock({ ...base, endDate: "2027-03-10", endTime: "09:00" }, NY)).toMatchObject({ endTime: END_AFTER_START_MESSAGE });
  });
});
