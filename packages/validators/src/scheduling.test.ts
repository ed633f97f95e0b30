import { describe, expect, it } from "vitest";
import {
  bookingIssues,
  bookingRequestSchema,
  CALENDAR_DATE_PATTERN,
  calendarAppointmentRequestSchema,
  calendarRangeQuerySchema,
  timeBlockCreateSchema,
  timeBlockIssues,
  workingDayInputSchema,
  workingWeekIssues,
} from "./index.js";

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("calendar dates", () => {
  it("match exactly the real dates of 2000–2099", () => {
    let matched = 0;
    const wrong: string[] = [];
    for (let day = Date.UTC(1999, 11, 25); day <= Date.UTC(2100, 0, 5); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const inRange = iso >= "2000-01-01" && iso <= "2099-12-31";
      if (CALENDAR_DATE_PATTERN.test(iso) !== inRange) wrong.push(iso);
      if (inRange) matched++;
    }
    expect(wrong).toEqual([]);
    expect(matched).toBe(36_525);
    for (const bad of ["2026-02-29", "2100-02-29", "2026-04-31", "2026-00-10", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00"]) {
      expect(CALENDAR_DATE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe("working hours", () => {
  it("takes HH:MM times and says when one is missing or malformed", () => {
    expect(workingDayInputSchema.parse({ startTime: "08:30", endTime: "16:00" })).toEqual({
      startTime: "08:30",
      endTime: "16:00",
      isActive: true,
    });
    expect(messages(workingDayInputSchema.safeParse({ startTime: "", endTime: "24:00" }))).toEqual({
      startTime: "Start time is required",
      endTime: "Time must be HH:MM, from 00:00 to 23:59",
    });
  });
  it("wants each day once and its end after its start", () => {
    expect(
      workingWeekIssues([
        { dayOfWeek: "1", startTime: "09:00", endTime: "17:00" },
        { dayOfWeek: "1", startTime: "09:00", endTime: "09:00" },
      ]),
    ).toEqual([
      { path: "days.1.dayOfWeek", message: "Each day may appear only once" },
      { path: "days.1.endTime", message: "End time must be after start time" },
    ]);
  });
});

describe("time blocks", () => {
  const block = { title: "Lunch", startDateTime: "2026-05-05T16:00:00Z", endDateTime: "2026-05-05T17:00:00Z" };
  it("defaults to a one-off personal block", () => {
    expect(timeBlockCreateSchema.parse(block)).toMatchObject({ blockType: "personal", isRecurring: false });
  });
  it("checks the colour, the type and the title", () => {
    expect(messages(timeBlockCreateSchema.safeParse({ ...block, title: " ", color: "red", blockType: "nap" }))).toEqual({
      title: "Title is required",
      color: "Colour must be a hex colour like #ef4444",
      blockType: expect.any(String),
    });
  });
  it("wants the end after the start and a pattern for a recurring block", () => {
    expect(timeBlockIssues({ ...block, endDateTime: block.startDateTime, isRecurring: true })).toEqual([
      { path: "endDateTime", message: "End must be after start" },
      { path: "recurringPattern", message: "Recurring blocks need a pattern: daily, weekdays, weekly or monthly" },
    ]);
    expect(
      timeBlockIssues({
        ...block,
        isRecurring: true,
        recurringPattern: "weekly",
        recurrenceEndDate: "2026-05-04",
        startDate: "2026-05-05",
      }),
    ).toEqual([{ path: "recurrenceEndDate", message: "Recurrence end date must not be before the start date" }]);
  });
  it("accepts a weekdays pattern starting Monday to Friday, and refuses one starting on a weekend", () => {
    expect(timeBlockCreateSchema.parse({ ...block, isRecurring: true, recurringPattern: "weekdays" })).toMatchObject({
      recurringPattern: "weekdays",
    });
    const weekdays = { ...block, isRecurring: true, recurringPattern: "weekdays" };
    // 2026-05-05 is a Tuesday, 2026-05-08 a Friday, 2026-05-09 a Saturday, 2026-05-10 a Sunday.
    expect(timeBlockIssues({ ...weekdays, startDate: "2026-05-05" })).toEqual([]);
    expect(timeBlockIssues({ ...weekdays, startDate: "2026-05-08" })).toEqual([]);
    for (const startDate of ["2026-05-09", "2026-05-10"]) {
      expect(timeBlockIssues({ ...weekdays, startDate })).toEqual([
        { path: "startDateTime", message: "A block that repeats on weekdays must start on a weekday (Monday to Friday)" },
      ]);
    }
    // Only a weekdays block cares; a weekly one may start on a Saturday.
    expect(timeBlockIssues({ ...weekdays, recurringPattern: "weekly", startDate: "2026-05-09" })).toEqual([]);
    const long = { ...weekdays, endDateTime: "2026-05-06T16:00:01Z", startDate: "2026-05-05" };
    expect(timeBlockIssues(long)).toEqual([{ path: "endDateTime", message: "A weekdays block must end within 24 hours of its start" }]);
  });
  it("keeps a recurring occurrence shorter than its repeat and a one-off block within a year", () => {
    const at = (iso: string, hours: number) => ({
      startDateTime: iso,
      endDateTime: new Date(Date.parse(iso) + hours * 3_600_000).toISOString(),
    });
    const start = "2026-05-05T13:00:00.000Z";
    expect(timeBlockIssues({ ...at(start, 24), isRecurring: true, recurringPattern: "daily" })).toEqual([]);
    expect(timeBlockIssues({ ...at(start, 25), isRecurring: true, recurringPattern: "daily" })).toEqual([
      { path: "endDateTime", message: "A daily block must end within 24 hours of its start" },
    ]);
    expect(timeBlockIssues({ ...at(start, 7 * 24 + 1), isRecurring: true, recurringPattern: "weekly" })).toEqual([
      { path: "endDateTime", message: "A weekly block must end within 7 days of its start" },
    ]);
    expect(timeBlockIssues({ ...at(start, 28 * 24), isRecurring: true, recurringPattern: "monthly" })).toEqual([]);
    expect(timeBlockIssues({ ...at(start, 29 * 24), isRecurring: true, recurringPattern: "monthly" })).toEqual([
      { path: "endDateTime", message: "A monthly block must end within 28 days of its start" },
    ]);
    // A two-week vacation is fine; a block over 366 days is not.
    expect(timeBlockIssues({ ...at(start, 14 * 24), isRecurring: false })).toEqual([]);
    expect(timeBlockIssues({ ...at(start, 367 * 24), isRecurring: false })[0]?.path).toBe("endDateTime");
  });
});

describe('booking (docs/product.md "Validation rules")', () => {
  it("uses the Book appointment dialog's messages", () => {
    const r = bookingRequestSchema.safeParse({
      clientName: "",
      email: "nope",
      phone: "",
      address: "",
      service: "",
      appointmentDate: "",
      appointmentTime: "",
    });
    expect(messages(r)).toEqual({
      clientName: "Client name is required",
      email: "Valid email is required",
      phone: "Phone number is required",
      address: "Address is required",
      service: "Service is required",
      appointmentDate: "Appointment date is required",
      appointmentTime: "Appointment time is required",
    });
  });
  it("checks both booking calls with one rule set: the phone needs 10 digits on each", () => {
    expect(calendarAppointmentRequestSchema).toBe(bookingRequestSchema);
    for (const phone of ["123", "828-555-01", "(828) 555-014"]) {
      expect(messages(bookingRequestSchema.safeParse({ phone, appointmentDate: "2026-05-05", appointmentTime: "09:00" }))).toEqual({
        phone: "Phone number must be at least 10 digits",
      });
    }
    expect(
      bookingRequestSchema.safeParse({ phone: "(828) 555-0147", appointmentDate: "2026-05-05", appointmentTime: "09:00" }).success,
    ).toBe(true);
  });
  it("names a short phone and a blank date and time", () => {
    const r = calendarAppointmentRequestSchema.safeParse({
      clientName: "Jo",
      email: "jo@example.com",
      phone: "828-555-01",
      address: "1 Oak St",
      service: "consultation",
      appointmentDate: "",
      appointmentTime: "",
    });
    expect(messages(r)).toEqual({
      phone: "Phone number must be at least 10 digits",
      appointmentDate: "Appointment date is required",
      appointmentTime: "Appointment time is required",
    });
  });
  it("defaults to 60 minutes, unconfirmed, and allows only the docs/product.md durations", () => {
    const ok = bookingRequestSchema.parse({ leadId: "", appointmentDate: "2026-05-05", appointmentTime: "09:00" });
    expect(ok).toMatchObject({ durationMinutes: 60, confirm: false });
    expect(
      messages(bookingRequestSchema.safeParse({ appointmentDate: "2026-05-05", appointmentTime: "09:00", durationMinutes: 45 })),
    ).toEqual({
      durationMinutes: "Duration must be 30, 60, 90, 120 or 180 minutes",
    });
  });
  it("requires the client fields for a new client only", () => {
    expect(bookingIssues({ clientName: "Jo" }).map((i) => i.path)).toEqual(["email", "phone", "address", "service"]);
    expect(bookingIssues({ leadId: "7f1c1d0e-8d7b-4b5e-9a57-1f0f7d7e0a11" })).toEqual([]);
  });
});

describe("calendar range", () => {
  it("defaults to my calendar", () => {
    expect(calendarRangeQuerySchema.parse({ start: "2026-05-01T04:00:00Z", end: "2026-06-01T04:00:00Z" }).scope).toBe("mine");
  });
});
