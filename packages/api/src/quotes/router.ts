import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  quoteCreateSchema,
  quoteListQuerySchema,
  quoteSchema,
  quoteSettingsInputSchema,
  quoteSettingsSchema,
  quoteSummarySchema,
  quoteUpdateSchema,
} from "@crawlguard/validators";
import type { Context } from "../context.js";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import { adminProcedure, staffProcedure } from "../trpc.js";
import * as drafts from "./drafts.js";
import { quotePdf } from "./pdf-access.js";
import { QUOTE_NOT_FOUND } from "./quote-rows.js";
import { assertLeadInScope, assertQuoteInScope } from "./scope.js";
import * as sending from "./sending.js";
import { getQuoteSettings, updateQuoteSettings } from "./settings.js";
import { quoteSummaries } from "./summaries.js";
import { loadQuote, quotesOfLead, quoteView } from "./view.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The quote's id (one revision)." }) });
const NOT_FOUND = { "not-found": `${QUOTE_NOT_FOUND}, or its lead is not one you may quote.` };

/** What answering a quote needs from the request: its origin (the client link's) and the business zone. */
const viewOf = (ctx: Pick<Context, "sql" | "origin" | "config">) =>
  quoteView(ctx.sql, { origin: ctx.origin, zone: ctx.config.businessTimeZone });

