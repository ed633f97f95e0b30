import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { leadNoteCreateSchema, leadNoteSchema } from "@crawlguard/validators";
import { staffProcedure } from "../trpc.js";
import { addLeadNote } from "./notes.js";

export const leadNotesRouter = {
  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/leads/{id}/notes",
        tags: ["leads"],
        summary: "Add a visit note to a lead: a timeline entry signed with your display name (the lead's notes field stays its summary)",
        description:
          "Answers 201 with the note. The lead's timeline (GET /api/leads/{id}/timeline) lists it as kind `note`, `to` being its text. " +
          "A crew member may add notes to the leads assigned to them only (404 for any other).",
      },
      created: true,
      errors: { "not-found": "No lead has this id (or it is not assigned to you, a crew member)." },
    })
    .input(leadNoteCreateSchema.extend({ id: z.string().uuid().meta({ description: "The lead's id." }) }))
    .output(leadNoteSchema)
    .mutation(({ ctx, input }) => addLeadNote({ sql: ctx.sql, viewer: ctx.user, leadId: input.id, text: input.text })),
} satisfies TRPCRouterRecord;
