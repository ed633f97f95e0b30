import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { contactSubmissionSchema, convertToLeadResultSchema } from "@crawlguard/validators";
import * as submissions from "../services/submissions.js";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import { staffProcedure } from "../trpc.js";

export const submissionsRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions",
        tags: ["submissions"],
        summary: "Contact submissions, newest first, with the lead converted from each",
      },
    })
    .input(z.void())
    .output(z.array(contactSubmissionSchema))
    .query(({ ctx }) => submissions.listSubmissions(ctx.sql)),

  convertToLead: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/contact-submissions/{id}/convert-to-lead",
        tags: ["submissions"],
        summary: "Create the lead for a submission (idempotent: converting again returns the same lead)",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "not-found": "No contact submission has this id.",
        conflict: "A request with the same Idempotency-Key is still being processed.",
        unprocessable: "The Idempotency-Key was already used with another request.",
      },
    })
    .input(z.object({ id: z.string().uuid().meta({ description: "The contact submission's id." }) }))
    .output(convertToLeadResultSchema)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, "submissions.convertToLead", input, () => submissions.convertToLead(ctx.sql, input.id, ctx.user, ctx.events)),
    ),
} satisfies TRPCRouterRecord;
