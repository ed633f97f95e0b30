import type { TRPCRouterRecord } from "@trpc/server";
import { eventLogPageSchema, eventLogQuerySchema } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { staffProcedure, syncOutput } from "../trpc.js";
import { EVENT_LOG_DAYS, eventLogPage } from "./event-log.js";

const ADMINS_AND_KEYS = "Only admins and API keys may read the event log";

/** The event log (GET /api/events): admins, and API keys (which act as the admin who made them). */
export const eventLogRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/events",
        tags: ["webhooks"],
        summary: `The webhook events of the last ${EVENT_LOG_DAYS} days, a page at a time in the order they were committed, to catch up after missing deliveries (admins and API keys)`,
        description:
          "Every event, whether or not an endpoint listens for it, with the `data` a default endpoint receives (no staff-only values). " +
          "Each event's `id` is the `webhook-id` its deliveries carry, so a receiver can skip the ones it already has. " +
          "First page: `GET /api/events?limit=100`; then send `nextCursor` as `cursor` while `hasMore`, and keep it to poll later.",
      },
      errors: {
        forbidden: "Signed in, but neither as an admin nor with an API key.",
        "bad-input": "The cursor is not one this server gave.",
      },
    })
    .input(eventLogQuerySchema)
    .output(syncOutput(eventLogPageSchema))
    .query(({ ctx, input }) => {
      if (!ctx.apiKey && ctx.user.role !== "admin") throw new DomainError("forbidden", ADMINS_AND_KEYS);
      return eventLogPage(ctx.sql, input);
    }),
} satisfies TRPCRouterRecord;
