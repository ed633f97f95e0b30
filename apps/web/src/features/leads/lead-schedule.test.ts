import { describe, expect, it } from "vitest";
import { combineScheduled, formatScheduled, formatTimeOfDay, splitScheduled } from "./lead-schedule";

describe("combineScheduled", () => {
  it("reads the date and time as local time", () => {
    expect(combineScheduled("2025-06-14", "14:30")).toBe(new Date(2025, 5, 14, 14, 30).toISOString());
  });

  it("means 09:00 when only a date is given", () => {
    expect(combineScheduled("2025-06-14", "")).toBe(new Date(2025, 5, 14, 9, 0).toISOString());
  });

  it("drops a time without a date", () => {
    expect(combineScheduled("", "14:30")).toBeNull();
    expect(combineScheduled("", "")).toBeNull();
  });

  it("refuses dates and times that do not exist", () => {
    expect(combineScheduled("2025-02-31", "10:00")).toBeNull();
    expect(combineScheduled("2025-06-14", "25:00")).toBeNull();
    expect(combineScheduled("06/14/2025", "10:00")).toBeNull();
  });
});

describe("splitScheduled", () => {
  it("gives back the local date and time inputs", () => {
    expect(splitScheduled(new Date(2025, 11, 3, 8, 5).toISOString())).toEqual({ date: "2025-12-03", time: "08:05" });
  });

  it("is blank when not scheduled", () => {
    expect(splitScheduled(null)).toEqual({ date: "", time: "" });
    expect(splitScheduled("not a date")).toEqual({ date: "", time: "" });
  });

  it("round-trips with combineScheduled", () => {
    const iso = combineScheduled("2026-01-09", "17:30");
    expect(iso).not.toBeNull();
    expect(splitScheduled(iso)).toEqual({ date: "2026-01-09", time: "17:30" });
  });
});

describe("formatting", () => {
  it("uses the SPEC formats", () => {
    expect(formatScheduled(new Date(2025, 5, 4, 13, 0).toISOString())).toEqual({ date: "Jun 4, 2025", time: "1:00 PM" });
    expect(formatScheduled("nope")).toBeNull();
    expect(formatTimeOfDay("08:30")).toBe("8:30 AM");
    expect(formatTimeOfDay("18:00")).toBe("6:00 PM");
  });
});
