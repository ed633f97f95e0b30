import { describe, expect, it } from "vitest";
import { fullAddress, mapsUrl } from "./my-day.js";
import { arrivalFrom, clockTime, tooSoonMessage } from "./on-my-way.js";

describe("the crew's day, pure parts", () => {
  it("a full address has its zip code once", () => {
    expect(fullAddress("12 Merrimon Ave, Asheville, NC 28801", "28801")).toBe("12 Merrimon Ave, Asheville, NC 28801");
    expect(fullAddress("12 Merrimon Ave, Asheville, NC", "28801")).toBe("12 Merrimon Ave, Asheville, NC 28801");
    expect(fullAddress("  ", "28801")).toBe("28801");
    expect(fullAddress(null, null)).toBeNull();
  });

  it("the maps link searches Google Maps for the whole address, encoded", () => {
    const url = mapsUrl("5 Oak St #2, Black Mountain & Co, NC 28711");
    expect(url).toBe(
      "https://www.google.com/maps/search/?api=1&query=5%20Oak%20St%20%232%2C%20Black%20Mountain%20%26%20Co%2C%20NC%2028711",
    );
    expect(new URL(url!).searchParams.get("query")).toBe("5 Oak St #2, Black Mountain & Co, NC 28711");
    expect(mapsUrl(null)).toBeNull();
  });

  it("the arrival is now plus the ETA to the minute, said as a clock time of the business zone", () => {
    const now = new Date("2027-07-13T18:14:40Z");
    expect(arrivalFrom(now, 25).toISOString()).toBe("2027-07-13T18:40:00.000Z");
    expect(clockTime(arrivalFrom(now, 25), "America/New_York")).toBe("2:40 PM");
    expect(clockTime(arrivalFrom(now, 25), "America/Los_Angeles")).toBe("11:40 AM");
    // Across the fall-back hour the zone's own offset is used.
    expect(clockTime(new Date("2027-11-07T06:30:00Z"), "America/New_York")).toBe("1:30 AM");
  });

  it("a refusal says when to try again, in whole minutes", () => {
    expect(tooSoonMessage(1799)).toMatch(/in 30 minutes\.$/);
    expect(tooSoonMessage(20)).toMatch(/in 1 minute\.$/);
  });
});
