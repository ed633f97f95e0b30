import { describe, expect, it } from "vitest";
import { clientWasTold, movedToast } from "./move-outcome";

describe("clientWasTold", () => {
  const before = [
    { id: "d1", kind: "office-booking" },
    { id: "d2", kind: "client-confirmation" },
  ];
  it("is true when the move queued a client confirmation", () => {
    expect(clientWasTold(before, [...before, { id: "d3", kind: "office-booking" }, { id: "d4", kind: "client-confirmation" }])).toBe(true);
  });
  it("is false when only the office was mailed, or the confirmation is an older one", () => {
    expect(clientWasTold(before, [...before, { id: "d3", kind: "office-booking" }])).toBe(false);
    expect(clientWasTold(before, before)).toBe(false);
    expect(clientWasTold([], [{ id: "d5", kind: "client-reminder" }])).toBe(false);
  });
});

describe("movedToast", () => {
  it("says the move and the new time in the business zone, and whether the client was told", () => {
    expect(movedToast({ start: "2027-03-16T18:00:00.000Z", zone: "America/New_York", told: true })).toEqual({
      title: "Moved; the client was told",
      at: "Mar 16, 2027 at 2:00 PM",
    });
    expect(movedToast({ start: "2027-03-16T18:00:00.000Z", zone: "America/New_York", told: false }).title).toBe("Moved");
  });
});
