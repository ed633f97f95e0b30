/**
 * The search of /auth. `tab=register` opens the Register tab (the tabs are links, so they work
 * before the page's script runs); `invite` is an invitation link's code: it fills the Invitation
 * code field and opens Register.
 */
export type AuthSearch = { tab?: "register"; invite?: string };

export function authSearch(search: Record<string, unknown>): AuthSearch {
  const invite = typeof search["invite"] === "string" && search["invite"] ? search["invite"].slice(0, 200) : undefined;
  return { ...(search["tab"] === "register" ? { tab: "register" as const } : {}), ...(invite ? { invite } : {}) };
}

/** The search that shows `value`'s tab, keeping the rest (the invitation code). */
export function tabSearch(prev: AuthSearch, value: string): AuthSearch {
  const { tab: _tab, ...rest } = prev;
  return value === "register" ? { ...rest, tab: "register" } : rest;
}
