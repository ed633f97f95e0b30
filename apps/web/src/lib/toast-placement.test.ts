import { describe, expect, it } from "vitest";
import { chooseToastPlacement, toastZone } from "./toast-placement";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

describe("chooseToastPlacement", () => {
  it("is bottom-end on wider screens and the top on a phone", () => {
    expect(chooseToastPlacement({ viewport: desktop, phone: false, keepClear: [] })).toBe("bottom-end");
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [] })).toBe("top-end");
  });

  it("moves to the other end when the usual one would cover a one-time secret", () => {
    const lowRight = { box: { left: 900, top: 700, right: 1240, bottom: 790 }, on: "always" as const };
    expect(chooseToastPlacement({ viewport: desktop, phone: false, keepClear: [lowRight] })).toBe("top-end");
    // On the left, a desktop toast at the bottom-right does not reach it.
    const lowLeft = { box: { left: 16, top: 700, right: 600, bottom: 790 }, on: "always" as const };
    expect(chooseToastPlacement({ viewport: desktop, phone: false, keepClear: [lowLeft] })).toBe("bottom-end");
    // A phone's toast spans the width.
    const topLeft = { box: { left: 16, top: 40, right: 200, bottom: 120 }, on: "always" as const };
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [topLeft] })).toBe("bottom-end");
  });

  it("covers the least of it when both ends would cover something", () => {
    const secretLow = { box: { left: 0, top: 600, right: 390, bottom: 844 }, on: "always" as const };
    const secretSliverHigh = { box: { left: 0, top: 100, right: 390, bottom: 200 }, on: "always" as const };
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [secretLow, secretSliverHigh] })).toBe("top-end");
    const secretHigh = { box: { left: 0, top: 0, right: 390, bottom: 250 }, on: "always" as const };
    const secretSliverLow = { box: { left: 0, top: 800, right: 390, bottom: 844 }, on: "always" as const };
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [secretHigh, secretSliverLow] })).toBe("bottom-end");
  });

  it("keeps the board clear on a phone only, and stays put when nothing is clear", () => {
    const boardHigh = { box: { left: 0, top: 60, right: 390, bottom: 500 }, on: "phone" as const };
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [boardHigh] })).toBe("bottom-end");
    expect(
      chooseToastPlacement({ viewport: desktop, phone: false, keepClear: [{ ...boardHigh, box: { ...boardHigh.box, bottom: 800 } }] }),
    ).toBe("bottom-end");
    const boardEverywhere = { box: { left: 0, top: 0, right: 390, bottom: 844 }, on: "phone" as const };
    expect(chooseToastPlacement({ viewport: phone, phone: true, keepClear: [boardEverywhere] })).toBe("top-end");
  });

  it("takes the width of the screen on a phone, a toast's width at the end otherwise", () => {
    expect(toastZone("top-end", phone, true)).toEqual({ left: 0, top: 0, right: 390, bottom: 160 });
    expect(toastZone("bottom-end", desktop, false)).toEqual({ left: 864, top: 640, right: 1280, bottom: 800 });
  });
});
