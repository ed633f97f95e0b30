import { tzOffset } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkWorkingHours,
  completeWeek,
  contains,
  defaultWeek,
  findConflicts,
  isBeforeToday,
  isoString,
  occurrences,
  offsetAt,
  overlaps,
  parseDate,
  resolveWallTime,
  slotsOn,
  startOfDay,
  todayIn,
  wallParts,
  wallTimeToInstant,
  type BlockRule,
  type Interval,
} from "./index.js";

const NY = "America/New_York";
const AKL = "Pacific/Auckland";

const at = (iso: string) => new Date(iso);
const span = (start: string, end: string): Interval => ({ start: at(start), end: at(end) });
const date = (s: string) => parseDate(s)!;
const wall = (d: string, hhmm: string, zone = NY) => {
  const [h, m] = hhmm.split(":").map(Number);
  return wallTimeToInstant(date(d), h! * 60 + m!, zone).toISOString();
};
const isoList = (list: Interval[]) => list.map((o) => [o.start.toISOString(), o.end.toISOString()]);

/**
 * Every rule must give the same answer whatever zone the server process runs in: the suite runs
 * once per process zone (Node applies a change of process.env.TZ at once).
 */
const PROCESS_ZONES = ["UTC", "Asia/Tokyo", "Pacific/Auckland", "America/Los_Angeles"];

