import { describe, expect, it } from "vitest";
import { zipFromAddress } from "./appointments.js";

describe("zipFromAddress (a booked lead keeps the client's zip code, by the one booking rule set)", () => {
  it.each([
    ["12 Merrimon Ave, Asheville, NC 28801", "28801"],
    ["12 Merrimon Ave, Asheville, NC 28801-1234", "28801"],
    ["12 Merrimon Ave, Asheville, NC 28801, USA", "28801"],
    ["12 Merrimon Ave, Asheville NC, 28801", "28801"],
    ["PO Box 7, Weaverville, N.C. 28787", "28787"],
    ["7 College St 28801", "28801"],
  ])("reads %s as %s", (address, zip) => {
    expect(zipFromAddress(address)).toBe(zip);
  });

  it.each([["12345 Old Leicester Hwy, Asheville"], ["7 College St, Asheville"], [""], [undefined]])("finds none in %s", (address) => {
    expect(zipFromAddress(address)).toBeNull();
  });
});
