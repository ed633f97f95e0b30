import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { checkDatabase } from "./health.js";
import { publicProcedure } from "../trpc.js";

/**
 * GET /api/health: anonymous callers (load balancers, uptime checks) learn only that
 * the server and its database answer; the Node.js version, useful when diagnosing, goes only to
 * signed-in staff (an attacker gains nothing from knowing which runtime to target).
 */
export const healthRouter = {
  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/health",
        tags: ["health"],
        summary:
          "200 when the database answers. Signed-in staff also see the Node.js version serving; anonymous callers see only the status",
      },
      errors: { unavailable: "The database does not answer." },
    })
    .input(z.void())
    .output(
      z.object({
        status: z.literal("ok"),
        node: z.string().optional().describe("Signed-in staff only: the Node.js version the server runs on, e.g. 24.21.0"),
      }),
    )
    .query(async ({ ctx }) => {
      await checkDatabase(ctx.sql, ctx.log);
      return ctx.user ? { status: "ok" as const, node: process.versions.node } : { status: "ok" as const };
    }),
} satisfies TRPCRouterRecord;
