import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  addToLeadInputSchema,
  addToLeadResultSchema,
  contactSubmissionSchema,
  convertToLeadResultSchema,
  duplicateLeadSchema,
  submissionListQuerySchema,
  submissionPageQuerySchema,
  submissionPageSchema,
} from "@crawlguard/validators";
import * as submissions from "./submissions.js";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import { isSyncQuery, listDescription, listOrPage, pageDescription, syncPart } from "../api-keys/sync.js";
import { DomainError } from "../errors.js";
import { officeProcedure, syncOutput } from "../trpc.js";

export const submissionsRouter = {
  list: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions",
        tags: ["submissions"],
        summary: "Contact submissions (or those the filters keep), newest first, with the lead converted from each, as a JSON array",
        description: listDescription("contact submissions", "/api/contact-submissions"),
      },
      errors: { "bad-input": "A filter's value is not one it takes." },
    })
    .input(submissionListQuerySchema.optional())
    .output(listOrPage(contactSubmissionSchema, submissionPageSchema))
    .query(({ ctx, input = {} }) =>
      // The paged form, still answered here (it has its own path): the union's other member (see listOrPage).
      isSyncQuery(input)
        ? (submissions.submissionPage(ctx.sql, syncPart(input), input) as never)
        : submissions.listSubmissions(ctx.sql, input),
    ),

  page: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions/page",
        tags: ["submissions"],
        summary:
          "A page of the contact submissions received or changed, in the order of their changes (incremental sync), filtered like the list",
        description: pageDescription("contact submissions", "/api/contact-submissions/page"),
      },
      errors: { "bad-input": "The cursor is not one this server gave, or a filter's value is not one it takes." },
    })
    .input(submissionPageQuerySchema)
    .output(syncOutput(submissionPageSchema))
    .query(({ ctx, input }) => submissions.submissionPage(ctx.sql, syncPart(input), input)),

  newCount: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions/new-count",
        tags: ["submissions"],
        summary: "How many contact submissions are new (neither converted nor added to a lead)",
      },
    })
    .input(z.void())
    .output(
      z.object({ count: z.number().int().min(0).meta({ description: "New submissions." }) }).meta({
        id: "NewSubmissionCount",
        description: "How many contact submissions are neither converted nor added to a lead (the Contact Submissions tab's badge).",
      }),
    )
    .query(async ({ ctx }) => ({ count: await submissions.countNewSubmissions(ctx.sql) })),

  convertToLead: officeProcedure
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

  matchingLeads: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions/{id}/matching-leads",
        tags: ["submissions"],
        summary: "Leads with the submission's email address (any case) or phone number, before converting it",
      },
      errors: { "not-found": "No contact submission has this id." },
    })
    .input(z.object({ id: z.string().uuid().meta({ description: "The contact submission's id." }) }))
    .output(z.array(duplicateLeadSchema))
    .query(({ ctx, input }) => submissions.matchingLeads(ctx.sql, input.id)),

  addToLead: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/contact-submissions/{id}/add-to-lead",
        tags: ["submissions"],
        summary:
          "Add a submission to an existing lead instead of converting it: its message joins the lead's notes and timeline (idempotent: a submission already converted or added returns that lead)",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "bad-input": "The lead's notes and the message together would be longer than 5,000 characters.",
        "not-found": "No contact submission or lead has this id.",
        conflict: "A request with the same Idempotency-Key is still being processed.",
        unprocessable: "The Idempotency-Key was already used with another request.",
      },
    })
    .input(addToLeadInputSchema)
    .output(addToLeadResultSchema)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, "submissions.addToLead", input, () => submissions.addToLead(ctx.sql, input.id, input.leadId, ctx.user, ctx.events)),
    ),
  // Last: /api/contact-submissions/{id} matches any one segment, so /page and /new-count come first.
  get: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/contact-submissions/{id}",
        tags: ["submissions"],
        summary: "One contact submission, with its lead",
      },
      errors: { "not-found": "No contact submission has this id." },
    })
    .input(z.object({ id: z.string().uuid().meta({ description: "The contact submission's id." }) }))
    .output(contactSubmissionSchema)
    .query(async ({ ctx, input }) => {
      const submission = await submissions.getSubmission(ctx.sql, input.id);
      if (!submission) throw new DomainError("not-found", submissions.SUBMISSION_NOT_FOUND);
      return submission;
    }),
} satisfies TRPCRouterRecord;
