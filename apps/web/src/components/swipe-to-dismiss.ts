import { type PointerEvent, useRef } from "react";

/** How far a toast is swiped sideways before it goes (docs/product.md "Error catalogue"). */
export const SWIPE_DISMISS_PX = 50;

/** Whether a sideways drag of `dx` pixels (either way) dismisses. */
export function swipeDismisses(dx: number, threshold = SWIPE_DISMISS_PX): boolean {
  return Math.abs(dx) >= threshold;
}

/**
 * Pointer handlers that let a toast follow a sideways swipe (touch, pen or mouse) and call
 * `onDismiss` when it is let go at least the threshold away; a shorter swipe springs back.
 * Presses on its buttons are left alone.
 */
export function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const move = (el: HTMLElement, dx: number) => {
    el.style.transform = dx ? `translateX(${dx}px)` : "";
    el.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / (SWIPE_DISMISS_PX * 3))) : "";
  };
  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if ((e.target as HTMLElement).closest("button, a")) return;
      start.current = { x: e.clientX, id: e.pointerId };
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (start.current?.id === e.pointerId) move(e.currentTarget, e.clientX - start.current.x);
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      if (start.current?.id !== e.pointerId) return;
      const dx = e.clientX - start.current.x;
      start.current = null;
      move(e.currentTarget, 0);
      if (swipeDismisses(dx)) onDismiss();
    },
    onPointerCancel(e: PointerEvent<HTMLElement>) {
      start.current = null;
      move(e.currentTarget, 0);
    },
  };
}
