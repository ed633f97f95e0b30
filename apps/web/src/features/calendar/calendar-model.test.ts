import type { GoogleCalendarEvent, Lead, RangeAppointment, RangeBlock } from "@crawlguard/validators";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appointmentEvents, blockEvents, type CalendarEvent, dayInRange, googleEvents, monthCellEvents } from "./calendar-event-model";
import { eventsOnDay, fitOverlaps, gridHours, isPastSlot, statusCounts } from "./calendar-grid";
import { navigateDate, rangeQuery, splitAppointments, viewTitle, visibleDays } from "./calendar-model";

const NY = "America/New_York";

let savedTz: string | undefined;
beforeEach(() => {
  // The calendar must not care where the browser is.
  savedTz = process.env["TZ"];
  process.env["TZ"] = "Asia/Tokyo";
});
afterEach(() => {
  if (savedTz === undefined) delete process.env["TZ"];
  else process.env["TZ"] = savedTz;
});

const appt = (overrides: Partial<RangeAppointment>): RangeAppointment => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Ana",
  phone: null,
  address: null,
  service: "crawl-space-encapsulation",
  status: "scheduled",
  priority: "medium",
  start: "2026-03-09T13:00:00.000Z",
  end: "2026-03-09T14:00:00.000Z",
  durationMinutes: 60,
  assigneeName: null,
  mine: false,
  ...overrides,
});

describe("isPastSlot", () => {
  it("shades a slot once a minute after its start has begun: in its first minute it is still open", () => {
    const slot = new Date(2026, 10, 25, 10, 0);
    expect(isPastSlot(slot, new Date(2026, 10, 25, 9, 59))).toBe(false);
    expect(isPastSlot(slot, new Date(2026, 10, 25, 10, 0))).toBe(false);
    expect(isPastSlot(slot, new Date(2026, 10, 25, 10, 1))).toBe(true);
  });
});

describe("visible ranges", () => {
  it("starts weeks on Sunday and months on the Sunday before the 1st", () => {
    const wed = new Date(2026, 2, 11);
    expect(visibleDays("week", wed)).toEqual({ start: new Date(2026, 2, 8), end: new Date(2026, 2, 15) });
    expect(visibleDays("month", wed)).toEqual({ start: new Date(2026, 2, 1), end: new Date(2026, 3, 5) });
    expect(visibleDays("month", new Date(2026, 4, 20))).toEqual({ start: new Date(2026, 3, 26), end: new Date(2026, 5, 7) });
  });

  it("asks the server for the business zone's midnights, 167 hours in the spring-forward week", () => {
    const query = rangeQuery("week", new Date(2026, 2, 11), NY);
    expect(query).toEqual({ start: "2026-03-08T05:00:00.000Z", end: "2026-03-15T04:00:00.000Z" });
    expect((Date.parse(query!.end) - Date.parse(query!.start)) / 3_600_000).toBe(167);
    expect(rangeQuery("day", new Date(2026, 10, 1), NY)).toEqual({ start: "2026-11-01T04:00:00.000Z", end: "2026-11-02T05:00:00.000Z" });
  });

  it("navigates by month, week and day, and back to today", () => {
    const date = new Date(2026, 0, 31);
    expect(navigateDate("month", date, "NEXT", date)).toEqual(new Date(2026, 1, 28));
    expect(navigateDate("week", date, "PREV", date)).toEqual(new Date(2026, 0, 24));
    expect(navigateDate("day", date, "NEXT", date)).toEqual(new Date(2026, 1, 1));
    expect(navigateDate("week", date, "TODAY", new Date(2026, 5, 3, 15, 20))).toEqual(new Date(2026, 5, 3));
  });

  it("titles each view", () => {
    expect(viewTitle("month", new Date(2026, 2, 11))).toBe("March 2026");
    expect(viewTitle("week", new Date(2026, 2, 11))).toBe("Mar 8 – 14, 2026");
    expect(viewTitle("week", new Date(2026, 3, 1))).toBe("Mar 29 – Apr 4, 2026");
    expect(viewTitle("week", new Date(2026, 11, 30))).toBe("Dec 27, 2026 – Jan 2, 2027");
    expect(viewTitle("day", new Date(2026, 2, 10))).toBe("Tuesday, March 10, 2026");
  });
});

