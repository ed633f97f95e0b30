import type { PriceBookItem, PriceBookQuery, priceBookItemCreateSchema, priceBookItemUpdateSchema } from "@crawlguard/validators";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";

/*
 * The price book (docs/product.md "Quotes"): the priced items quote lines are built from. Admins
 * write it; every signed-in user (and an API key) reads it. A line copies what it takes from an
 * item, so changing or deleting an item never changes a quote already written.
 */

export const PRICE_BOOK_ITEM_NOT_FOUND = "Price book item not found";

type ItemCreate = z.output<typeof priceBookItemCreateSchema>;
type ItemUpdate = Omit<z.output<typeof priceBookItemUpdateSchema>, "id">;

interface ItemRow {
  id: string;
  name: string;
  description: string;
  unit: string;
  unitPriceCents: number;
  service: PriceBookItem["service"];
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const toItem = (row: ItemRow): PriceBookItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columns = (sql: Queryable) => sql`id, name, description, unit, unit_price_cents, service, active, created_at, updated_at`;

/** `%`, `_` and `\` typed into a search match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The items, by name; `q` matches the name or description (any case), `active` filters. */
export async function listPriceBook(sql: Queryable, query: PriceBookQuery = {}): Promise<PriceBookItem[]> {
  const q = query.q ? likePattern(query.q.toLowerCase()) : null;
  const active = query.active === undefined ? null : query.active === "true";
  const rows = await sql<ItemRow[]>`
    SELECT ${columns(sql)} FROM price_book_items
    WHERE (${q}::text IS NULL OR lower(name) LIKE ${q}::text OR lower(description) LIKE ${q}::text)
      AND (${active}::boolean IS NULL OR active = ${active}::boolean)
    ORDER BY lower(name), id`;
  return rows.map(toItem);
}

export async function createPriceBookItem(sql: Queryable, input: ItemCreate): Promise<PriceBookItem> {
  const [row] = await sql<ItemRow[]>`
    INSERT INTO price_book_items (name, description, unit, unit_price_cents, service, active)
    VALUES (${input.name}, ${input.description}, ${input.unit}, ${input.unitPriceCents}, ${input.service ?? null}, ${input.active})
    RETURNING ${columns(sql)}`;
  return toItem(row!);
}

/** Changes the fields given; `service: null` clears the service. */
export async function updatePriceBookItem(sql: Queryable, id: string, patch: ItemUpdate): Promise<PriceBookItem> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const keys = Object.keys(changes);
  const [row] =
    keys.length === 0
      ? await sql<ItemRow[]>`SELECT ${columns(sql)} FROM price_book_items WHERE id = ${id}`
      : await sql<ItemRow[]>`
          UPDATE price_book_items SET ${sql(changes as Record<string, string | number | boolean | null>, keys)}, updated_at = now()
          WHERE id = ${id} RETURNING ${columns(sql)}`;
  if (!row) throw new DomainError("not-found", PRICE_BOOK_ITEM_NOT_FOUND);
  return toItem(row);
}

/** Deletes an item; the quote lines made from it keep their text and price. */
export async function deletePriceBookItem(sql: Queryable, id: string): Promise<void> {
  const rows = await sql`DELETE FROM price_book_items WHERE id = ${id} RETURNING id`;
  if (rows.length === 0) throw new DomainError("not-found", PRICE_BOOK_ITEM_NOT_FOUND);
}
