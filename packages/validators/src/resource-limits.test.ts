import { describe, expect, it } from "vitest";
import { galleryUploadRequestSchema, lastRecurrenceDate, RECURRENCE_SPAN_MESSAGE, timeBlockIssues } from "./index.js";

describe("a recurring block's span (ADR 016)", () => {
  it("ends at most two years after its start date, 29 February included", () => {
    expect(lastRecurrenceDate("2026-07-14")).toBe("2028-07-14");
    expect(lastRecurrenceDate("2028-02-29")).toBe("2030-02-28");
    expect(lastRecurrenceDate("2027-12-31")).toBe("2029-12-31");
  });

  it("refuses an end date past the two years, and only for recurring blocks", () => {
    const block = { startDateTime: "2026-07-14T16:00:00Z", endDateTime: "2026-07-14T17:00:00Z", startDate: "2026-07-14" };
    const weekly = { ...block, isRecurring: true, recurringPattern: "weekly" };
    expect(timeBlockIssues({ ...weekly, recurrenceEndDate: "2028-07-14" })).toEqual([]);
    expect(timeBlockIssues({ ...weekly, recurrenceEndDate: "2028-07-15" })).toEqual([
      { path: "recurrenceEndDate", message: RECURRENCE_SPAN_MESSAGE },
    ]);
    expect(timeBlockIssues({ ...weekly, recurrenceEndDate: null })).toEqual([]);
    expect(timeBlockIssues({ ...block, isRecurring: false, recurrenceEndDate: "2099-01-01" })).toEqual([]);
  });
});

describe("an upload request (ADR 016)", () => {
  it("takes the file's size as a whole number of bytes, at least one, or none at all", () => {
    for (const input of [{ size: 1234, fileName: "a.jpg" }, {}, { fileName: "a.jpg" }]) {
      expect(galleryUploadRequestSchema.safeParse(input).success, JSON.stringify(input)).toBe(true);
    }
    for (const input of [{ size: 0 }, { size: -1 }, { size: 1.5 }, { size: "1234" }]) {
      expect(galleryUploadRequestSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
