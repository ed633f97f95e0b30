import type { TRPCRouterRecord } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { publicProcedure } from "../trpc.js";

export const healthRouter = {
  check: publicProcedure
    .meta({ openapi: { method: "GET", path: "/api/health", tags: ["health"], protect: false, summary: "200 when the database answers" } })
    .input(z.void())
    .output(z.object({ status: z.literal("ok") }))
    .query(async ({ ctx }) => {
      try {
        await ctx.sql`SELECT 1`;
      } catch (err) {
        ctx.log.error({ err }, "health check: database unreachable");
        throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "Database unavailable" });
      }
      return { status: "ok" as const };
    }),
} satisfies TRPCRouterRecord;
