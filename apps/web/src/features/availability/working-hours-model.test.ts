import { describe, expect, it } from "vitest";
import { dayName, workingDaySummary, workingWeek, workingWeekErrors } from "./working-hours-model";

describe("working hours", () => {
  it("fills the week from saved rows and the docs/product.md defaults", () => {
    const week = workingWeek([{ dayOfWeek: "2", startTime: "08:00", endTime: "12:30", isActive: true }]);
    expect(week.map((d) => dayName(d.dayOfWeek))).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(week.map((d) => workingDaySummary(d))).toEqual([
      "Closed",
      "9:00 AM – 5:00 PM",
      "8:00 AM – 12:30 PM",
      "9:00 AM – 5:00 PM",
      "9:00 AM – 5:00 PM",
      "9:00 AM – 5:00 PM",
      "Closed",
    ]);
  });

  it("checks open days: times required, the end after the start", () => {
    const week = workingWeek(undefined).map((d) =>
      d.dayOfWeek === "1"
        ? { ...d, startTime: "" }
        : d.dayOfWeek === "3"
          ? { ...d, startTime: "17:00", endTime: "09:00" }
          : d.dayOfWeek === "0"
            ? { ...d, endTime: "" }
            : d,
    );
    expect(workingWeekErrors(week)).toEqual({
      "1": { startTime: "Start time is required" },
      "3": { endTime: "End time must be after start time" },
    });
  });
});
