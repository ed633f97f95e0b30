import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addDaysToDate,
  displayInZone,
  floatingOf,
  floatingToIso,
  floatingToWallTime,
  instantToWallTime,
  isPastDate,
  parseDateInput,
  todayInZone,
  toFloating,
  wallTimeToIso,
  zonedDayRange,
} from "./business-time";

const NY = "America/New_York";

// The browser's zone must never matter: every case runs as if the browser were in each of these.
const BROWSER_ZONES = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/London", "Pacific/Auckland"];

describe.each(BROWSER_ZONES)("in a browser in %s", (browserZone) => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env["TZ"];
    process.env["TZ"] = browserZone;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env["TZ"];
    else process.env["TZ"] = saved;
  });

  it("really runs in that zone", () => {
    const offset = new Date(2026, 0, 15).getTimezoneOffset();
    expect(offset).toBe(
      { UTC: 0, "Asia/Tokyo": -540, "America/Los_Angeles": 480, "Europe/London": 0, "Pacific/Auckland": -780 }[browserZone],
    );
  });

  it("reads a typed Asheville time as the Asheville instant", () => {
    // Winter (EST, -05:00) and summer (EDT, -04:00).
    expect(wallTimeToIso("2026-01-15", "10:30", NY)).toBe("2026-01-15T15:30:00.000Z");
    expect(wallTimeToIso("2026-07-15", "10:30", NY)).toBe("2026-07-15T14:30:00.000Z");
  });

  it("shows an instant at the Asheville wall clock", () => {
    expect(instantToWallTime("2026-07-15T14:30:00.000Z", NY)).toEqual({ date: "2026-07-15", time: "10:30" });
    expect(displayInZone("2026-01-15T15:30:00.000Z", NY)).toEqual({ date: "Jan 15, 2026", time: "10:30 AM" });
  });

  it("hands the calendar floating dates whose local fields are the Asheville wall clock", () => {
    const floating = toFloating("2026-03-09T13:00:00.000Z", NY); // Monday after spring-forward: 09:00 EDT
    expect([floating.getFullYear(), floating.getMonth(), floating.getDate(), floating.getHours(), floating.getMinutes()]).toEqual([
      2026, 2, 9, 9, 0,
    ]);
    expect(floatingToWallTime(floating)).toEqual({ date: "2026-03-09", time: "09:00" });
    expect(floatingToIso(floating, NY)).toBe("2026-03-09T13:00:00.000Z");
  });

  it("keeps 9 AM at 9 AM on both sides of a DST change", () => {
    // Sunday 2026-03-08 the clocks go forward in New York: 9 AM Saturday is 14:00Z, 9 AM Monday 13:00Z.
    expect(toFloating("2026-03-07T14:00:00.000Z", NY).getHours()).toBe(9);
    expect(toFloating("2026-03-09T13:00:00.000Z", NY).getHours()).toBe(9);
    // Sunday 2026-11-01 they go back.
    expect(toFloating("2026-10-31T13:00:00.000Z", NY).getHours()).toBe(9);
    expect(toFloating("2026-11-02T14:00:00.000Z", NY).getHours()).toBe(9);
  });

  it("gives a DST day its 23 hours", () => {
    const range = zonedDayRange("2026-03-08", "2026-03-09", NY);
    expect(range).toEqual({ start: "2026-03-08T05:00:00.000Z", end: "2026-03-09T04:00:00.000Z" });
  });

  it("floating dates round-trip through wall time", () => {
    const floating = floatingOf("2026-11-01", 10 * 60);
    expect(floating && floatingToIso(floating, NY)).toBe("2026-11-01T15:00:00.000Z");
  });

  it("knows today and the past in the business zone", () => {
    // 02:00 UTC on Jan 2 is still Jan 1 in New York.
    const now = Date.parse("2026-01-02T02:00:00Z");
    expect(todayInZone(NY, now)).toBe("2026-01-01");
    expect(isPastDate("2025-12-31", NY, now)).toBe(true);
    expect(isPastDate("2026-01-01", NY, now)).toBe(false);
    expect(isPastDate("2026-01-02", NY, now)).toBe(false);
  });
});

describe("date input helpers", () => {
  it("refuses dates that are not real", () => {
    expect(parseDateInput("2026-02-30")).toBeNull();
    expect(parseDateInput("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(wallTimeToIso("2026-02-30", "10:00", NY)).toBeNull();
    expect(wallTimeToIso("2026-02-10", "25:00", NY)).toBeNull();
    expect(isPastDate("", NY)).toBe(false);
  });

  it("adds calendar days across months and years", () => {
    expect(addDaysToDate("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
  });
});
