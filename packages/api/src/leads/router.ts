import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  duplicateLeadSchema,
  leadCreateSchema,
  leadDuplicatesQuerySchema,
  leadEventSchema,
  leadListQuerySchema,
  leadPageQuerySchema,
  leadPageSchema,
  leadSchema,
  leadUpdateSchema,
} from "@crawlguard/validators";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import * as leads from "./leads.js";
import { isSyncQuery, listDescription, listOrPage, pageDescription, sortWithPage, syncPart } from "../api-keys/sync.js";
import { DomainError } from "../errors.js";
import { officeProcedure, staffProcedure, syncOutput } from "../trpc.js";
import { assertLeadVisible, canSeeLead, leadScope } from "../users/access.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The lead's id." }) });
/** What a 404 means on the operations that take a lead id (documented in OpenAPI). */
const NO_SUCH_LEAD = "No lead has this id (or, to a crew member, none assigned to them has it).";

/** The product's documented booking flow sends scheduledDate here; it stays accepted, and says what it does not do. */
export const LEAD_UPDATE_DESCRIPTION =
  "Sets the fields sent, as sent. `scheduledDate` (with `status: scheduled`, as the dashboard's booking sends it) is stored as it is: " +
  "this call does **not** check availability (working hours, time blocks, other appointments) for a new date. " +
  "To book with those checks, use `POST /api/appointments` (or `POST /api/calendar/appointment`, the Schedule Appointment modal's payload) " +
  "with `leadId`: they answer 409 with `conflicts` when the time is not free. " +
  "`assignedTo` is the exception: giving a lead with a coming appointment to someone is checked against their calendar as a booking " +
  "is, and answers 409 with `conflicts` unless `confirm` is true.";

export const leadsRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads",
        tags: ["leads"],
        summary: "Every lead (or those the filters keep), newest first or in the order of `sort`, as a JSON array",
        description: listDescription("leads", "/api/leads"),
      },
      errors: { "bad-input": "A filter's value is not one it takes, or `sort` was sent with the sync parameters." },
    })
    .input(leadListQuerySchema.optional())
    .output(listOrPage(leadSchema, leadPageSchema))
    .query(({ ctx, input = {} }) => {
      const { sort, ...filters } = input;
      const options = { filters, sort, zone: ctx.config.businessTimeZone, scope: leadScope(ctx.user) };
      if (!isSyncQuery(input)) return leads.listLeads(ctx.sql, options);
      if (sort) throw sortWithPage();
      // The paged form, still answered here (GET /api/leads/page is its own path): the union's other member (see listOrPage).
      return leads.leadPage(ctx.sql, syncPart(input), options);
    }),

  page: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads/page",
        tags: ["leads"],
        summary: "A page of the leads created or changed, in the order of their changes (incremental sync), filtered like the list",
        description: pageDescription("leads", "/api/leads/page"),
      },
      errors: { "bad-input": "The cursor is not one this server gave, or a filter's value is not one it takes." },
    })
    .input(leadPageQuerySchema)
    .output(syncOutput(leadPageSchema))
    .query(({ ctx, input }) =>
      leads.leadPage(ctx.sql, syncPart(input), { filters: input, zone: ctx.config.businessTimeZone, scope: leadScope(ctx.user) }),
    ),

  duplicates: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads/duplicates",
        tags: ["leads"],
        summary: "Leads with the same email (any case) or phone number (digits only)",
      },
    })
    .input(leadDuplicatesQuerySchema)
    .output(z.array(duplicateLeadSchema))
    .query(({ ctx, input }) => leads.findDuplicateLeads(ctx.sql, input, leadScope(ctx.user))),

  timeline: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads/{id}/timeline",
        tags: ["leads"],
        summary: "Who changed the lead's status, value, appointment, notes, priority or assignee, and when (oldest first)",
      },
      errors: { "not-found": NO_SUCH_LEAD },
    })
    .input(idInput)
    .output(z.array(leadEventSchema))
    .query(async ({ ctx, input }) => {
      await assertLeadVisible(ctx.sql, ctx.user, input.id);
      return leads.getLeadTimeline(ctx.sql, input.id);
    }),

  create: officeProcedure
    .meta({
      openapi: { method: "POST", path: "/api/leads", tags: ["leads"], summary: "Add a lead", requestHeaders: idempotencyHeaders },
      errors: {
        conflict: "A request with the same Idempotency-Key is still being processed.",
        unprocessable: "The Idempotency-Key was already used with another body.",
      },
    })
    .input(leadCreateSchema)
    .output(leadSchema)
    .mutation(async ({ ctx, input }) => {
      const lead = await idempotent(ctx, "leads.create", input, () =>
        leads.createLead({ sql: ctx.sql, input, actor: ctx.user, pushes: ctx.google, events: ctx.events }),
      );
      ctx.google.nudge();
      return lead;
    }),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/leads/{id}",
        tags: ["leads"],
        summary: "Change the given fields of a lead (null clears an optional one)",
        description: LEAD_UPDATE_DESCRIPTION,
      },
      errors: {
        "not-found": NO_SUCH_LEAD,
        "bad-input": "`assignedTo` names no account that can be assigned.",
        conflict:
          "`assignedTo` gives the lead's coming appointment to someone whose working hours, time blocks or other appointments clash " +
          "with it: nothing was changed; the body's `conflicts` lists them. Send `confirm: true` to assign anyway.",
        forbidden: "A crew member sent `assignedTo` to give the lead to someone else.",
      },
    })
    .input(leadUpdateSchema.extend(idInput.shape))
    .output(leadSchema)
    .mutation(async ({ ctx, input: { id, ...patch } }) => {
      const lead = await leads.updateLead({
        sql: ctx.sql,
        id,
        patch,
        actor: ctx.user,
        zone: ctx.config.businessTimeZone,
        pushes: ctx.google,
        events: ctx.events,
      });
      ctx.google.nudge();
      return lead;
    }),

  delete: officeProcedure
    .meta({
      openapi: { method: "DELETE", path: "/api/leads/{id}", tags: ["leads"], summary: "Delete a lead" },
      errors: { "not-found": NO_SUCH_LEAD },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await leads.deleteLead({ sql: ctx.sql, id: input.id, pushes: ctx.google, events: ctx.events });
      ctx.google.nudge();
      return { success: true as const };
    }),

  // Last: /api/leads/{id} matches any one segment, so /api/leads/page and /api/leads/duplicates come first.
  get: staffProcedure
    .meta({
      openapi: { method: "GET", path: "/api/leads/{id}", tags: ["leads"], summary: "One lead" },
      errors: { "not-found": NO_SUCH_LEAD },
    })
    .input(idInput)
    .output(leadSchema)
    .query(async ({ ctx, input }) => {
      const lead = await leads.getLead(ctx.sql, input.id);
      if (!lead || !canSeeLead(ctx.user, lead)) throw new DomainError("not-found", leads.LEAD_NOT_FOUND);
      return lead;
    }),
} satisfies TRPCRouterRecord;
