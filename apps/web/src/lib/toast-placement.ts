/** Where a toast can show: the top or the bottom of the screen, at the end of the line (full width on a phone). */
export type ToastPlacement = "top-end" | "bottom-end";

export type Box = { left: number; top: number; right: number; bottom: number };

/** What must stay in sight: always (a one-time secret), or on a phone only (the lead board's cards). */
export type KeepClear = { box: Box; on: "always" | "phone" };

/** Room a toast takes, at most: the toaster's 1rem inset, a 24rem toast, and up to three lines of text. */
const TOAST_WIDTH_PX = 24 * 16 + 2 * 16;
const TOAST_HEIGHT_PX = 10 * 16;

/** The area two boxes share. */
function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The screen area a toast may cover at `placement`. */
export function toastZone(placement: ToastPlacement, viewport: { width: number; height: number }, phone: boolean): Box {
  const left = phone ? 0 : Math.max(0, viewport.width - TOAST_WIDTH_PX);
  return placement === "top-end"
    ? { left, top: 0, right: viewport.width, bottom: TOAST_HEIGHT_PX }
    : { left, top: viewport.height - TOAST_HEIGHT_PX, right: viewport.width, bottom: viewport.height };
}

/**
 * Where the next toast goes: bottom-end on wider screens (docs/product.md), the top on a phone,
 * where the bottom is the board's cards and the thumb's; the other end when the usual one would
 * cover more of what must stay in sight, such as a key shown only once.
 */
export function chooseToastPlacement({
  viewport,
  phone,
  keepClear,
}: {
  viewport: { width: number; height: number };
  phone: boolean;
  keepClear: readonly KeepClear[];
}): ToastPlacement {
  const preferred: ToastPlacement[] = phone ? ["top-end", "bottom-end"] : ["bottom-end", "top-end"];
  const boxes = keepClear.filter((item) => item.on === "always" || phone).map((item) => item.box);
  const covered = (placement: ToastPlacement) => {
    const zone = toastZone(placement, viewport, phone);
    return boxes.reduce((sum, box) => sum + overlapArea(zone, box), 0);
  };
  const [usual, other] = preferred as [ToastPlacement, ToastPlacement];
  return covered(other) < covered(usual) ? other : usual;
}
