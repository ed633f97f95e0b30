import { z } from "zod";
import { calendarDate } from "./availability.js";
import { cents, MAX_UNIT_PRICE_CENTS, unitText } from "./price-book.js";
import { described } from "./describe.js";
import { DEPOSIT_PERCENT_DECIMALS, hasAtMostDecimals, QUANTITY_DECIMALS, TAX_RATE_DECIMALS } from "./quote-totals.js";
import { text } from "./text.js";

/*
 * Quotes (docs/product.md "Quotes"; the items they start from are in price-book.ts): money is integer cents everywhere, a
 * quantity has at most 2 decimals, a tax rate at most 3. Numbers are numbers: a string, a negative
 * or a fractional number of cents is refused with a 400 naming the field.
 */

/** The most a quantity may be. */
export const MAX_QUANTITY = 99_999.99;
/** The most lines a quote may have. */
export const MAX_QUOTE_LINES = 100;
/** How long a quote stays valid by default, in days. */
export const DEFAULT_VALID_DAYS = 30;

const QUANTITY_MESSAGE = "Quantity must be more than 0, with at most 2 decimals";
const TAX_MESSAGE = "Tax rate must be a percentage from 0 to 100, with at most 3 decimals";
const DEPOSIT_PERCENT_MESSAGE = "Deposit must be a percentage from 0 to 100, with at most 2 decimals";
export const ONE_DEPOSIT_MESSAGE = "Give depositPercent or depositCents, not both";
export const DISCOUNT_TOO_LARGE_MESSAGE = "The discount cannot be more than the subtotal";
export const DEPOSIT_TOO_LARGE_MESSAGE = "The deposit cannot be more than the total";
export const SIGNED_NAME_MESSAGE = "Please type your full name to approve";
export const CHANGES_MESSAGE_REQUIRED = "Please tell us what you would like changed";

// ---------------------------------------------------------------------------------------------
// Quotes