describe("events", () => {
  it("draws appointments at the Asheville wall clock on both sides of DST", () => {
    const events = appointmentEvents(
      [appt({ id: "a", start: "2026-03-06T14:00:00.000Z", end: "2026-03-06T15:00:00.000Z" }), appt({ id: "b" })],
      NY,
    );
    expect(events.map((e) => [e.start.getDate(), e.start.getHours(), e.end.getHours()])).toEqual([
      [6, 9, 10],
      [9, 9, 10],
    ]);
    expect(eventsOnDay(events, new Date(2026, 2, 9, 15)).map((e) => e.id)).toEqual(["b"]);
  });

  it("draws each occurrence of a block at the Asheville wall clock, with the block's fields", () => {
    const block: RangeBlock = {
      id: "00000000-0000-4000-8000-0000000000b1",
      title: "Lunch",
      description: null,
      blockType: "break",
      color: "#84cc16",
      recurring: true,
      recurringPattern: "daily",
      ownerName: "sam",
      mine: true,
      // Noon to one in New York on the Friday before the spring change and on the Monday after it.
      occurrences: [
        { start: "2026-03-06T17:00:00.000Z", end: "2026-03-06T18:00:00.000Z" },
        { start: "2026-03-09T16:00:00.000Z", end: "2026-03-09T17:00:00.000Z" },
      ],
    };
    const events = blockEvents([block, { ...block, id: "00000000-0000-4000-8000-0000000000b2", occurrences: [] }], NY);
    expect(events.map((e) => [e.id, e.start.getDate(), e.start.getHours(), e.end.getHours()])).toEqual([
      [`${block.id}@2026-03-06T17:00:00.000Z`, 6, 12, 13],
      [`${block.id}@2026-03-09T16:00:00.000Z`, 9, 12, 13],
    ]);
    expect(events.every((e) => e.kind === "block" && e.block === block && e.title === "Lunch")).toBe(true);
  });

  it("converts one range answer once per zone, and a new answer again", () => {
    const answer = [appt({ id: "a" })];
    const first = appointmentEvents(answer, NY);
    expect(appointmentEvents(answer, NY)).toBe(first);
    const chicago = appointmentEvents(answer, "America/Chicago");
    expect(chicago).not.toBe(first);
    expect(chicago[0]!.start.getHours()).toBe(8);
    const refetched = appointmentEvents([appt({ id: "a", start: "2026-03-09T15:00:00.000Z", end: "2026-03-09T16:00:00.000Z" })], NY);
    expect(refetched[0]!.start.getHours()).toBe(11);
  });

  it("tells whether a day is within two dates' calendar days", () => {
    const start = new Date(2026, 0, 31, 23, 30);
    const end = new Date(2026, 1, 2, 0, 30);
    expect(dayInRange(new Date(2026, 0, 31, 0, 0), start, end)).toBe(true);
    expect(dayInRange(new Date(2026, 1, 1, 12, 0), start, end)).toBe(true);
    expect(dayInRange(new Date(2026, 1, 2, 23, 59), start, end)).toBe(true);
    expect(dayInRange(new Date(2026, 0, 30, 23, 59), start, end)).toBe(false);
    expect(dayInRange(new Date(2026, 1, 3, 0, 0), start, end)).toBe(false);
    // Across a year's end, and with a missing bound.
    expect(dayInRange(new Date(2027, 0, 1), new Date(2026, 11, 31, 22), new Date(2027, 0, 1, 1))).toBe(true);
    expect(dayInRange(new Date(2026, 11, 30), new Date(2026, 11, 31), null)).toBe(false);
    expect(dayInRange(new Date(2027, 5, 1), new Date(2026, 11, 31), undefined)).toBe(true);
    expect(dayInRange(new Date(2020, 5, 1), null, new Date(2026, 11, 31))).toBe(true);
  });

  it("counts the summary statuses", () => {
    expect(
      statusCounts([
        { status: "new" },
        { status: "in-progress" },
        { status: "completed" },
        { status: "completed" },
        { status: "scheduled" },
        { status: "scheduled" },
        { status: "won" },
      ]),
    ).toEqual({
      total: 7,
      scheduled: 2,
      new: 1,
      inProgress: 1,
      completed: 2,
    });
  });
});

