import { describe, expect, it } from "vitest";
import { combineScheduled, formatScheduled, formatTimeOfDay, splitScheduled, todayInputValue } from "./lead-schedule";

const NY = "America/New_York";

describe("combineScheduled", () => {
  it("reads the date and time in the business time zone", () => {
    expect(combineScheduled("2025-06-14", "14:30", NY)).toBe("2025-06-14T18:30:00.000Z");
    expect(combineScheduled("2025-12-14", "14:30", NY)).toBe("2025-12-14T19:30:00.000Z");
  });

  it("means 09:00 when only a date is given", () => {
    expect(combineScheduled("2025-06-14", "", NY)).toBe("2025-06-14T13:00:00.000Z");
  });

  it("drops a time without a date", () => {
    expect(combineScheduled("", "14:30", NY)).toBeNull();
    expect(combineScheduled("", "", NY)).toBeNull();
  });

  it("refuses dates and times that do not exist", () => {
    expect(combineScheduled("2025-02-31", "10:00", NY)).toBeNull();
    expect(combineScheduled("2025-06-14", "25:00", NY)).toBeNull();
    expect(combineScheduled("06/14/2025", "10:00", NY)).toBeNull();
  });
});

describe("splitScheduled", () => {
  it("gives back the business zone's date and time inputs", () => {
    expect(splitScheduled("2025-12-03T13:05:00.000Z", NY)).toEqual({ date: "2025-12-03", time: "08:05" });
  });

  it("is blank when not scheduled", () => {
    expect(splitScheduled(null, NY)).toEqual({ date: "", time: "" });
    expect(splitScheduled("not a date", NY)).toEqual({ date: "", time: "" });
  });

  it("round-trips with combineScheduled", () => {
    const iso = combineScheduled("2026-01-09", "17:30", NY);
    expect(iso).not.toBeNull();
    expect(splitScheduled(iso, NY)).toEqual({ date: "2026-01-09", time: "17:30" });
  });
});

describe("formatting", () => {
  it("uses the docs/product.md formats in the business zone", () => {
    expect(formatScheduled("2025-06-04T17:00:00.000Z", NY)).toEqual({ date: "Jun 4, 2025", time: "1:00 PM" });
    expect(formatScheduled("nope", NY)).toBeNull();
    expect(formatTimeOfDay("08:30")).toBe("8:30 AM");
    expect(formatTimeOfDay("00:15")).toBe("12:15 AM");
    expect(formatTimeOfDay("12:00")).toBe("12:00 PM");
    expect(formatTimeOfDay("18:00")).toBe("6:00 PM");
  });

  it("knows today in the business zone", () => {
    expect(todayInputValue(NY, Date.parse("2026-01-02T03:00:00Z"))).toBe("2026-01-01");
  });
});
