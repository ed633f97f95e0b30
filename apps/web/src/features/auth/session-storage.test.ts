import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readStoredUser, SESSION_STORAGE_KEY, subscribeStoredUser, writeStoredUser } from "./session-storage";

const user = {
  id: "0b8a6d5e-3f1c-4a7b-9d2e-1c5f8a9b7e6d",
  username: "sam",
  email: "sam@example.com",
  isAdmin: true,
  role: "admin" as const,
  createdAt: "2025-01-01T00:00:00.000Z",
};

function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { localStorage, addEventListener: vi.fn(), removeEventListener: vi.fn(), items };
}

describe("session storage", () => {
  it("is empty and harmless without a window (server rendering)", () => {
    expect(readStoredUser()).toBeNull();
    expect(() => writeStoredUser(user)).not.toThrow();
  });

  describe("in a browser", () => {
    let window: ReturnType<typeof fakeWindow>;
    beforeEach(() => {
      window = fakeWindow();
      vi.stubGlobal("window", window);
    });
    afterEach(() => vi.unstubAllGlobals());

    it(`stores the user under "${SESSION_STORAGE_KEY}" and returns a stable object`, () => {
      writeStoredUser(user);
      expect(JSON.parse(window.items.get("crawlguard_user") ?? "null")).toEqual(user);
      const first = readStoredUser();
      expect(first).toEqual(user);
      expect(readStoredUser()).toBe(first);
      writeStoredUser(null);
      expect(window.items.has("crawlguard_user")).toBe(false);
      expect(readStoredUser()).toBeNull();
    });

    it("ignores malformed data", () => {
      window.items.set("crawlguard_user", "{not json");
      expect(readStoredUser()).toBeNull();
      window.items.set("crawlguard_user", JSON.stringify({ id: 1 }));
      expect(readStoredUser()).toBeNull();
    });

    it("notifies subscribers of changes", () => {
      const listener = vi.fn();
      const unsubscribe = subscribeStoredUser(listener);
      writeStoredUser(user);
      expect(listener).toHaveBeenCalledTimes(1);
      unsubscribe();
      writeStoredUser(null);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(window.addEventListener).toHaveBeenCalledWith("storage", expect.any(Function));
      expect(window.removeEventListener).toHaveBeenCalledWith("storage", expect.any(Function));
    });
  });
});
