import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dayNumber,
  defaultWeek,
  findConflicts,
  formatDate,
  fromDayNumber,
  parseDate,
  wallTimeToInstant,
  type BlockRule,
  type Interval,
  type WorkingDayRule,
} from "../scheduling/index.js";
import {
  bookableSpan,
  candidateWindows,
  chooseAssignee,
  dayHeading,
  freeWindows,
  windowDate,
  windowLabel,
  type CrewCalendar,
  type WindowSettings,
} from "./windows.js";

const NY = "America/New_York";

const wall = (d: string, hhmm: string, zone = NY) => {
  const [h, m] = hhmm.split(":").map(Number);
  return wallTimeToInstant(parseDate(d)!, h! * 60 + m!, zone);
};
const iso = (list: Interval[]) => list.map((w) => `${w.start.toISOString()}/${w.end.toISOString()}`);
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start, end }));
/** Working every day of the week, 08:00–18:00. */
const allWeek: WorkingDayRule[] = ["0", "1", "2", "3", "4", "5", "6"].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "08:00",
  endTime: "18:00",
  isActive: true,
}));
const person = (userId: string, over: Partial<CrewCalendar> = {}): CrewCalendar => ({
  userId,
  week: allWeek,
  blocks: [],
  appointments: [],
  ...over,
});

/** The same answers whatever zone the server process runs in (only the business zone decides). */
const PROCESS_ZONES = ["UTC", "Pacific/Auckland", "America/Los_Angeles"];