export const quoteStatuses = ["draft", "sent", "approved", "changes_requested", "declined", "replaced", "expired"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusSchema = z.enum(quoteStatuses).meta({
  id: "QuoteStatus",
  description:
    "draft (being written; can be changed or deleted), sent (e-mailed, waiting for the homeowner), approved (final), changes_requested " +
    "(the homeowner asked for changes), declined (marked by staff), replaced (a newer revision was sent), expired (its validUntil date has passed unanswered).",
});

const LINE_FIELDS = {
  id: "The line's id (what acceptedOptionalLineIds names).",
  priceBookItemId: "The price book item the line was made from, if any.",
  description: "What the homeowner reads for this line (1 to 500 characters).",
  quantity: "How many units: more than 0, at most 99,999.99, with at most 2 decimals.",
  unit: "What is counted: each, sq ft, linear ft, hour... (1 to 30 characters).",
  unitPriceCents: "The price of one unit in cents (a whole number from 0 to 100,000,000).",
  optional: "An add-on the homeowner may tick when approving; not in the subtotal until accepted (default false).",
  totalCents: "quantity × unitPriceCents, rounded half up to the cent.",
} as const;

const quantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .gt(0, QUANTITY_MESSAGE)
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`)
  .refine((q) => hasAtMostDecimals(q, QUANTITY_DECIMALS), QUANTITY_MESSAGE);

export const quoteLineInputSchema = z
  .object(
    described(
      {
        priceBookItemId: z.string().uuid().nullish(),
        description: text().trim().min(1, "Description is required").max(500, "Description must be at most 500 characters"),
        quantity: quantitySchema,
        unit: unitText(),
        unitPriceCents: cents(MAX_UNIT_PRICE_CENTS),
        optional: z.boolean().default(false),
      },
      LINE_FIELDS,
    ),
  )
  .strict()
  .meta({ id: "NewQuoteLine", description: "One line of a quote as written by staff." });
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

const QUOTE_FIELDS = {
  id: "The quote's id (each revision has its own).",
  number: "The quote's number, e.g. Q-1001: sequential, shared by all its revisions.",
  leadId: "The lead the quote is for.",
  revision: "1 for the first version, then one more for each revision.",
  status: "Where the quote stands.",
  lines: "The lines, in order (at least 1, at most 100).",
  subtotalCents: "The sum of the lines that are not optional.",
  discountCents: "Taken off the subtotal before tax (default 0; never more than the subtotal).",
  taxRatePercent:
    "The tax rate in percent, with at most 3 decimals (default: the price book's default tax rate, 0 if none); tax is computed once on the discounted subtotal.",
  taxCents: "Tax on (subtotal − discount), rounded half up.",
  totalCents: "subtotal − discount + tax.",
  depositPercent: "The deposit as a share of the total in percent (at most 2 decimals), or null (see depositCents).",
  depositCents:
    "The deposit the homeowner owes on approval: the share of the total (rounded half up), or the fixed amount given, or 0. Sent in a request: a fixed amount (not with depositPercent).",
  validUntil: "The last day the quote may be approved, a business-zone date yyyy-MM-dd (default: 30 days after it is written).",
  messageToClient: "A message shown to the homeowner on the quote's page, in its e-mail and on its PDF (at most 2000 characters).",
  clientUrl: "The homeowner's page for this quote (/quote/{token}), once sent; null for a draft.",
  sentAt: "When it was sent (ISO 8601).",
  viewedAt: "When the homeowner first opened its page (ISO 8601).",
  approvedAt: "When the homeowner approved it (ISO 8601).",
  approval: "What the homeowner approved, or null.",
  changeRequest: "What the homeowner asked to change, or null.",
  declinedAt: "When staff marked it declined (ISO 8601).",
  createdAt: "When it was written (ISO 8601).",
  updatedAt: "When it last changed (ISO 8601).",
} as const;

const taxRateSchema = z
  .number({ error: TAX_MESSAGE })
  .min(0, TAX_MESSAGE)
  .max(100, TAX_MESSAGE)
  .refine((r) => hasAtMostDecimals(r, TAX_RATE_DECIMALS), TAX_MESSAGE);

const depositPercentSchema = z
  .number({ error: DEPOSIT_PERCENT_MESSAGE })
  .min(0, DEPOSIT_PERCENT_MESSAGE)
  .max(100, DEPOSIT_PERCENT_MESSAGE)
  .refine((r) => hasAtMostDecimals(r, DEPOSIT_PERCENT_DECIMALS), DEPOSIT_PERCENT_MESSAGE);

const quoteWritable = {
  lines: z.array(quoteLineInputSchema).min(1, "Add at least one line").max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} lines`),
  discountCents: cents(),
  taxRatePercent: taxRateSchema,
  depositPercent: depositPercentSchema.nullable(),
  depositCents: cents().nullable(),
  validUntil: calendarDate("Valid until is required"),
  messageToClient: text().trim().max(2000, "Message must be at most 2000 characters").nullable(),
};

/** One deposit, as a share or a fixed amount (400 naming depositCents otherwise). */
const oneDeposit = (
  value: { depositPercent?: number | null | undefined; depositCents?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.depositPercent != null && value.depositCents != null) {
    ctx.addIssue({ code: "custom", path: ["depositCents"], message: ONE_DEPOSIT_MESSAGE });
  }
};

/** What a quote may leave out when it is written or changed: the stored value (or its default) stays. */
const optionalTerms = {
  discountCents: quoteWritable.discountCents.optional(),
  taxRatePercent: quoteWritable.taxRatePercent.optional(),
  depositPercent: quoteWritable.depositPercent.optional(),
  depositCents: quoteWritable.depositCents.optional(),
  validUntil: quoteWritable.validUntil.optional(),
  messageToClient: quoteWritable.messageToClient.optional(),
};

export const quoteCreateSchema = z
  .object(
    described(
      {
        leadId: z.string().uuid(),
        lines: quoteWritable.lines,
        ...optionalTerms,
      },
      QUOTE_FIELDS,
    ),
  )
  .strict()
  .superRefine(oneDeposit);
export type QuoteCreateInput = z.input<typeof quoteCreateSchema>;

/** PATCH of a draft: the fields sent replace the stored ones (`lines` replaces every line). */
export const quoteUpdateSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        lines: quoteWritable.lines.optional(),
        ...optionalTerms,
      },
      QUOTE_FIELDS,
    ),
  )
  .strict()
  .superRefine(oneDeposit);
export type QuoteUpdateInput = z.input<typeof quoteUpdateSchema>;

