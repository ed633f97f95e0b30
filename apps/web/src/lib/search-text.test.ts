import { describe, expect, it } from "vitest";
import { searchText } from "./search-text";

describe("searchText", () => {
  it("folds case and accents, in composed and decomposed forms", () => {
    expect(searchText("José Nuñez")).toBe("jose nunez");
    expect(searchText("JOSE\u0301")).toBe("jose");
    expect(searchText("Zoë Ångström-Çelik")).toBe("zoe angstrom-celik");
    expect(searchText("(828) 555-0142 a@b.co")).toBe("(828) 555-0142 a@b.co");
  });
});