describe("recent and past appointments", () => {
  const lead = (name: string, scheduledDate: string | null, assigneeName: string | null = null) =>
    ({ id: name, name, scheduledDate, assigneeName }) as Lead;
  const now = Date.parse("2026-03-10T12:00:00Z");
  const leads = [
    ...Array.from({ length: 7 }, (_, i) => lead(`up${i}`, new Date(now + (7 - i) * 3_600_000).toISOString())),
    ...Array.from({ length: 12 }, (_, i) => lead(`past${i}`, new Date(now - (i + 1) * 3_600_000).toISOString())),
    lead("unscheduled", null),
    lead("theirs", new Date(now + 3_600_000 / 2).toISOString(), "sam"),
  ];

  it("lists the 5 soonest upcoming and the 10 latest past ones", () => {
    const { upcoming, past, upcomingTotal } = splitAppointments(leads, now, { scope: "mine", username: "me", upcomingLimit: 5 });
    expect(upcoming.map((l) => l.name)).toEqual(["up6", "up5", "up4", "up3", "up2"]);
    expect(upcomingTotal).toBe(7);
    expect(past.map((l) => l.name)).toEqual(["past0", "past1", "past2", "past3", "past4", "past5", "past6", "past7", "past8", "past9"]);
  });

  it("shows everyone's in the all scope, and all upcoming without a limit", () => {
    const { upcoming } = splitAppointments(leads, now, { scope: "all", username: "me" });
    expect(upcoming).toHaveLength(8);
    expect(upcoming[0]?.name).toBe("theirs");
  });
});

describe("monthCellEvents", () => {
  const at = (day: number, hour: number, id: string) =>
    appointmentEvents(
      [
        appt({
          id,
          start: new Date(Date.UTC(2027, 2, day, hour + 5)).toISOString(),
          end: new Date(Date.UTC(2027, 2, day, hour + 6)).toISOString(),
        }),
      ],
      NY,
    )[0]!;

  it("keeps up to two appointments a day, by start, then one '+N more' at the day's end", () => {
    const items = monthCellEvents([at(1, 13, "c"), at(1, 9, "a"), at(1, 11, "b"), at(1, 15, "d"), at(2, 10, "e"), at(2, 8, "f")]);
    expect(items.map((i) => (i.kind === "more" ? i.title : i.id))).toEqual(["a", "b", "+2 more", "f", "e"]);
    const more = items[2]!;
    expect(more.kind).toBe("more");
    // On March 1 at the business zone's wall clock, after every appointment of that day.
    expect(more.start.getDate()).toBe(1);
    expect(more.start.getHours()).toBe(23);
  });

  it("adds nothing to a day with two or fewer", () => {
    expect(monthCellEvents([at(3, 9, "a"), at(3, 10, "b")]).every((i) => i.kind === "appointment")).toBe(true);
    expect(monthCellEvents([])).toEqual([]);
  });
});

