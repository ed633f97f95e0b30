import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { duplicateLeadSchema, leadCreateSchema, leadDuplicatesQuerySchema, leadSchema, leadUpdateSchema } from "@crawlguard/validators";
import * as leads from "../services/leads.js";
import { staffProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid() });

export const leadsRouter = {
  list: staffProcedure
    .meta({ openapi: { method: "GET", path: "/api/leads", tags: ["leads"], summary: "Every lead, newest first (the board filters client-side)" } })
    .input(z.void())
    .output(z.array(leadSchema))
    .query(({ ctx }) => leads.listLeads(ctx.sql)),

  duplicates: staffProcedure
    .meta({ openapi: { method: "GET", path: "/api/leads/duplicates", tags: ["leads"], summary: "Leads with the same email (any case) or phone number (digits only)" } })
    .input(leadDuplicatesQuerySchema)
    .output(z.array(duplicateLeadSchema))
    .query(({ ctx, input }) => leads.findDuplicateLeads(ctx.sql, input)),

  create: staffProcedure
    .meta({ openapi: { method: "POST", path: "/api/leads", tags: ["leads"], summary: "Add a lead" } })
    .input(leadCreateSchema)
    .output(leadSchema)
    .mutation(({ ctx, input }) => leads.createLead(ctx.sql, input)),

  update: staffProcedure
    .meta({ openapi: { method: "PATCH", path: "/api/leads/{id}", tags: ["leads"], summary: "Change the given fields of a lead (null clears an optional one)" } })
    .input(leadUpdateSchema.extend(idInput.shape))
    .output(leadSchema)
    .mutation(({ ctx, input: { id, ...patch } }) => leads.updateLead(ctx.sql, id, patch)),

  delete: staffProcedure
    .meta({ openapi: { method: "DELETE", path: "/api/leads/{id}", tags: ["leads"], summary: "Delete a lead" } })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await leads.deleteLead(ctx.sql, input.id);
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;

