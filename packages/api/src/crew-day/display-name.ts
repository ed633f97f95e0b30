import type { Queryable } from "../queryable.js";

/** The name a person is shown by: their display name, or their username without one; null for no such account. */
export async function displayNameOf(sql: Queryable, userId: string): Promise<string | null> {
  const [row] = await sql<{ name: string }[]>`SELECT coalesce(display_name, username) AS name FROM users WHERE id = ${userId}`;
  return row?.name ?? null;
}