export const quoteLineSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        priceBookItemId: z.string().uuid().nullable(),
        description: z.string(),
        quantity: z.number(),
        unit: z.string(),
        unitPriceCents: z.number().int(),
        optional: z.boolean(),
        totalCents: z.number().int(),
      },
      LINE_FIELDS,
    ),
  )
  .meta({ id: "QuoteLine", description: "One line of a quote, with its total." });
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteApprovalSchema = z
  .object({
    signedName: z.string().meta({ description: "The full name the homeowner typed to sign." }),
    acceptedOptionalLineIds: z.array(z.string().uuid()).meta({ description: "The optional lines (add-ons) the homeowner ticked." }),
    totalCents: z.number().int().meta({ description: "The total recomputed with the accepted add-ons (what was approved)." }),
    depositCents: z.number().int().meta({ description: "The deposit recomputed on that total." }),
    approvedAt: z.string().meta({ description: "When it was approved (ISO 8601)." }),
  })
  .meta({ id: "QuoteApproval", description: "What the homeowner approved: final, made once." });
export type QuoteApproval = z.infer<typeof quoteApprovalSchema>;

export const quoteChangeRequestSchema = z
  .object({
    message: z.string().meta({ description: "What the homeowner asked to change." }),
    requestedAt: z.string().meta({ description: "When they asked (ISO 8601)." }),
  })
  .meta({ id: "QuoteChangeRequest", description: "The homeowner's request for changes to a sent quote." });

export const quoteSchema = z
  .object(
    described(
      {
        id: z.string().uuid(),
        number: z.string(),
        leadId: z.string().uuid(),
        revision: z.number().int(),
        status: quoteStatusSchema,
        lines: z.array(quoteLineSchema),
        subtotalCents: z.number().int(),
        discountCents: z.number().int(),
        taxRatePercent: z.number(),
        taxCents: z.number().int(),
        totalCents: z.number().int(),
        depositPercent: z.number().nullable(),
        depositCents: z.number().int(),
        validUntil: z.string(),
        messageToClient: z.string().nullable(),
        clientUrl: z.string().nullable(),
        sentAt: z.string().nullable(),
        viewedAt: z.string().nullable(),
        approvedAt: z.string().nullable(),
        approval: quoteApprovalSchema.nullable(),
        changeRequest: quoteChangeRequestSchema.nullable(),
        declinedAt: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      },
      QUOTE_FIELDS,
    ),
  )
  .meta({ id: "Quote", description: "A quote (one revision of it) for a lead, with its lines and totals in cents." });
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListQuerySchema = z.object({
  leadId: z.string().uuid().meta({ description: "The lead whose quotes to list (every revision, oldest first)." }),
});

