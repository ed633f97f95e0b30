import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { calendarFeedSchema, createdCalendarFeedSchema } from "@crawlguard/validators";
import * as feeds from "./calendar-feed.js";
import { accountProcedure, noInput } from "../trpc.js";

/** The signed-in user's secret calendar feed URL (ADR 029): GET /api/calendar/ics?token=... */
export const calendarFeedRouter = {
  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/feed",
        tags: ["integrations"],
        summary: "Whether the signed-in user has a calendar feed URL (never the URL itself)",
      },
    })
    .input(z.void())
    .output(calendarFeedSchema)
    .query(({ ctx }) => feeds.getCalendarFeed(ctx.sql, ctx.user.id)),

  create: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/feed",
        tags: ["integrations"],
        summary:
          "Make a new secret iCalendar feed URL of the signed-in user's appointments and time blocks (shown once; the previous URL stops working)",
      },
    })
    .input(noInput)
    .output(createdCalendarFeedSchema)
    .mutation(async ({ ctx }) => {
      const created = await feeds.createCalendarFeed(ctx.sql, ctx.user.id, ctx.origin);
      ctx.log.info({ userId: ctx.user.id }, "calendar feed created");
      return created;
    }),

  revoke: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/calendar/feed",
        tags: ["integrations"],
        summary: "Revoke the signed-in user's calendar feed URL: it stops working at once",
      },
    })
    .input(noInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await feeds.revokeCalendarFeed(ctx.sql, ctx.user.id);
      ctx.log.info({ userId: ctx.user.id }, "calendar feed revoked");
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
