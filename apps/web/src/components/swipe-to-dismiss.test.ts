import { describe, expect, it } from "vitest";
import { SWIPE_DISMISS_PX, swipeDismisses } from "./swipe-to-dismiss";

describe("swipe to dismiss", () => {
  it("dismisses from 50 px either way, not before", () => {
    expect(SWIPE_DISMISS_PX).toBe(50);
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(-49.5)).toBe(false);
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(-120)).toBe(true);
  });
});