describe("Google Calendar events beside ours", () => {
  const google = (overrides: Partial<GoogleCalendarEvent>): GoogleCalendarEvent => ({
    id: "abc123googleevent",
    summary: "Dentist",
    start: { dateTime: "2027-03-02T15:00:00-05:00", date: null, timeZone: "America/New_York" },
    end: { dateTime: "2027-03-02T16:00:00-05:00", date: null, timeZone: "America/New_York" },
    location: null,
    status: "confirmed",
    htmlLink: "https://calendar.google.com/event?eid=x",
    ...overrides,
  });
  const ours = "0f8fad5bd9cb469fa16570867728950f";

  it("are drawn at the business zone's clock, leaving out our own appointments' events", () => {
    const items = googleEvents([google({}), google({ id: ours, summary: "Crawl Space Encapsulation — Ana" })], new Set([ours]), NY);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "google", id: "google:abc123googleevent", title: "Dentist", allDay: false });
    // 15:00 in Asheville whatever the browser's zone (Tokyo here).
    expect([items[0]!.start.getDate(), items[0]!.start.getHours(), items[0]!.end.getHours()]).toEqual([2, 15, 16]);
  });

  it("draws a date-only event over its days (Google's end date is exclusive), and names untitled ones", () => {
    const [item] = googleEvents(
      [
        google({
          summary: "  ",
          start: { dateTime: null, date: "2027-03-04", timeZone: null },
          end: { dateTime: null, date: "2027-03-06", timeZone: null },
        }),
      ],
      new Set(),
      NY,
    );
    expect(item).toMatchObject({ allDay: true, title: "(No title)" });
    expect(item!.start).toEqual(new Date(2027, 2, 4));
    expect(item!.end).toEqual(new Date(2027, 2, 6));
  });

  it("skips events without a usable time", () => {
    expect(googleEvents([google({ start: { dateTime: null, date: null, timeZone: null } })], new Set(), NY)).toEqual([]);
  });

  it("take the month cell's lines appointments leave free, and count in '+N more'", () => {
    const appointment = (hour: number, id: string) =>
      appointmentEvents(
        [
          appt({
            id,
            start: new Date(Date.UTC(2027, 2, 2, hour + 5)).toISOString(),
            end: new Date(Date.UTC(2027, 2, 2, hour + 6)).toISOString(),
          }),
        ],
        NY,
      )[0]!;
    const early = googleEvents(
      [google({ id: "early1", start: { dateTime: "2027-03-02T07:00:00-05:00", date: null, timeZone: null } })],
      new Set(),
      NY,
    )[0]!;
    const label = (items: ReturnType<typeof monthCellEvents>) => items.map((i) => (i.kind === "more" ? i.title : i.id));
    // One appointment: the Google event fills the second line, shown in time order.
    expect(label(monthCellEvents([appointment(10, "a"), early]))).toEqual(["google:early1", "a"]);
    // Two appointments: they keep both lines; the Google event is behind "+1 more".
    expect(label(monthCellEvents([appointment(10, "a"), appointment(11, "b"), early]))).toEqual(["a", "b", "+1 more"]);
  });
});

describe("week and day grids", () => {
  const item = (id: string, start: Date, minutes: number): CalendarEvent =>
    ({ kind: "appointment", id, title: id, start, end: new Date(start.getTime() + minutes * 60_000) }) as CalendarEvent;
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);
  const base = { first: 6, end: 22 };

  it("draws 6:00–22:00, widened to take in items before, after and past midnight", () => {
    expect(gridHours([item("a", at(10, 9), 60)], base)).toEqual(base);
    expect(gridHours([item("a", at(10, 5), 60), item("b", at(11, 22), 60)], base)).toEqual({ first: 5, end: 23 });
    expect(gridHours([item("a", at(10, 21, 30), 45)], base)).toEqual({ first: 6, end: 23 });
    expect(gridHours([item("a", at(10, 23), 60)], base)).toEqual({ first: 6, end: 24 }); // ends at midnight
    expect(gridHours([item("a", at(10, 23), 120)], base)).toEqual({ first: 0, end: 24 }); // into the next day
    // "+N more" and Google's all-day events are not drawn in the hours.
    const allDay = { kind: "google", id: "g", title: "g", start: at(10, 0), end: at(11, 0), allDay: true } as CalendarEvent;
    expect(gridHours([allDay], base)).toEqual(base);
  });

  it("keeps overlapping items side by side up to the columns that fit, then one +N more spanning the rest", () => {
    const three = [item("a", at(10, 9), 60), item("b", at(10, 9), 60), item("c", at(10, 9, 30), 60)];
    expect(fitOverlaps(three, 3).map((e) => e.id)).toEqual(["a", "b", "c"]);
    const two = fitOverlaps(three, 2);
    expect(two.map((e) => e.title)).toEqual(["a", "+2 more"]);
    expect(two[1]).toMatchObject({ kind: "more", hidden: 2, start: at(10, 9), end: at(10, 10, 30) });
    // Items that do not overlap, or fall on another day, are never folded.
    const apart = [item("a", at(10, 9), 60), item("b", at(10, 10), 60), item("c", at(11, 9), 60)];
    expect(fitOverlaps(apart, 1).map((e) => e.id)).toEqual(["a", "b", "c"]);
    // Appointments come before a block that starts with them.
    const block = { kind: "block", id: "blk", title: "Lunch", start: at(10, 9), end: at(10, 10) } as CalendarEvent;
    expect(fitOverlaps([block, ...three], 2).map((e) => e.title)).toEqual(["a", "+3 more"]);
  });
});
