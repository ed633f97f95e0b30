import type { ReactNode } from "react";

export type ToastInput = {
  title: string;
  /** Text from visitors (names, emails) goes in a <bdi>, so it cannot reverse the sentence around it. */
  description?: ReactNode;
  type?: "success" | "error" | "info";
  /** A button in the toast (what to do about it), e.g. open the record it is about. */
  action?: { label: string; onClick: () => void };
};

const loadStore = () => import("./toast-store");
const listeners = new Set<() => void>();
let raised = false;

/**
 * Shows a toast (docs/product.md "Error catalogue"): bottom-end, 5000 ms, one visible at a time,
 * a new toast replacing the current one. The store and toast UI are a lazy
 * chunk, so calling this costs public pages nothing until it is used.
 */
export function showToast({ title, description, type = "info", action }: ToastInput): void {
  raised = true;
  for (const listener of listeners) listener();
  void loadStore().then(({ toaster }) => {
    toaster.remove();
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
