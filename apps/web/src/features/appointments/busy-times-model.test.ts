import { describe, expect, it } from "vitest";
import { busyLines, nextFreeText, workingText } from "./busy-times-model";

const NY = "America/New_York";

describe("busy times as the booking dialogs word them", () => {
  it("lists each busy stretch at the business zone's clock, a block named as one", () => {
    const lines = busyLines(
      {
        busy: [
          { kind: "appointment", id: "a", title: "Ana Ruiz", start: "2027-07-13T13:00:00.000Z", end: "2027-07-13T14:00:00.000Z" },
          { kind: "time-block", id: "b", title: "Busy", start: "2027-07-13T16:30:00.000Z", end: "2027-07-13T17:30:00.000Z" },
          { kind: "appointment", id: null, title: "Busy", start: "2027-07-13T19:00:00.000Z", end: "2027-07-13T20:30:00.000Z" },
        ],
      },
      NY,
    );
    expect(lines.map(({ when, what }) => `${when} ${what}`)).toEqual([
      "9:00 AM – 10:00 AM Ana Ruiz",
      "12:30 PM – 1:30 PM Time block: Busy",
      "3:00 PM – 4:30 PM Busy",
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(3);
  });

  it("says the working hours, or that the day is off", () => {
    expect(workingText({ workingHours: { start: "2027-01-12T14:00:00.000Z", end: "2027-01-12T22:00:00.000Z" } }, NY)).toBe(
      "Works 9:00 AM – 5:00 PM",
    );
    expect(workingText({ workingHours: null }, NY)).toBe("Not a working day");
  });

  it("names the next free time by weekday within the week chosen, with its date further on", () => {
    const tuesday = { date: "2027-07-13", time: "14:00", start: "2027-07-13T18:00:00.000Z" };
    expect(nextFreeText(tuesday, "2027-07-13", NY)).toBe("Tue 2:00 PM");
    expect(nextFreeText({ date: "2027-07-19", time: "09:00", start: "2027-07-19T13:00:00.000Z" }, "2027-07-13", NY)).toBe("Mon 9:00 AM");
    expect(nextFreeText({ date: "2027-07-20", time: "09:00", start: "2027-07-20T13:00:00.000Z" }, "2027-07-13", NY)).toBe(
      "Tue, Jul 20, 9:00 AM",
    );
  });
});
