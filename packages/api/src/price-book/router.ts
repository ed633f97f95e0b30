import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { priceBookItemCreateSchema, priceBookItemSchema, priceBookItemUpdateSchema, priceBookQuerySchema } from "@crawlguard/validators";
import * as priceBook from "./price-book.js";
import { adminProcedure, staffProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The item's id." }) });

/** The price book quotes are built from: admins write it, staff (and API keys) read it. */
export const priceBookRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/price-book",
        tags: ["quotes"],
        summary: "The price book's items by name; search with q, filter with active",
      },
    })
    .input(priceBookQuerySchema.optional())
    .output(z.array(priceBookItemSchema))
    .query(({ ctx, input }) => priceBook.listPriceBook(ctx.sql, input)),

  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/api/price-book", tags: ["quotes"], summary: "Add an item to the price book (admins only)" },
    })
    .input(priceBookItemCreateSchema)
    .output(priceBookItemSchema)
    .mutation(({ ctx, input }) => priceBook.createPriceBookItem(ctx.sql, input)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/price-book/{id}",
        tags: ["quotes"],
        summary: "Change a price book item (admins only); quotes already written keep their lines as they are",
      },
      errors: { "not-found": priceBook.PRICE_BOOK_ITEM_NOT_FOUND },
    })
    .input(priceBookItemUpdateSchema)
    .output(priceBookItemSchema)
    .mutation(({ ctx, input: { id, ...patch } }) => priceBook.updatePriceBookItem(ctx.sql, id, patch)),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/price-book/{id}",
        tags: ["quotes"],
        summary: "Delete a price book item (admins only); quote lines made from it keep their text and price",
      },
      errors: { "not-found": priceBook.PRICE_BOOK_ITEM_NOT_FOUND },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await priceBook.deletePriceBookItem(ctx.sql, input.id);
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