/** Quotes for leads (docs/product.md "Quotes"): staff, crew for their own leads, API keys (read; read-write to write and send). */
export const quotesRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/quotes",
        tags: ["quotes"],
        summary: "Every quote of a lead, every revision, oldest first",
      },
      errors: { "not-found": "No lead has this id, or it is not one you may quote." },
    })
    .input(quoteListQuerySchema)
    .output(z.array(quoteSchema))
    .query(async ({ ctx, input }) => {
      await assertLeadInScope(ctx.sql, ctx.user, input.leadId);
      return quotesOfLead(ctx.sql, input.leadId, await viewOf(ctx));
    }),

  get: staffProcedure
    .meta({
      openapi: { method: "GET", path: "/api/quotes/{id}", tags: ["quotes"], summary: "One quote (one revision) with its lines and totals" },
      errors: NOT_FOUND,
    })
    .input(idInput)
    .output(quoteSchema)
    .query(async ({ ctx, input }) => {
      await assertQuoteInScope(ctx.sql, ctx.user, input.id);
      return loadQuote(ctx.sql, input.id, await viewOf(ctx));
    }),

  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/quotes",
        tags: ["quotes"],
        summary: "Write a draft quote for a lead (its number is the next Q-number)",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "not-found": "No lead has this id, or it is not one you may quote.",
        conflict: "A request with the same Idempotency-Key is still being processed.",
        unprocessable: "The Idempotency-Key was already used with another body.",
      },
    })
    .input(quoteCreateSchema)
    .output(quoteSchema)
    .mutation(async ({ ctx, input }) =>
      idempotent(ctx, "quotes.create", input, async () =>
        drafts.createQuote({ sql: ctx.sql, viewer: ctx.user, input, view: await viewOf(ctx) }),
      ),
    ),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/quotes/{id}",
        tags: ["quotes"],
        summary: "Change a draft quote: the fields sent replace the stored ones (lines replaces every line)",
      },
      errors: { ...NOT_FOUND, conflict: drafts.ONLY_DRAFTS_CHANGE },
    })
    .input(quoteUpdateSchema)
    .output(quoteSchema)
    .mutation(async ({ ctx, input: { id, ...patch } }) =>
      drafts.updateQuote({ sql: ctx.sql, viewer: ctx.user, id, patch, view: await viewOf(ctx) }),
    ),

  delete: staffProcedure
    .meta({
      openapi: { method: "DELETE", path: "/api/quotes/{id}", tags: ["quotes"], summary: "Delete a draft quote" },
      errors: { ...NOT_FOUND, conflict: drafts.ONLY_DRAFTS_CHANGE },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await drafts.deleteQuote({ sql: ctx.sql, viewer: ctx.user, id: input.id });
      return { success: true as const };
    }),

  send: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/quotes/{id}/send",
        tags: ["quotes"],
        summary: "Send a draft: e-mail the lead its link and PDF, set the lead to quoted with the total as its estimated value",
        description:
          "The quote becomes `sent` and gets its `clientUrl`, the homeowner's page (/quote/{token}). With e-mail configured, the lead's address " +
          "is mailed the link with the quote as a PDF attachment. Sending a revision makes the earlier revisions `replaced`: their links show that " +
          "and refuse approval.",
      },
      errors: {
        ...NOT_FOUND,
        conflict: `${sending.ALREADY_SENT}; or ${sending.SEND_EXPIRED}; or another revision was approved meanwhile.`,
      },
    })
    .input(idInput)
    .output(quoteSchema)
    .mutation(async ({ ctx, input }) => {
      const quote = await sending.sendQuote({
        sql: ctx.sql,
        viewer: ctx.user,
        id: input.id,
        view: await viewOf(ctx),
        pushes: ctx.google,
        events: ctx.events,
      });
      ctx.google.nudge();
      return quote;
    }),

  revise: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/quotes/{id}/revise",
        tags: ["quotes"],
        summary: "Make the next revision of a sent quote: a draft copy with the same number and revision + 1",
      },
      errors: { ...NOT_FOUND, conflict: `${drafts.APPROVED_NOT_REVISED}; or the quote is a draft, or not its latest revision.` },
    })
    .input(idInput)
    .output(quoteSchema)
    .mutation(async ({ ctx, input }) => drafts.reviseQuote({ sql: ctx.sql, viewer: ctx.user, id: input.id, view: await viewOf(ctx) })),

  decline: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/quotes/{id}/decline",
        tags: ["quotes"],
        summary: "Mark a sent quote declined (the homeowner said no); its link then refuses approval",
      },
      errors: { ...NOT_FOUND, conflict: drafts.NOT_DECLINABLE },
    })
    .input(idInput)
    .output(quoteSchema)
    .mutation(async ({ ctx, input }) => drafts.declineQuote({ sql: ctx.sql, viewer: ctx.user, id: input.id, view: await viewOf(ctx) })),

  /** The PDF as base64 (tRPC); GET /api/quotes/{id}/pdf serves the bytes (apps/server quote-routes.ts). */
  pdf: staffProcedure
    .input(idInput)
    .output(z.object({ filename: z.string(), base64: z.string() }))
    .query(async ({ ctx, input }) => {
      const { filename, bytes } = await quotePdf(ctx, input.id);
      return { filename, base64: Buffer.from(bytes).toString("base64") };
    }),

  /** The board's Quoted column: each lead's latest quote (dashboard only). */
  summaries: staffProcedure
    .input(z.void())
    .output(z.array(quoteSummarySchema))
    .query(async ({ ctx }) => quoteSummaries(ctx.sql, ctx.user, await viewOf(ctx))),

  settings: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/quote-settings",
        tags: ["quotes"],
        summary: "The default tax rate, the follow-up delay and the terms of quotes",
      },
    })
    .input(z.void())
    .output(quoteSettingsSchema)
    .query(({ ctx }) => getQuoteSettings(ctx.sql)),

  updateSettings: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/api/quote-settings",
        tags: ["quotes"],
        summary: "Set the default tax rate, the follow-up delay and the terms of quotes (admins only)",
      },
    })
    .input(quoteSettingsInputSchema)
    .output(quoteSettingsSchema)
    .mutation(({ ctx, input }) =>
      updateQuoteSettings(ctx.sql, ctx.user.id, {
        defaultTaxRatePercent: input.defaultTaxRatePercent,
        followUpDays: input.followUpDays,
        terms: input.terms,
      }),
    ),
} satisfies TRPCRouterRecord;
