import { describe, expect, it } from "vitest";
import { finishTyping, shownValue, untyped, valueChanged } from "./typed-value";

describe("a typed date or time", () => {
  it("waits as a draft through every key, and is committed whole on Enter or when the field is left", () => {
    // 12012026 typed into a date field: the browser reports each year it passes through.
    let state = untyped;
    for (const partial of ["0002-12-01", "0020-12-01", "0202-12-01", "2026-12-01"]) {
      const step = valueChanged(partial, true);
      expect(step.commit).toBeUndefined();
      state = step.state;
      expect(shownValue(state, "2026-11-28")).toBe(partial);
    }
    expect(finishTyping(state, "2026-11-28")).toEqual({ state: untyped, commit: "2026-12-01" });
  });

  it("commits a picked (or pasted) value at once", () => {
    expect(valueChanged("2026-12-24", false)).toEqual({ state: untyped, commit: "2026-12-24" });
  });

  it("commits nothing when nothing was typed, or the form already has the value", () => {
    expect(finishTyping(untyped, "2026-11-28")).toEqual({ state: untyped });
    expect(finishTyping({ draft: "2026-11-28" }, "2026-11-28")).toEqual({ state: untyped });
    expect(shownValue(untyped, "2026-11-28")).toBe("2026-11-28");
  });

  it("commits a field cleared by keys as empty", () => {
    const { state } = valueChanged("", true);
    expect(finishTyping(state, "2026-11-28")).toEqual({ state: untyped, commit: "" });
  });
});
