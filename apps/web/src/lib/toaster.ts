import type { ReactNode } from "react";
import { chooseToastPlacement, type KeepClear } from "./toast-placement";
import type { toaster as ToasterOfStore } from "./toast-store";

type ToastStore = typeof ToasterOfStore;

export type ToastInput = {
  title: string;
  /** Text from visitors (names, emails) goes in a <bdi>, so it cannot reverse the sentence around it. */
  description?: ReactNode;
  type?: "success" | "error" | "info";
  /** A button in the toast (what to do about it), e.g. open the record it is about. */
  action?: { label: string; onClick: () => void };
};

/** The toast store once loaded (it loads with the first toast). */
let store: ToastStore | null = null;
const loadStore = () =>
  import("./toast-store").then((module) => {
    store = module.toaster;
    return module;
  });
const listeners = new Set<() => void>();
let raised = false;

/** What toasts must not cover, while it is on the page (see keepClearOfToasts). */
const keptClear = new Map<Element, KeepClear["on"]>();

/**
 * Keeps toasts off `element` while it is shown (a key shown only once; on a phone, the lead
 * board): a toast that would cover it shows at the other end of the screen. Returns the undo.
 */
export function keepClearOfToasts(element: Element, on: KeepClear["on"] = "always"): () => void {
  keptClear.set(element, on);
  // A toast already up where it would cover the new element moves to the other end.
  const visible = (store?.getVisibleToasts().length ?? 0) > 0;
  if (visible && last && placementNow() !== last.placement) showToast(last.input);
  return () => keptClear.delete(element);
}

/** The last toast raised: what it says, and where it went. */
let last: { input: ToastInput; placement: string } | null = null;

/** Below Chakra's md breakpoint, where toasts take the screen's width. */
const PHONE_QUERY = "(max-width: 47.99em)";

function placementNow() {
  const keepClear = [...keptClear].map(([element, on]) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { box: { left, top, right, bottom }, on };
  });
  return chooseToastPlacement({
    viewport: { width: window.innerWidth, height: window.innerHeight },
    phone: window.matchMedia(PHONE_QUERY).matches,
    keepClear,
  });
}

/**
 * Shows a toast (docs/product.md "Error catalogue"): bottom-end (the top on a phone), 5000 ms,
 * one visible at a time, a new toast replacing the current one; at the other end when the usual
 * one would cover what must stay in sight (toast-placement.ts). The store and toast UI are a lazy
 * chunk, so calling this costs public pages nothing until it is used.
 */
export function showToast(input: ToastInput): void {
  const { title, description, type = "info", action } = input;
  raised = true;
  for (const listener of listeners) listener();
  const placement = placementNow();
  last = { input, placement };
  void loadStore().then(({ toaster }) => {
    toaster.remove();
    // The store's placement is read by the toaster as it draws the next toast.
    toaster.attrs.placement = placement;
    toaster.create({ title, description, type, closable: true, ...(action ? { action } : {}) });
  });
}

/** Calls `listener` once a toast has been raised (at once if one already was). */
export function onToastRaised(listener: () => void): () => void {
  if (raised) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
