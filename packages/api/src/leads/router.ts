import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  duplicateLeadSchema,
  leadCreateSchema,
  leadDuplicatesQuerySchema,
  leadEventSchema,
  leadPageSchema,
  leadSchema,
  syncQuerySchema,
  leadUpdateSchema,
} from "@crawlguard/validators";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import * as leads from "./leads.js";
import { isSyncQuery, listOrPage } from "../api-keys/sync.js";
import { officeProcedure, staffProcedure } from "../trpc.js";
import { assertLeadVisible, leadScope } from "../users/access.js";

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

/** How a list path pages through changes: one text for leads and contact submissions. */
export function syncDescription(what: string, path: string): string {
  return [
    `Without parameters: every one of the ${what}, as a JSON array.`,
    "",
    `With any of \`updatedSince\`, \`limit\`, \`cursor\`, \`includeDeleted\`: a page of the ${what} created or changed, ` +
      "in the order the changes were committed (each change numbered when its transaction commits, so none is missed or repeated " +
      "while others write), as `{ items, deleted, nextCursor, hasMore }`. Send `nextCursor` as `cursor` for the next page; " +
      "when `hasMore` is false you are up to date: keep `nextCursor` and poll with it later. An item changed again appears again, later. " +
      "With `includeDeleted=true`, `deleted` lists the ids deleted since (tombstones).",
    "",
    `First page: \`GET ${path}?limit=100&includeDeleted=true\` (or \`?updatedSince=2026-05-01T00:00:00Z&limit=100\`)`,
    "",
    `Next pages: \`GET ${path}?limit=100&includeDeleted=true&cursor=djE6MTI3\``,
    "",
    'Answer: `{ "items": [ ... ], "deleted": [{ "id": "…", "deletedAt": "2026-05-02T10:00:00.000Z" }], "nextCursor": "djE6MTI3", "hasMore": false }`',
  ].join("\n");
}

export const leadsRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/leads",
        tags: ["leads"],
        summary: "Every lead, newest first (the board filters client-side); with sync parameters, a page of changes",
        description: syncDescription("leads", "/api/leads"),
      },
      errors: { "bad-input": "The cursor is not one this server gave." },
    })
    .input(syncQuerySchema.optional())
    .output(listOrPage(leadSchema, leadPageSchema))
    // A page is answered as the union's other member (see listOrPage).
    .query(({ ctx, input }) =>
      isSyncQuery(input) ? (leads.leadPage(ctx.sql, input, leadScope(ctx.user)) as never) : leads.listLeads(ctx.sql, leadScope(ctx.user)),
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
} satisfies TRPCRouterRecord;
