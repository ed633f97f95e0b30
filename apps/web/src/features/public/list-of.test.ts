import { describe, expect, it } from "vitest";
import { listOf } from "./list-of";

describe("listOf", () => {
  it("joins with commas and a final 'and'", () => {
    expect(listOf(["Buncombe", "Henderson", "Haywood", "Madison"])).toBe("Buncombe, Henderson, Haywood and Madison");
    expect(listOf(["Arden", "Enka"])).toBe("Arden and Enka");
    expect(listOf(["Asheville"])).toBe("Asheville");
    expect(listOf([])).toBe("");
  });
});
