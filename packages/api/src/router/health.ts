import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { checkDatabase } from "../services/health.js";
import { publicProcedure } from "../trpc.js";

export const healthRouter = {
  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/health",
        tags: ["health"],
        summary: "200 when the database answers, with the Node.js version serving",
      },
      errors: { unavailable: "The database does not answer." },
    })
    .input(z.void())
    .output(z.object({ status: z.literal("ok"), node: z.string().describe("The Node.js version the server runs on, e.g. 24.21.0") }))
    .query(async ({ ctx }) => {
      await checkDatabase(ctx.sql, ctx.log);
      return { status: "ok" as const, node: process.versions.node };
    }),
} satisfies TRPCRouterRecord;
