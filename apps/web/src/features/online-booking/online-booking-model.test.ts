import { describe, expect, it } from "vitest";
import { draftErrors, newWindow, parseZipCodes, toDraft, toInput } from "./online-booking-model";

const settings = {
  enabled: true,
  windows: [
    { dayOfWeek: 1, start: "09:00", end: "11:00" },
    { dayOfWeek: 3, start: "13:00", end: "15:00" },
  ],
  noticeHours: 24,
  horizonDays: 14,
  bookableUserIds: ["u1", "u2"],
  serviceZipCodes: ["28801", "28803"],
  timeZone: "America/New_York",
};

describe("the Online booking card's form", () => {
  it("shows the settings as typed and saves them back unchanged", () => {
    const draft = toDraft(settings);
    expect(draft).toMatchObject({ noticeHours: "24", horizonDays: "14", zipCodes: "28801, 28803" });
    expect(draft.windows.map((w) => [w.dayOfWeek, w.start, w.end])).toEqual([
      ["1", "09:00", "11:00"],
      ["3", "13:00", "15:00"],
    ]);
    const { timeZone: _zone, ...saved } = settings;
    expect(toInput(draft)).toEqual(saved);
  });

  it("reads zip codes separated by commas, spaces, semicolons or lines; an empty list serves every zip", () => {
    expect(parseZipCodes(" 28801,28803;\n28804  28805 ")).toEqual(["28801", "28803", "28804", "28805"]);
    expect(parseZipCodes("   ")).toEqual([]);
  });

  it("sends a number that is not whole as NaN, for the server to name", () => {
    const draft = { ...toDraft(settings), noticeHours: "2.5", horizonDays: "" };
    expect(toInput(draft).noticeHours).toBeNaN();
    expect(toInput(draft).horizonDays).toBeNaN();
  });

  it("adds a window on the last one's day, each with a key of its own", () => {
    const draft = toDraft(settings);
    const added = newWindow(draft.windows);
    expect(added).toMatchObject({ dayOfWeek: "3", start: "09:00", end: "11:00" });
    expect(new Set([...draft.windows.map((w) => w.key), added.key]).size).toBe(3);
    expect(newWindow([])).toMatchObject({ dayOfWeek: "1" });
  });

  it("puts a refusal's messages beside the window, number or zip code they name", () => {
    const draft = { ...toDraft(settings), zipCodes: "28801, 2880" };
    const errors = draftErrors(draft, [
      { path: "windows.1.end", message: "A window lasts 30, 60, 90, 120 or 180 minutes" },
      { path: "windows.1.start", message: "Windows on the same day may not overlap" },
      { path: "noticeHours", message: "Notice must be 0 hours or more" },
      { path: "serviceZipCodes.1", message: "Zip code must be 5 digits" },
      { path: "bookableUserIds.0", message: "No user has this id" },
      { path: "", message: "Something else" },
    ]);
    expect(errors.windows).toEqual({ [draft.windows[1]!.key]: "A window lasts 30, 60, 90, 120 or 180 minutes" });
    expect(errors.noticeHours).toBe("Notice must be 0 hours or more");
    expect(errors.zipCodes).toBe("2880: Zip code must be 5 digits");
    expect(errors.bookableUserIds).toBe("No user has this id");
    expect(errors.other).toBe("Something else");
  });
});
