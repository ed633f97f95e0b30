import { z } from "zod";
import { serviceIds } from "@crawlguard/content";
import { described } from "./describe.js";
import { text } from "./text.js";

/*
 * The price book (docs/product.md "Quotes"): the items a quote line can start from. Money is
 * integer cents; a string, a negative or a fractional number of cents is refused with a 400 naming
 * the field.
 */

/** The most a unit price may be: $1,000,000. */
export const MAX_UNIT_PRICE_CENTS = 100_000_000;

export const CENTS_MESSAGE = "Must be a whole number of cents, 0 or more";

/** A whole number of cents from 0 to `max` (quotes use it too). */
export const cents = (max = 1_000_000_000) =>
  z.number({ error: CENTS_MESSAGE }).int(CENTS_MESSAGE).min(0, CENTS_MESSAGE).max(max, `Must be at most ${max} cents`);

/** One of the six services (a price book item's or a quote line's). */
const serviceSchema = z.enum(serviceIds).meta({
  id: "ServiceId",
  description:
    "One of the six services: crawl-space-encapsulation, basement-waterproofing, mold-remediation, sump-pump, french-drain, insulation-dehumidification.",
});

const PRICE_BOOK_FIELDS = {
  id: "The item's id.",
  name: "What the item is called in the price book (1 to 120 characters).",
  description: "The text a quote line takes from it (at most 500 characters).",
  unit: "What is counted: each, sq ft, linear ft, hour... (1 to 30 characters).",
  unitPriceCents: "The price of one unit in cents: a whole number from 0 to 100,000,000 ($1,000,000).",
  service: "The service it belongs to, if any.",
  active: "Whether the builder offers it for new lines (default true); an inactive item stays on the quotes that used it.",
  createdAt: "When it was added (ISO 8601).",
  updatedAt: "When it last changed (ISO 8601).",
} as const;

const itemName = () => text().trim().min(1, "Name is required").max(120, "Name must be at most 120 characters");
const itemDescription = () => text().trim().max(500, "Description must be at most 500 characters");
export const unitText = () => text().trim().min(1, "Unit is required").max(30, "Unit must be at most 30 characters");

export const priceBookItemCreateSchema = z
  .object(
    described(
      {
        name: itemName(),
        description: itemDescription().default(""),
        unit: unitText(),
        unitPriceCents: cents(MAX_UNIT_PRICE_CENTS),
        service: serviceSchema.nullish(),
        active: z.boolean().default(true),
      },
      PRICE_BOOK_FIELDS,
    ),
  )
  .strict();
export type PriceBookItemCreateInput = z.input<typeof priceBookItemCreateSchema>;

export const priceBookItemUpdateSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        name: itemName().optional(),
        description: itemDescription().optional(),
        unit: unitText().optional(),
        unitPriceCents: cents(MAX_UNIT_PRICE_CENTS).optional(),
        service: serviceSchema.nullish(),
        active: z.boolean().optional(),
      },
      PRICE_BOOK_FIELDS,
    ),
  )
  .strict();
export type PriceBookItemUpdateInput = z.input<typeof priceBookItemUpdateSchema>;

export const priceBookQuerySchema = z.object({
  q: text().trim().max(120).meta({ description: "Only items whose name or description contains this text (any case)." }).optional(),
  active: z
    .enum(["true", "false"])
    .meta({ description: "true: only the items offered for new lines; false: only the inactive ones; absent: all." })
    .optional(),
});
export type PriceBookQuery = z.infer<typeof priceBookQuerySchema>;

export const priceBookItemSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        name: z.string(),
        description: z.string(),
        unit: z.string(),
        unitPriceCents: z.number().int(),
        service: serviceSchema.nullable(),
        active: z.boolean(),
        createdAt: z.string(),
        updatedAt: z.string(),
      },
      PRICE_BOOK_FIELDS,
    ),
  )
  .meta({ id: "PriceBookItem", description: "A priced item of work or material that quote lines are built from." });
export type PriceBookItem = z.infer<typeof priceBookItemSchema>;