describe.each(PROCESS_ZONES)("scheduling rules with the process in %s", (processZone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = processZone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it("really runs in that process zone", () => {
    const expected = { UTC: 0, "Asia/Tokyo": -540, "Pacific/Auckland": -780, "America/Los_Angeles": 480 }[processZone];
    expect(new Date(2026, 0, 15).getTimezoneOffset()).toBe(expected);
  });

  it("writes instants as Date#toISOString does", () => {
    const samples = [
      0,
      -1,
      Date.parse("2026-03-08T06:59:59.999Z"),
      Date.parse("2028-02-29T23:30:00.000Z"),
      Date.parse("2099-12-31T23:59:59.999Z"),
      Date.parse("0000-01-01T00:00:00.000Z"),
      Date.parse("0000-01-01T00:00:00.000Z") - 1,
      Date.parse("9999-12-31T23:59:59.999Z"),
      Date.parse("+010000-01-01T00:00:00.000Z"),
      8.64e15,
    ];
    // And a year of half-hours with odd milliseconds, through both caches.
    for (let i = 0; i < 17_520; i++) samples.push(Date.parse("2026-01-01T00:00:00.000Z") + i * 1_800_000 + (i % 1000));
    for (const ms of samples) expect(isoString(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  describe("calendar dates", () => {
    it("accepts real dates only", () => {
      expect(parseDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
      expect(parseDate("2027-02-29")).toBeNull();
      expect(parseDate("2026-04-31")).toBeNull();
      expect(parseDate("2026-13-01")).toBeNull();
      expect(parseDate("2026-1-01")).toBeNull();
    });
  });

  describe("zone offsets", () => {
    it("match Intl's at every instant, across changes, in zones with odd offsets and rules", () => {
      // Lord Howe moves 30 minutes, Chatham is +12:45, Tehran dropped DST in 2022, Casablanca
      // leaves DST for Ramadan, Santiago changes at midnight.
      const zones = [
        NY,
        AKL,
        "Australia/Lord_Howe",
        "Pacific/Chatham",
        "Asia/Tehran",
        "Africa/Casablanca",
        "America/Santiago",
        "Asia/Kathmandu",
        "UTC",
      ];
      const wrong: string[] = [];
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (const zone of zones) {
        for (let i = 0; i < 300; i++) {
          const t = Date.UTC(2025, 0, 1) + Math.floor(random() * 4 * 365.25 * 86_400_000);
          if (offsetAt(zone, t) !== tzOffset(zone, new Date(t))) wrong.push(`${zone} ${new Date(t).toISOString()}`);
        }
        // Either side of each change of the year, to the millisecond.
        const step = 6 * 3_600_000;
        for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += step) {
          if (tzOffset(zone, new Date(t)) === tzOffset(zone, new Date(t + step))) continue;
          let lo = t;
          let hi = t + step;
          while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (tzOffset(zone, new Date(mid)) === tzOffset(zone, new Date(t))) lo = mid;
            else hi = mid;
          }
          for (const edge of [t, hi - 1, hi, t + step])
            if (offsetAt(zone, edge) !== tzOffset(zone, new Date(edge))) wrong.push(`${zone} ${new Date(edge).toISOString()}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  describe("wall time in the business zone", () => {
    it("books Tuesday 09:00 in Asheville whatever the process zone", () => {
      // Before and after the spring change: 09:00 EST is 14:00Z, 09:00 EDT is 13:00Z.
      expect(wall("2026-03-03", "09:00")).toBe("2026-03-03T14:00:00.000Z");
      expect(wall("2026-03-10", "09:00")).toBe("2026-03-10T13:00:00.000Z");
    });

    it("says 02:30 does not exist on the spring-forward day, and reads it as 03:30 for rules", () => {
      const r = resolveWallTime(date("2026-03-08"), 150, NY);
      expect(r.kind).toBe("nonexistent");
      expect(r.instant.toISOString()).toBe("2026-03-08T07:30:00.000Z"); // 03:30 EDT
      expect(resolveWallTime(date("2026-03-08"), 90, NY)).toEqual({ kind: "exact", instant: at("2026-03-08T06:30:00Z") }); // 01:30 EST
      expect(resolveWallTime(date("2026-03-08"), 180, NY)).toEqual({ kind: "exact", instant: at("2026-03-08T07:00:00Z") }); // 03:00 EDT
    });

    it("takes the first of the two 01:30s on the fall-back day", () => {
      const r = resolveWallTime(date("2026-11-01"), 90, NY);
      expect(r).toEqual({ kind: "ambiguous", instant: at("2026-11-01T05:30:00Z"), later: at("2026-11-01T06:30:00Z") });
      // 02:30 happens once, in standard time.
      expect(resolveWallTime(date("2026-11-01"), 150, NY)).toEqual({ kind: "exact", instant: at("2026-11-01T07:30:00Z") });
    });

    it("handles a southern-hemisphere business zone the same way", () => {
      // Auckland: clocks go back 03:00 → 02:00 on 5 April 2026, forward 02:00 → 03:00 on 27 September 2026.
      expect(resolveWallTime(date("2026-04-05"), 150, AKL).kind).toBe("ambiguous");
      expect(resolveWallTime(date("2026-09-27"), 150, AKL).kind).toBe("nonexistent");
      expect(wall("2026-07-01", "09:00", AKL)).toBe("2026-06-30T21:00:00.000Z");
    });

    it("reads an instant back as the zone's wall time", () => {
      expect(wallParts(at("2026-03-10T03:30:00Z"), NY)).toEqual({
        date: { year: 2026, month: 3, day: 9 },
        minutes: 23 * 60 + 30,
        weekday: 1,
      });
      expect(wallParts(at("2026-11-01T05:30:00Z"), NY).minutes).toBe(90);
      expect(wallParts(at("2026-11-01T06:30:00Z"), NY).minutes).toBe(90);
    });

    it("knows today and past in the business zone, not in UTC or the process zone", () => {
      // 03:00Z on 10 March is still 9 March in New York (and already 10 March in Tokyo and UTC).
      const now = at("2026-03-10T03:00:00Z");
      expect(todayIn(NY, now)).toBe("2026-03-09");
      expect(isBeforeToday("2026-03-09", NY, now)).toBe(false);
      expect(isBeforeToday("2026-03-08", NY, now)).toBe(true);
      expect(isBeforeToday("2026-03-10", NY, now)).toBe(false);
      expect(todayIn(AKL, now)).toBe("2026-03-10");
    });

    it("starts a day at its first instant", () => {
      expect(startOfDay(date("2026-03-08"), NY).toISOString()).toBe("2026-03-08T05:00:00.000Z");
      expect(startOfDay(date("2026-03-09"), NY).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    });
  });

  describe("overlaps", () => {
    it("treats touching intervals as not overlapping", () => {
      expect(overlaps(span("2026-05-05T13:00:00Z", "2026-05-05T14:00:00Z"), span("2026-05-05T14:00:00Z", "2026-05-05T15:00:00Z"))).toBe(
        false,
      );
      expect(overlaps(span("2026-05-05T14:00:00Z", "2026-05-05T15:00:00Z"), span("2026-05-05T13:00:00Z", "2026-05-05T14:00:00Z"))).toBe(
        false,
      );
    });
    it("finds partial, inner and equal overlaps", () => {
      const a = span("2026-05-05T13:00:00Z", "2026-05-05T14:00:00Z");
      expect(overlaps(a, span("2026-05-05T13:59:00Z", "2026-05-05T15:00:00Z"))).toBe(true);
      expect(overlaps(a, span("2026-05-05T13:15:00Z", "2026-05-05T13:45:00Z"))).toBe(true);
      expect(overlaps(a, a)).toBe(true);
      expect(contains(a, a)).toBe(true);
      expect(contains(a, span("2026-05-05T12:59:00Z", "2026-05-05T13:30:00Z"))).toBe(false);
    });
  });

  describe("recurrence", () => {
    const month = (y: number, m: number, zone = NY): Interval => ({
      start: startOfDay({ year: y, month: m, day: 1 }, zone),
      end: startOfDay(m === 12 ? { year: y + 1, month: 1, day: 1 } : { year: y, month: m + 1, day: 1 }, zone),
    });

    it("keeps a weekly block's wall-clock time across the spring change", () => {
      const block: BlockRule = {
        start: at(wall("2026-03-03", "09:00")),
        end: at(wall("2026-03-03", "10:00")),
        pattern: "weekly",
        until: null,
      };
      expect(isoList(occurrences(block, month(2026, 3), NY))).toEqual([
        [wall("2026-03-03", "09:00"), wall("2026-03-03", "10:00")],
        ["2026-03-10T13:00:00.000Z", "2026-03-10T14:00:00.000Z"],
        ["2026-03-17T13:00:00.000Z", "2026-03-17T14:00:00.000Z"],
        ["2026-03-24T13:00:00.000Z", "2026-03-24T14:00:00.000Z"],
        ["2026-03-31T13:00:00.000Z", "2026-03-31T14:00:00.000Z"],
      ]);
      expect(wall("2026-03-03", "09:00")).toBe("2026-03-03T14:00:00.000Z");
    });

    it("keeps wall-clock times when the fall-back change falls inside an occurrence", () => {
      // Sundays 01:30–02:30: on 1 November 01:30 is the first (EDT) one, 02:30 is EST, so that
      // occurrence lasts two hours of absolute time.
      const block: BlockRule = {
        start: at(wall("2026-10-25", "01:30")),
        end: at(wall("2026-10-25", "02:30")),
        pattern: "weekly",
        until: null,
      };
      expect(isoList(occurrences(block, span("2026-10-24T00:00:00Z", "2026-11-09T00:00:00Z"), NY))).toEqual([
        ["2026-10-25T05:30:00.000Z", "2026-10-25T06:30:00.000Z"],
        ["2026-11-01T05:30:00.000Z", "2026-11-01T07:30:00.000Z"],
        ["2026-11-08T06:30:00.000Z", "2026-11-08T07:30:00.000Z"],
      ]);
    });

    it("moves a daily 02:30 occurrence to 03:30 on the spring-forward day (RFC 5545)", () => {
      const block: BlockRule = {
        start: at(wall("2026-03-06", "02:30")),
        end: at(wall("2026-03-06", "02:45")),
        pattern: "daily",
        until: "2026-03-09",
      };
      expect(isoList(occurrences(block, span("2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"), NY))).toEqual([
        ["2026-03-06T07:30:00.000Z", "2026-03-06T07:45:00.000Z"],
        ["2026-03-07T07:30:00.000Z", "2026-03-07T07:45:00.000Z"],
        ["2026-03-08T07:30:00.000Z", "2026-03-08T07:45:00.000Z"], // 03:30–03:45 EDT
        ["2026-03-09T06:30:00.000Z", "2026-03-09T06:45:00.000Z"],
      ]);
    });

    it("skips months without the 31st", () => {
      const block: BlockRule = {
        start: at(wall("2026-01-31", "10:00")),
        end: at(wall("2026-01-31", "11:00")),
        pattern: "monthly",
        until: null,
      };
      const year = { start: startOfDay(date("2026-01-01"), NY), end: startOfDay(date("2027-01-01"), NY) };
      const days = occurrences(block, year, NY).map((o) => wallParts(o.start, NY));
      expect(days.map((d) => `${d.date.month}/${d.date.day}`)).toEqual(["1/31", "3/31", "5/31", "7/31", "8/31", "10/31", "12/31"]);
      expect(days.every((d) => d.minutes === 600)).toBe(true);
    });

    it("repeats a 29 February monthly block on the 29th, in February only in leap years", () => {
      const block: BlockRule = {
        start: at(wall("2028-02-29", "08:00")),
        end: at(wall("2028-02-29", "08:30")),
        pattern: "monthly",
        until: null,
      };
      const window = { start: startOfDay(date("2028-01-01"), NY), end: startOfDay(date("2032-04-01"), NY) };
      const list = occurrences(block, window, NY).map((o) => wallParts(o.start, NY).date);
      expect(list.every((d) => d.day === 29)).toBe(true);
      expect(list.filter((d) => d.month === 2).map((d) => d.year)).toEqual([2028, 2032]);
      expect(list).toHaveLength(50 - 3); // 50 months from Feb 2028 to Mar 2032, without Feb 2029–2031
      expect(list.some((d) => d.year === 2028 && d.month === 1)).toBe(false); // never before the start
    });

    it("stops after the recurrence end date (inclusive)", () => {
      const block: BlockRule = {
        start: at(wall("2026-03-03", "09:00")),
        end: at(wall("2026-03-03", "10:00")),
        pattern: "weekly",
        until: "2026-03-17",
      };
      expect(occurrences(block, month(2026, 3), NY)).toHaveLength(3);
      expect(occurrences({ ...block, until: "2026-03-16" }, month(2026, 3), NY)).toHaveLength(2);
    });

    it("repeats a weekdays block Monday to Friday at the same wall time across spring forward", () => {
      // 12:00–13:00 from Wednesday 4 March 2026; New York springs forward on Sunday 8 March.
      const block: BlockRule = {
        start: at(wall("2026-03-04", "12:00")),
        end: at(wall("2026-03-04", "13:00")),
        pattern: "weekdays",
        until: null,
      };
      expect(isoList(occurrences(block, span("2026-03-01T00:00:00Z", "2026-03-15T00:00:00Z"), NY))).toEqual([
        ["2026-03-04T17:00:00.000Z", "2026-03-04T18:00:00.000Z"], // Wed, EST
        ["2026-03-05T17:00:00.000Z", "2026-03-05T18:00:00.000Z"], // Thu
        ["2026-03-06T17:00:00.000Z", "2026-03-06T18:00:00.000Z"], // Fri; no Sat 7 or Sun 8
        ["2026-03-09T16:00:00.000Z", "2026-03-09T17:00:00.000Z"], // Mon, EDT: still 12:00
        ["2026-03-10T16:00:00.000Z", "2026-03-10T17:00:00.000Z"],
        ["2026-03-11T16:00:00.000Z", "2026-03-11T17:00:00.000Z"],
        ["2026-03-12T16:00:00.000Z", "2026-03-12T17:00:00.000Z"],
        ["2026-03-13T16:00:00.000Z", "2026-03-13T17:00:00.000Z"],
      ]);
    });

    it("keeps a weekdays block's wall time across fall back, and stops after its end date", () => {
      // 09:00–09:30; New York falls back on Sunday 1 November 2026; the last date is Tuesday 3 November.
      const block: BlockRule = {
        start: at(wall("2026-10-29", "09:00")),
        end: at(wall("2026-10-29", "09:30")),
        pattern: "weekdays",
        until: "2026-11-03",
      };
      expect(isoList(occurrences(block, span("2026-10-25T00:00:00Z", "2026-11-15T00:00:00Z"), NY))).toEqual([
        ["2026-10-29T13:00:00.000Z", "2026-10-29T13:30:00.000Z"], // Thu, EDT
        ["2026-10-30T13:00:00.000Z", "2026-10-30T13:30:00.000Z"], // Fri
        ["2026-11-02T14:00:00.000Z", "2026-11-02T14:30:00.000Z"], // Mon, EST: still 09:00
        ["2026-11-03T14:00:00.000Z", "2026-11-03T14:30:00.000Z"], // Tue, the end date
      ]);
    });

    it("reads a weekdays block's weekday on the business zone's calendar, not UTC's", () => {
      // Friday 23:30–00:30 in New York is already Saturday in UTC: Friday has an occurrence (into
      // Saturday's first half hour), Saturday and Sunday none; Monday's follows.
      const block: BlockRule = {
        start: at(wall("2026-06-05", "23:30")),
        end: at(wall("2026-06-06", "00:30")),
        pattern: "weekdays",
        until: null,
      };
      const list = occurrences(block, span("2026-06-05T00:00:00Z", "2026-06-10T12:00:00Z"), NY);
      expect(list.map((o) => wallParts(o.start, NY).date)).toEqual([date("2026-06-05"), date("2026-06-08"), date("2026-06-09")]);
      expect(isoList(list)[0]).toEqual(["2026-06-06T03:30:00.000Z", "2026-06-06T04:30:00.000Z"]);
      // Auckland's Monday morning is Sunday in UTC: it is a weekday there.
      const monday = {
        start: at(wall("2026-06-08", "07:00", AKL)),
        end: at(wall("2026-06-08", "08:00", AKL)),
        pattern: "weekdays" as const,
        until: null,
      };
      const akl = occurrences(monday, span("2026-06-05T00:00:00Z", "2026-06-15T00:00:00Z"), AKL);
      expect(akl.map((o) => wallParts(o.start, AKL).date)).toEqual(
        ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-15"].map(date),
      );
      expect(akl[0]!.start.toISOString()).toBe("2026-06-07T19:00:00.000Z");
    });

    it("includes an occurrence that began before the window, and never one that only touches it", () => {
      // Nights 22:00–06:00.
      const block: BlockRule = {
        start: at(wall("2026-05-01", "22:00")),
        end: at(wall("2026-05-02", "06:00")),
        pattern: "daily",
        until: null,
      };
      const morning = { start: at(wall("2026-05-10", "05:00")), end: at(wall("2026-05-10", "07:00")) };
      expect(isoList(occurrences(block, morning, NY))).toEqual([[wall("2026-05-09", "22:00"), wall("2026-05-10", "06:00")]]);
      const touching = { start: at(wall("2026-05-10", "06:00")), end: at(wall("2026-05-10", "22:00")) };
      expect(occurrences(block, touching, NY)).toEqual([]);
    });

    it("returns a one-off block once when it overlaps, and jumps straight to a far window", () => {
      const once: BlockRule = { start: at("2026-05-05T13:00:00Z"), end: at("2026-05-05T14:00:00Z"), pattern: null, until: null };
      expect(occurrences(once, span("2026-05-05T13:30:00Z", "2026-05-06T00:00:00Z"), NY)).toHaveLength(1);
      expect(occurrences(once, span("2026-05-05T14:00:00Z", "2026-05-06T00:00:00Z"), NY)).toHaveLength(0);
      const daily: BlockRule = {
        start: at(wall("2000-01-03", "12:00")),
        end: at(wall("2000-01-03", "13:00")),
        pattern: "daily",
        until: null,
      };
      const far = occurrences(daily, month(2099, 6), NY);
      expect(far).toHaveLength(30);
      expect(far[0]!.start.toISOString()).toBe(wall("2099-06-01", "12:00"));
    });

    it("never starts before the block itself", () => {
      const block: BlockRule = {
        start: at(wall("2026-03-20", "09:00")),
        end: at(wall("2026-03-20", "10:00")),
        pattern: "daily",
        until: null,
      };
      expect(occurrences(block, month(2026, 3), NY)).toHaveLength(12);
    });
  });

  describe("working hours", () => {
    const week = defaultWeek();

    it("defaults to Monday–Friday 09:00–17:00 and fills in days not stored", () => {
      expect(week.map((d) => [d.dayOfWeek, d.isActive])).toEqual([
        ["0", false],
        ["1", true],
        ["2", true],
        ["3", true],
        ["4", true],
        ["5", true],
        ["6", false],
      ]);
      const stored = [{ dayOfWeek: "6", startTime: "10:00", endTime: "14:00", isActive: true }];
      expect(completeWeek(stored)[6]).toEqual(stored[0]);
      expect(completeWeek(stored)[1]).toEqual({ dayOfWeek: "1", startTime: "09:00", endTime: "17:00", isActive: true });
    });

    it("accepts an appointment inside the day's hours, edges included", () => {
      expect(checkWorkingHours({ start: at(wall("2026-05-05", "09:00")), end: at(wall("2026-05-05", "10:00")) }, week, NY)).toEqual({
        ok: true,
      });
      expect(checkWorkingHours({ start: at(wall("2026-05-05", "16:00")), end: at(wall("2026-05-05", "17:00")) }, week, NY)).toEqual({
        ok: true,
      });
    });

    it("refuses one that starts early, ends late, falls on a day off or runs past midnight", () => {
      expect(checkWorkingHours({ start: at(wall("2026-05-05", "08:30")), end: at(wall("2026-05-05", "09:30")) }, week, NY).ok).toBe(false);
      const late = checkWorkingHours({ start: at(wall("2026-05-05", "16:30")), end: at(wall("2026-05-05", "17:30")) }, week, NY);
      expect(late).toEqual({
        ok: false,
        weekday: 2,
        window: { start: at(wall("2026-05-05", "09:00")), end: at(wall("2026-05-05", "17:00")) },
      });
      expect(checkWorkingHours({ start: at(wall("2026-05-09", "10:00")), end: at(wall("2026-05-09", "11:00")) }, week, NY)).toEqual({
        ok: false,
        weekday: 6,
        window: null,
      });
      const longDay = completeWeek([{ dayOfWeek: "2", startTime: "00:00", endTime: "23:59", isActive: true }]);
      expect(checkWorkingHours({ start: at(wall("2026-05-05", "23:30")), end: at(wall("2026-05-06", "00:30")) }, longDay, NY).ok).toBe(
        false,
      );
    });

    it("reads hours in the business zone on a change day", () => {
      // Sunday 8 March 2026 made a working day: 09:00 is EDT that day.
      const sundays = completeWeek([{ dayOfWeek: "0", startTime: "09:00", endTime: "17:00", isActive: true }]);
      expect(checkWorkingHours({ start: at("2026-03-08T13:00:00Z"), end: at("2026-03-08T14:00:00Z") }, sundays, NY)).toEqual({ ok: true });
      expect(checkWorkingHours({ start: at("2026-03-08T12:30:00Z"), end: at("2026-03-08T13:30:00Z") }, sundays, NY).ok).toBe(false);
    });
  });

  describe("slots", () => {
    it("offers every 30 minutes from 08:00 to 18:00 on an ordinary day", () => {
      const slots = slotsOn(date("2026-05-05"), { from: "08:00", to: "18:00", stepMinutes: 30, durationMinutes: 60 }, NY);
      expect(slots).toHaveLength(21);
      expect(slots[0]).toEqual({ time: "08:00", start: at("2026-05-05T12:00:00Z"), end: at("2026-05-05T13:00:00Z") });
      expect(slots.at(-1)!.time).toBe("18:00");
    });
    it("leaves out times in the spring-forward gap and offers a fall-back time once", () => {
      const spring = slotsOn(date("2026-03-08"), { from: "01:00", to: "04:00", stepMinutes: 30, durationMinutes: 30 }, NY);
      expect(spring.map((s) => s.time)).toEqual(["01:00", "01:30", "03:00", "03:30", "04:00"]);
      const fall = slotsOn(date("2026-11-01"), { from: "01:00", to: "02:00", stepMinutes: 30, durationMinutes: 30 }, NY);
      expect(fall.map((s) => [s.time, s.start.toISOString()])).toEqual([
        ["01:00", "2026-11-01T05:00:00.000Z"],
        ["01:30", "2026-11-01T05:30:00.000Z"],
        ["02:00", "2026-11-01T07:00:00.000Z"],
      ]);
    });
  });

  describe("conflicts", () => {
    const week = defaultWeek();
    const tuesday10 = { start: at(wall("2026-05-05", "10:00")), end: at(wall("2026-05-05", "11:00")) };

    it("finds none for a free slot inside working hours, with touching neighbours", () => {
      const conflicts = findConflicts(
        tuesday10,
        {
          week,
          blocks: [
            {
              id: "b1",
              title: "Coffee",
              start: at(wall("2026-05-05", "09:00")),
              end: at(wall("2026-05-05", "10:00")),
              pattern: null,
              until: null,
            },
          ],
          appointments: [{ id: "l1", name: "Jo Lee", start: at(wall("2026-05-05", "11:00")), end: at(wall("2026-05-05", "12:00")) }],
        },
        NY,
      );
      expect(conflicts).toEqual([]);
    });

    it("names each clash: hours, a recurring block's occurrence, another appointment", () => {
      const saturday = { start: at(wall("2026-05-09", "12:00")), end: at(wall("2026-05-09", "13:00")) };
      const conflicts = findConflicts(
        saturday,
        {
          week,
          blocks: [
            {
              id: "b2",
              title: "Lunch",
              start: at(wall("2026-05-04", "12:30")),
              end: at(wall("2026-05-04", "13:30")),
              pattern: "daily",
              until: null,
            },
          ],
          appointments: [{ id: "l2", name: "Ana Ruiz", start: at(wall("2026-05-09", "11:30")), end: at(wall("2026-05-09", "12:30")) }],
        },
        NY,
      );
      expect(conflicts).toEqual([
        {
          kind: "outside-working-hours",
          message: "Outside working hours: Saturday is not a working day",
          id: null,
          title: "Working hours (Saturday)",
          start: null,
          end: null,
        },
        {
          kind: "time-block",
          message: 'Overlaps the time block "Lunch" (May 9, 2026, 12:30 PM – 1:30 PM)',
          id: "b2",
          title: "Lunch",
          start: wall("2026-05-09", "12:30"),
          end: wall("2026-05-09", "13:30"),
        },
        {
          kind: "appointment",
          message: "Overlaps the appointment with Ana Ruiz (May 9, 2026, 11:30 AM – 12:30 PM)",
          id: "l2",
          title: "Ana Ruiz",
          start: wall("2026-05-09", "11:30"),
          end: wall("2026-05-09", "12:30"),
        },
      ]);
    });

    it("describes the working span when the appointment runs late", () => {
      const [conflict] = findConflicts(
        { start: at(wall("2026-05-05", "16:30")), end: at(wall("2026-05-05", "17:30")) },
        { week, blocks: [], appointments: [] },
        NY,
      );
      expect(conflict).toMatchObject({
        kind: "outside-working-hours",
        message: "Outside working hours: Tuesday 9:00 AM – 5:00 PM",
        start: wall("2026-05-05", "09:00"),
        end: wall("2026-05-05", "17:00"),
      });
    });
  });
});
