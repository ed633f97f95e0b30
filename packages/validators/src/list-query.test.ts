import { describe, expect, it } from "vitest";
import { leadFilterSchema } from "./list-query.js";

describe("lead list filters", () => {
  it("take a day of the calendar or an instant for scheduledFrom and scheduledTo, never an impossible day", () => {
    for (const ok of ["2027-02-28", "2028-02-29", "1999-12-31", "2027-03-14T09:00:00-04:00", "2027-03-14T13:00:00Z"]) {
      expect(leadFilterSchema.safeParse({ scheduledFrom: ok, scheduledTo: ok }).success, ok).toBe(true);
    }
    for (const bad of ["7461-37-65", "2027-02-29", "2027-04-31", "2027-00-10", "0000-01-01", "2027-3-14", "tomorrow"]) {
      expect(leadFilterSchema.safeParse({ scheduledFrom: bad }).success, bad).toBe(false);
    }
  });

  it("take comma lists of known statuses and sources, spaces around commas allowed", () => {
    expect(leadFilterSchema.parse({ status: " new , won", source: "website" })).toMatchObject({
      status: ["new", "won"],
      source: ["website"],
    });
    expect(leadFilterSchema.safeParse({ status: "new,maybe" }).error?.issues[0]?.message).toBe(
      'Unknown value "maybe": use one or more of new, contacted, scheduled, quoted, won, lost, in-progress, completed, separated by commas',
    );
  });
});
