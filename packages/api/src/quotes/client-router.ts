import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { clientApproveSchema, clientQuoteSchema, clientQuoteTokenSchema, clientRequestChangesSchema } from "@crawlguard/validators";
import type { Context } from "../context.js";
import { publicProcedure } from "../trpc.js";
import { approveQuote, ALREADY_APPROVED, QUOTE_EXPIRED, QUOTE_REPLACED, requestQuoteChanges } from "./approval.js";
import { QUOTE_LINK_NOT_FOUND, viewClientQuote } from "./client-view.js";
import { clientQuotePdf } from "./pdf-access.js";
import { quoteView } from "./view.js";

// The settings and their link secret exist from the server's start (ensureQuoteSettings), so
// answering a homeowner never writes them, a refused request included.
const viewOf = (ctx: Pick<Context, "sql" | "origin" | "config">) =>
  quoteView(ctx.sql, { origin: ctx.origin, zone: ctx.config.businessTimeZone });

const CLOSED = `The quote can no longer be answered: "${ALREADY_APPROVED}", "${QUOTE_REPLACED}", "${QUOTE_EXPIRED}" or declined.`;

/** The homeowner's side of a sent quote: no account, the link's token is the credential. */
export const clientQuotesRouter = {
  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/client/quotes/{token}",
        tags: ["client-quotes"],
        summary: "A sent quote as its homeowner sees it (the first view by someone not signed in sets the quote's viewedAt)",
      },
      errors: { "not-found": QUOTE_LINK_NOT_FOUND },
    })
    .input(clientQuoteTokenSchema)
    .output(clientQuoteSchema)
    .query(async ({ ctx, input }) =>
      viewClientQuote({
        sql: ctx.sql,
        token: input.token,
        origin: ctx.origin,
        zone: ctx.config.businessTimeZone,
        countView: !ctx.user,
        events: ctx.events,
      }),
    ),

  approve: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/client/quotes/{token}/approve",
        tags: ["client-quotes"],
        summary: "Approve the quote, signed with the homeowner's full name, with the add-ons accepted: final, once",
        description:
          "Answers the approved quote with `totalCents` and `depositCents` recomputed with the accepted add-ons (also in `approval`). " +
          "The time, name, accepted lines, totals and the client's address are recorded; the lead becomes won with the approved total.",
      },
      errors: {
        "not-found": QUOTE_LINK_NOT_FOUND,
        conflict: CLOSED,
        "bad-input": "An id in acceptedOptionalLineIds is not an optional line of this quote.",
      },
    })
    .input(clientApproveSchema)
    .output(clientQuoteSchema)
    .mutation(async ({ ctx, input }) => {
      const quote = await approveQuote({
        sql: ctx.sql,
        token: input.token,
        view: await viewOf(ctx),
        signedName: input.signedName,
        acceptedOptionalLineIds: input.acceptedOptionalLineIds,
        clientAddress: ctx.ip,
        userAgent: typeof ctx.req.headers["user-agent"] === "string" ? ctx.req.headers["user-agent"] : null,
        pushes: ctx.google,
        events: ctx.events,
      });
      ctx.google.nudge();
      return quote;
    }),

  requestChanges: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/client/quotes/{token}/request-changes",
        tags: ["client-quotes"],
        summary: "Ask for changes to the quote, with a message (the office is mailed it)",
      },
      errors: { "not-found": QUOTE_LINK_NOT_FOUND, conflict: CLOSED },
    })
    .input(clientRequestChangesSchema)
    .output(clientQuoteSchema)
    .mutation(async ({ ctx, input }) =>
      requestQuoteChanges({ sql: ctx.sql, token: input.token, view: await viewOf(ctx), message: input.message, events: ctx.events }),
    ),

  /** The PDF as base64 (tRPC); GET /api/client/quotes/{token}/pdf serves the bytes (apps/server quote-routes.ts). */
  pdf: publicProcedure
    .input(clientQuoteTokenSchema)
    .output(z.object({ filename: z.string(), base64: z.string() }))
    .query(async ({ ctx, input }) => {
      const { filename, bytes } = await clientQuotePdf(ctx, input.token);
      return { filename, base64: Buffer.from(bytes).toString("base64") };
    }),
} satisfies TRPCRouterRecord;
