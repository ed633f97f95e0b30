/**
 * The signed-in user cached in localStorage (docs/product.md "States and transitions"), so a returning
 * visitor sees the dashboard at once while the server confirms the session.
 * Safe to import during SSR: every access checks that storage exists.
 */

import type { SessionUser } from "./types";

export const SESSION_STORAGE_KEY = "crawlguard_user";

type StoredUser = SessionUser;

type Listener = () => void;

const listeners = new Set<Listener>();
let lastRaw: string | null = null;
let lastParsed: StoredUser | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Access can throw when storage is disabled by the browser.
    return undefined;
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== "object" || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user["id"] === "string" &&
    typeof user["username"] === "string" &&
    (typeof user["email"] === "string" || user["email"] === null) &&
    typeof user["isAdmin"] === "boolean" &&
    typeof user["createdAt"] === "string"
  );
}

function parse(raw: string | null): StoredUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** The cached user; the same object while the stored text is unchanged. */
export function readStoredUser(): StoredUser | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastParsed = parse(raw);
  }
  return lastParsed;
}

export function writeStoredUser(user: StoredUser | null): void {
  const store = storage();
  try {
    if (user) store?.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else store?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Quota or privacy mode: the session still works without the cache.
  }
  for (const listener of listeners) listener();
}

/** Subscribes to changes made here and in other tabs (`storage` event). */
export function subscribeStoredUser(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

const NOTICE_KEY = "crawlguard_session_notice";

function sessionStore(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** A notice for the sign-in page, kept for this tab until that page shows it. */
export function leaveSignInNotice(text: string): void {
  try {
    sessionStore()?.setItem(NOTICE_KEY, text);
  } catch {
    // Without storage the sign-in page simply shows no notice.
  }
}

/** The notice left for the sign-in page, once: reading it removes it. */
export function takeSignInNotice(): string | null {
  try {
    const store = sessionStore();
    const text = store?.getItem(NOTICE_KEY) ?? null;
    store?.removeItem(NOTICE_KEY);
    return text;
  } catch {
    return null;
  }
}