/** The board's Quoted column: each lead's latest quote, in a word. */
export const quoteSummarySchema = z.object({
  leadId: z.string().uuid(),
  quoteId: z.string().uuid(),
  number: z.string(),
  revision: z.number().int(),
  status: quoteStatusSchema,
  viewedAt: z.string().nullable(),
  totalCents: z.number().int(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const quoteSettingsInputSchema = z
  .object({
    defaultTaxRatePercent: taxRateSchema.meta({ description: "The tax rate a new quote starts with (0 to 100, at most 3 decimals)." }),
    followUpDays: z
      .number({ error: "Follow-up must be a whole number of days from 0 to 60" })
      .int("Follow-up must be a whole number of days from 0 to 60")
      .min(0, "Follow-up must be a whole number of days from 0 to 60")
      .max(60, "Follow-up must be a whole number of days from 0 to 60")
      .meta({ description: "A sent quote not answered after this many days gets one reminder e-mail (0: none; default 3)." }),
    terms: text()
      .trim()
      .max(4000, "Terms must be at most 4000 characters")
      .meta({ description: "The terms printed on every quote's PDF and page (at most 4000 characters)." }),
  })
  .strict();
export type QuoteSettingsInput = z.input<typeof quoteSettingsInputSchema>;

export const quoteSettingsSchema = z
  .object({
    defaultTaxRatePercent: z.number().meta({ description: "The tax rate a new quote starts with, in percent." }),
    followUpDays: z.number().int().meta({ description: "Days after sending before the one reminder (0: none)." }),
    terms: z.string().meta({ description: "The terms printed on every quote." }),
  })
  .meta({ id: "QuoteSettings", description: "How quotes start and follow up: default tax rate, reminder delay, terms." });
export type QuoteSettings = z.infer<typeof quoteSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// The homeowner's side (no account: the link's token is the credential)

const tokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, "Not a quote link")
  .meta({ description: "The secret token of the quote's link: the last segment of clientUrl." });

export const clientQuoteTokenSchema = z.object({ token: tokenSchema });

export const clientApproveSchema = z
  .object({
    token: tokenSchema,
    signedName: text()
      .trim()
      .min(2, SIGNED_NAME_MESSAGE)
      .max(100, "Name must be at most 100 characters")
      .meta({ description: "The homeowner's full name, typed as a signature." }),
    acceptedOptionalLineIds: z
      .array(z.string().uuid())
      .max(MAX_QUOTE_LINES)
      .default([])
      .meta({ description: "The optional lines (add-ons) accepted; each must be an optional line of this quote." }),
  })
  .strict();
export type ClientApproveInput = z.input<typeof clientApproveSchema>;

export const clientRequestChangesSchema = z
  .object({
    token: tokenSchema,
    message: text()
      .trim()
      .min(1, CHANGES_MESSAGE_REQUIRED)
      .max(2000, "Message must be at most 2000 characters")
      .meta({ description: "What the homeowner would like changed (1 to 2000 characters)." }),
  })
  .strict();
export type ClientRequestChangesInput = z.input<typeof clientRequestChangesSchema>;

export const clientQuoteLineSchema = quoteLineSchema
  .omit({ priceBookItemId: true })
  .meta({ id: "ClientQuoteLine", description: "One line of a quote as the homeowner sees it." });

/** The statuses a homeowner can see (a draft has no link). */
export const clientQuoteStatuses = ["sent", "approved", "changes_requested", "declined", "replaced", "expired"] as const;

export const clientQuoteSchema = z
  .object({
    number: z.string().meta({ description: QUOTE_FIELDS.number }),
    revision: z.number().int().meta({ description: QUOTE_FIELDS.revision }),
    status: z.enum(clientQuoteStatuses).meta({ description: "Where the quote stands (see QuoteStatus)." }),
    company: z
      .object({
        name: z.string().meta({ description: "The company's name." }),
        phone: z.string().meta({ description: "Its phone number." }),
        email: z.string().meta({ description: "Its e-mail address." }),
        address: z.string().meta({ description: "Its address." }),
      })
      .meta({ description: "Who the quote is from." }),
    clientName: z.string().meta({ description: "Who the quote is for." }),
    serviceAddress: z.string().nullable().meta({ description: "The property's address, if known." }),
    lines: z.array(clientQuoteLineSchema).meta({ description: QUOTE_FIELDS.lines }),
    subtotalCents: z.number().int().meta({ description: QUOTE_FIELDS.subtotalCents }),
    discountCents: z.number().int().meta({ description: QUOTE_FIELDS.discountCents }),
    taxRatePercent: z.number().meta({ description: QUOTE_FIELDS.taxRatePercent }),
    taxCents: z.number().int().meta({ description: QUOTE_FIELDS.taxCents }),
    totalCents: z.number().int().meta({ description: QUOTE_FIELDS.totalCents }),
    depositPercent: z.number().nullable().meta({ description: QUOTE_FIELDS.depositPercent }),
    depositCents: z.number().int().meta({ description: QUOTE_FIELDS.depositCents }),
    validUntil: z.string().meta({ description: QUOTE_FIELDS.validUntil }),
    messageToClient: z.string().nullable().meta({ description: QUOTE_FIELDS.messageToClient }),
    terms: z.string().meta({ description: "The terms that apply." }),
    sentAt: z.string().meta({ description: QUOTE_FIELDS.sentAt }),
    approval: quoteApprovalSchema.nullable().meta({ description: QUOTE_FIELDS.approval }),
    changeRequest: quoteChangeRequestSchema.nullable().meta({ description: QUOTE_FIELDS.changeRequest }),
    newerUrl: z
      .string()
      .nullable()
      .meta({ description: "When the quote was replaced: the page of the revision that replaced it; null otherwise." }),
  })
  .meta({
    id: "ClientQuote",
    description: "A sent quote as its homeowner sees it: no staff notes, no internal fields.",
  });
export type ClientQuote = z.infer<typeof clientQuoteSchema>;