describe.each(PROCESS_ZONES)("online booking windows with the process in %s", (processZone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = processZone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  describe("which windows the settings make", () => {
    it("repeats the weekly windows on their weekdays, soonest first, in business time", () => {
      // Monday 2026-06-01, 07:00 in New York.
      const now = wall("2026-06-01", "07:00");
      const settings: WindowSettings = {
        windows: [
          { dayOfWeek: 2, start: "13:00", end: "15:00" },
          { dayOfWeek: 2, start: "09:00", end: "11:00" },
          { dayOfWeek: 4, start: "08:00", end: "09:30" },
        ],
        noticeHours: 0,
        horizonDays: 7,
      };
      expect(iso(candidateWindows(settings, now, NY))).toEqual([
        `${wall("2026-06-02", "09:00").toISOString()}/${wall("2026-06-02", "11:00").toISOString()}`,
        `${wall("2026-06-02", "13:00").toISOString()}/${wall("2026-06-02", "15:00").toISOString()}`,
        `${wall("2026-06-04", "08:00").toISOString()}/${wall("2026-06-04", "09:30").toISOString()}`,
      ]);
    });

    it("keeps wall-clock times across the spring-forward day (2026-03-08) and the fall-back day (2026-11-01)", () => {
      const settings: WindowSettings = { windows: everyDay("09:00", "11:00"), noticeHours: 0, horizonDays: 3 };
      const spring = candidateWindows(settings, wall("2026-03-07", "06:00"), NY);
      // 9:00 EST is 14:00 UTC, 9:00 EDT 13:00 UTC: the same wall time, an hour apart in UTC.
      expect(iso(spring)).toEqual([
        "2026-03-07T14:00:00.000Z/2026-03-07T16:00:00.000Z",
        "2026-03-08T13:00:00.000Z/2026-03-08T15:00:00.000Z",
        "2026-03-09T13:00:00.000Z/2026-03-09T15:00:00.000Z",
      ]);
      const fall = candidateWindows(settings, wall("2026-10-31", "06:00"), NY);
      expect(iso(fall)).toEqual([
        "2026-10-31T13:00:00.000Z/2026-10-31T15:00:00.000Z",
        "2026-11-01T14:00:00.000Z/2026-11-01T16:00:00.000Z",
        "2026-11-02T14:00:00.000Z/2026-11-02T16:00:00.000Z",
      ]);
      expect(spring.map((w) => windowLabel(w, NY))).toEqual([
        "Sat, Mar 7 · 9:00–11:00 AM",
        "Sun, Mar 8 · 9:00–11:00 AM",
        "Mon, Mar 9 · 9:00–11:00 AM",
      ]);
    });

    it("a window across the night's change is as long as the clocks say (01:00–03:00 on 2026-03-08 is one hour)", () => {
      const settings: WindowSettings = { windows: [{ dayOfWeek: 0, start: "01:00", end: "03:00" }], noticeHours: 0, horizonDays: 2 };
      const [window] = candidateWindows(settings, wall("2026-03-07", "12:00"), NY);
      expect(window!.end.getTime() - window!.start.getTime()).toBe(3_600_000);
      expect(windowLabel(window!, NY)).toBe("Sun, Mar 8 · 1:00–3:00 AM");
      // Fall back: 01:00–03:00 on 2026-11-01 lasts three hours.
      const fall: WindowSettings = { windows: [{ dayOfWeek: 0, start: "01:00", end: "03:00" }], noticeHours: 0, horizonDays: 2 };
      const [long] = candidateWindows(fall, wall("2026-10-31", "12:00"), NY);
      expect(long!.end.getTime() - long!.start.getTime()).toBe(3 * 3_600_000);
    });

    it("offers a window starting exactly at the notice, not one a minute sooner", () => {
      const settings: WindowSettings = { windows: everyDay("09:00", "11:00"), noticeHours: 24, horizonDays: 5 };
      const atNotice = candidateWindows(settings, wall("2026-06-01", "09:00"), NY);
      expect(atNotice[0]!.start).toEqual(wall("2026-06-02", "09:00"));
      const minuteLate = candidateWindows(settings, wall("2026-06-01", "09:01"), NY);
      expect(minuteLate[0]!.start).toEqual(wall("2026-06-03", "09:00"));
    });

    it("ends the horizon horizonDays × 24 hours from now: a window starting then is not offered, one a minute before is", () => {
      const settings: WindowSettings = { windows: everyDay("09:00", "11:00"), noticeHours: 0, horizonDays: 2 };
      const now = wall("2026-06-01", "09:00");
      expect(candidateWindows(settings, now, NY).map((w) => windowDate(w, NY))).toEqual(["2026-06-01", "2026-06-02"]);
      const earlier = wall("2026-06-01", "09:01");
      expect(candidateWindows(settings, earlier, NY).map((w) => windowDate(w, NY))).toEqual(["2026-06-02", "2026-06-03"]);
      expect(bookableSpan(settings, now)).toEqual({ start: now, end: new Date(now.getTime() + 2 * 86_400_000) });
    });

    it("a window already begun is past the notice even with no notice", () => {
      const settings: WindowSettings = { windows: everyDay("09:00", "11:00"), noticeHours: 0, horizonDays: 2 };
      const windows = candidateWindows(settings, wall("2026-06-01", "09:30"), NY);
      expect(windows.map((w) => windowDate(w, NY))).toEqual(["2026-06-02", "2026-06-03"]);
    });

    it("makes none without windows or when the notice reaches past the horizon", () => {
      const now = wall("2026-06-01", "07:00");
      expect(candidateWindows({ windows: [], noticeHours: 0, horizonDays: 14 }, now, NY)).toEqual([]);
      expect(candidateWindows({ windows: everyDay("09:00", "11:00"), noticeHours: 48, horizonDays: 2 }, now, NY)).toEqual([]);
    });

    it("labels a window across noon with both halves, and days in business time", () => {
      const window = { start: wall("2026-12-08", "11:00"), end: wall("2026-12-08", "13:00") };
      expect(windowLabel(window, NY)).toBe("Tue, Dec 8 · 11:00 AM–1:00 PM");
      expect(windowLabel({ start: wall("2026-12-08", "09:00"), end: wall("2026-12-08", "11:00") }, NY)).toBe("Tue, Dec 8 · 9:00–11:00 AM");
      // 20:00 in New York is the next day in UTC: the label and the date stay New York's.
      const evening = { start: wall("2026-12-08", "20:00"), end: wall("2026-12-08", "21:00") };
      expect(windowLabel(evening, NY)).toBe("Tue, Dec 8 · 8:00–9:00 PM");
      expect(windowDate(evening, NY)).toBe("2026-12-08");
      expect(dayHeading("2026-12-08")).toBe("Tuesday, December 8");
    });
  });

  describe("who is free", () => {
    const windows = [
      { start: wall("2026-06-02", "09:00"), end: wall("2026-06-02", "11:00") },
      { start: wall("2026-06-02", "13:00"), end: wall("2026-06-02", "15:00") },
      { start: wall("2026-06-03", "09:00"), end: wall("2026-06-03", "11:00") },
    ];

    it("only inside working hours for the whole window", () => {
      const lateStart = allWeek.map((d) => ({ ...d, startTime: "09:30" }));
      const dayOff = allWeek.map((d) => (d.dayOfWeek === "3" ? { ...d, isActive: false } : d));
      const result = freeWindows(windows, [person("late", { week: lateStart }), person("off-wed", { week: dayOff })], NY);
      // Wednesday 9:00: one starts too late, the other has the day off.
      expect(result.map((w) => w.free)).toEqual([["off-wed"], ["late", "off-wed"], []]);
      // The defaults (Monday–Friday 9–5) fit a 9–11 window exactly.
      expect(freeWindows(windows.slice(0, 1), [person("default", { week: defaultWeek() })], NY)[0]!.free).toEqual(["default"]);
    });

    it("not overlapping an appointment; touching one is fine", () => {
      const a = person("a", {
        appointments: [
          { start: wall("2026-06-02", "10:30"), end: wall("2026-06-02", "11:30") },
          { start: wall("2026-06-02", "12:00"), end: wall("2026-06-02", "13:00") },
        ],
      });
      expect(freeWindows(windows, [a], NY).map((w) => w.free)).toEqual([[], ["a"], ["a"]]);
    });

    it("outside one-off and recurring time blocks, every occurrence included", () => {
      // A weekly block on Tuesdays 14:00–14:30 from 2026-05-05, and a one-off block on Wednesday morning.
      const weekly: BlockRule = {
        start: wall("2026-05-05", "14:00"),
        end: wall("2026-05-05", "14:30"),
        pattern: "weekly",
        until: null,
      };
      const oneOff: BlockRule = { start: wall("2026-06-03", "10:59"), end: wall("2026-06-03", "12:00"), pattern: null, until: null };
      const result = freeWindows(windows, [person("b", { blocks: [weekly, oneOff] })], NY);
      expect(result.map((w) => w.free)).toEqual([["b"], [], []]);
      // The recurrence ended before: the Tuesday afternoon is free again.
      const ended = { ...weekly, until: "2026-05-26" };
      expect(freeWindows(windows, [person("b", { blocks: [ended] })], NY).map((w) => w.free)).toEqual([["b"], ["b"], ["b"]]);
    });

    it("a daily block on the spring-forward day keeps its wall time", () => {
      // 09:00–10:00 every day from 2026-03-01: on 2026-03-08 it is 09:00–10:00 EDT.
      const daily: BlockRule = { start: wall("2026-03-01", "09:00"), end: wall("2026-03-01", "10:00"), pattern: "daily", until: null };
      const around = [
        { start: wall("2026-03-08", "08:00"), end: wall("2026-03-08", "09:00") },
        { start: wall("2026-03-08", "09:30"), end: wall("2026-03-08", "10:00") },
        { start: wall("2026-03-08", "10:00"), end: wall("2026-03-08", "11:00") },
      ];
      expect(freeWindows(around, [person("c", { blocks: [daily] })], NY).map((w) => w.free)).toEqual([["c"], [], ["c"]]);
    });

    it("counts the places of several crew members: a window stays offered until the last is taken", () => {
      const busyAt = (d: string, from: string, to: string) => [{ start: wall(d, from), end: wall(d, to) }];
      const crew = [
        person("x", { appointments: busyAt("2026-06-02", "09:00", "11:00") }),
        person("y"),
        person("z", { appointments: busyAt("2026-06-02", "13:00", "14:00") }),
      ];
      const result = freeWindows(windows, crew, NY);
      expect(result.map((w) => w.free.length)).toEqual([2, 2, 3]);
      expect(result[0]!.free).toEqual(["y", "z"]);
      // Both remaining places of the first window taken: nobody is free for it.
      const full = freeWindows(windows.slice(0, 1), [crew[0]!, person("y", { appointments: busyAt("2026-06-02", "10:00", "12:00") })], NY);
      expect(full[0]!.free).toEqual([]);
    });

    it("gives a booking to the free person with the fewest appointments that day, the first listed on a tie", () => {
      const on = (d: string, from: string, to: string) => ({ start: wall(d, from), end: wall(d, to) });
      const crew = [
        person("busy", { appointments: [on("2026-06-02", "15:00", "16:00"), on("2026-06-02", "16:00", "17:00")] }),
        person("light", { appointments: [on("2026-06-02", "16:00", "17:00"), on("2026-06-03", "15:00", "16:00")] }),
        person("idle-other-day", { appointments: [on("2026-06-01", "09:00", "10:00"), on("2026-06-01", "11:00", "12:00")] }),
      ];
      const window = windows[0]!;
      expect(chooseAssignee(window, ["busy", "light", "idle-other-day"], crew, NY)).toBe("idle-other-day");
      expect(chooseAssignee(window, ["busy", "light"], crew, NY)).toBe("light");
      expect(chooseAssignee(window, ["light", "busy"], [person("light"), person("busy")], NY)).toBe("light");
      expect(chooseAssignee(window, [], crew, NY)).toBeNull();
    });

    it("agrees with the one booking rule (findConflicts) on every window, person and calendar", () => {
      // A deterministic pseudo-random mix of appointments and blocks over two weeks around a DST change.
      let seed = 7;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const firstDay = dayNumber(parseDate("2026-10-25")!);
      const days = Array.from({ length: 14 }, (_, i) => formatDate(fromDayNumber(firstDay + i)));
      const patterns = [null, "daily", "weekdays", "weekly", "monthly"] as const;
      const crew = Array.from({ length: 4 }, (_, p) => {
        const appointments = Array.from({ length: 12 }, () => {
          const d = days[Math.floor(random() * days.length)]!;
          const startMinutes = 420 + Math.floor(random() * 24) * 30;
          const start = wallTimeToInstant(parseDate(d)!, startMinutes, NY);
          return { start, end: new Date(start.getTime() + (1 + Math.floor(random() * 4)) * 1_800_000) };
        });
        const blocks = Array.from({ length: 4 }, (): BlockRule => {
          const d = days[Math.floor(random() * 5)]!;
          const start = wallTimeToInstant(parseDate(d)!, 360 + Math.floor(random() * 28) * 30, NY);
          const pattern = patterns[Math.floor(random() * patterns.length)]!;
          return { start, end: new Date(start.getTime() + (1 + Math.floor(random() * 3)) * 1_800_000), pattern, until: null };
        });
        const week = allWeek.map((d) =>
          random() < 0.2 ? { ...d, isActive: false } : { ...d, startTime: random() < 0.3 ? "09:00" : "08:00" },
        );
        return person(`p${p}`, { appointments, blocks, week });
      });
      const settings: WindowSettings = {
        windows: [
          ...everyDay("08:00", "10:00"),
          ...everyDay("10:00", "11:30"),
          ...everyDay("13:00", "16:00"),
          ...everyDay("16:30", "18:00"),
        ],
        noticeHours: 0,
        horizonDays: 14,
      };
      const candidates = candidateWindows(settings, wall("2026-10-25", "00:00"), NY);
      expect(candidates.length).toBeGreaterThan(40);
      const fast = freeWindows(candidates, crew, NY);
      let freeSeen = 0;
      let busySeen = 0;
      for (const [i, window] of candidates.entries()) {
        for (const p of crew) {
          const conflicts = findConflicts(
            window,
            {
              week: p.week,
              blocks: p.blocks.map((b, j) => ({ ...b, id: `b${j}`, title: "Block" })),
              appointments: p.appointments.map((a, j) => ({ ...a, id: `a${j}`, name: "Client" })),
            },
            NY,
          );
          const free = fast[i]!.free.includes(p.userId);
          expect(free, `${p.userId} ${window.start.toISOString()}`).toBe(conflicts.length === 0);
          if (free) freeSeen++;
          else busySeen++;
        }
      }
      // Both answers occur often enough for the comparison to mean something.
      expect(freeSeen).toBeGreaterThan(20);
      expect(busySeen).toBeGreaterThan(20);
    });
  });
});
