import { describe, expect, it, vi } from "vitest";
import { createExpansionStore } from "./lead-card-expansion";

describe("createExpansionStore", () => {
  it("toggles a card open and closed", () => {
    const store = createExpansionStore();
    expect(store.isExpanded("a")).toBe(false);
    store.toggle("a");
    expect(store.isExpanded("a")).toBe(true);
    expect(store.isExpanded("b")).toBe(false);
    store.toggle("a");
    expect(store.isExpanded("a")).toBe(false);
  });

  it("tells only the toggled card's listeners", () => {
    const store = createExpansionStore();
    const a = vi.fn();
    const b = vi.fn();
    const stopA = store.subscribe("a", a);
    store.subscribe("b", b);
    store.toggle("a");
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    stopA();
    store.toggle("a");
    expect(a).toHaveBeenCalledTimes(1);
  });

  it("remembers an open card while nothing listens (scrolled out of a column and back)", () => {
    const store = createExpansionStore();
    const stop = store.subscribe("a", () => {});
    store.toggle("a");
    stop();
    expect(store.isExpanded("a")).toBe(true);
  });
});
