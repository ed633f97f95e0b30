import { useCallback, useSyncExternalStore } from "react";

/**
 * Which cards show their details. Kept outside the cards: a column draws only the cards in view,
 * so a card scrolled away and back (or moved to another column) is a new component, and must
 * open as the person left it. Each card subscribes to its own id only, so opening one card
 * re-renders that card alone.
 */
export function createExpansionStore() {
  const expanded = new Set<string>();
  const listeners = new Map<string, Set<() => void>>();
  const notify = (id: string) => listeners.get(id)?.forEach((listener) => listener());
  return {
    isExpanded: (id: string) => expanded.has(id),
    toggle(id: string) {
      if (!expanded.delete(id)) expanded.add(id);
      notify(id);
    },
    subscribe(id: string, listener: () => void) {
      let forId = listeners.get(id);
      if (!forId) listeners.set(id, (forId = new Set()));
      forId.add(listener);
      return () => {
        forId.delete(listener);
        if (forId.size === 0) listeners.delete(id);
      };
    },
  };
}

export type ExpansionStore = ReturnType<typeof createExpansionStore>;

/** One per page: the board comes and goes with its tab, the person's open cards stay open. */
const cardExpansion = createExpansionStore();

/** Whether the lead's card shows its details, and the toggle. */
export function useCardExpanded(leadId: string, store: ExpansionStore = cardExpansion): [boolean, () => void] {
  const subscribe = useCallback((listener: () => void) => store.subscribe(leadId, listener), [store, leadId]);
  const expanded = useSyncExternalStore(
    subscribe,
    () => store.isExpanded(leadId),
    () => false,
  );
  const toggle = useCallback(() => store.toggle(leadId), [store, leadId]);
  return [expanded, toggle];
}
