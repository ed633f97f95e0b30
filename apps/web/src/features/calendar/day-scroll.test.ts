import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "./calendar-event-model";
import { dayScrollTime } from "./day-scroll";

const day = new Date(2027, 2, 16);
const item = (kind: CalendarEvent["kind"], hour: number, minute = 0, date = day) =>
  ({
    kind,
    id: `${kind}-${hour}`,
    title: kind,
    start: new Date(date.getFullYear(), date.getMonth(), date.getDate(), hour, minute),
    end: new Date(date.getFullYear(), date.getMonth(), date.getDate(), hour + 1, minute),
  }) as unknown as CalendarEvent;

const hhmm = (date: Date) => `${date.getHours()}:${String(date.getMinutes()).padStart(2, "0")}`;

describe("dayScrollTime", () => {
  it("opens half an hour before the day's first job", () => {
    const events = [item("appointment", 15), item("appointment", 13, 30), item("more", 16)];
    expect(hhmm(dayScrollTime(events, day, new Date(2027, 2, 16, 8)))).toBe("13:00");
  });

  it("is not moved by time blocks, Google events or another day's jobs", () => {
    const events = [item("block", 7), item("google", 8), item("appointment", 9, 0, new Date(2027, 2, 17))];
    expect(hhmm(dayScrollTime(events, day, new Date(2027, 2, 16, 11, 45)))).toBe("11:15");
  });

  it("opens at now, less the lead, on a day without jobs; never before midnight", () => {
    expect(hhmm(dayScrollTime([], day, new Date(2027, 2, 16, 14, 10)))).toBe("13:40");
    expect(hhmm(dayScrollTime([], day, new Date(2027, 2, 16, 0, 10)))).toBe("0:00");
  });
});
