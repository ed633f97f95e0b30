import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  MAX_TIME_BLOCKS_PER_USER,
  RECURRENCE_SPAN_MESSAGE,
  TIME_BLOCK_LIMIT_MESSAGE,
  timeBlockCreateSchema,
  timeBlockSchema,
  timeBlockUpdateSchema,
} from "@crawlguard/validators";
import * as timeBlocks from "./time-blocks.js";
import { staffProcedure } from "../trpc.js";

const idInput = z.object({ id: z.string().uuid().meta({ description: "The time block's id." }) });
/** Another user's block answers the same as one that does not exist. */
const NO_SUCH_BLOCK = "The current user has no time block with this id.";
const BLOCK_RULES =
  "The end is not after the start, a recurring block has no pattern, a weekdays block starts on a Saturday or Sunday, or its recurrence end date is before its start date or more than two years after it " +
  `(${RECURRENCE_SPAN_MESSAGE}).`;
/** The 409 of both saves: the body's `conflicts` lists the appointments covered (errors.ts ConflictError). */
const COVERS_APPOINTMENTS =
  "Not saved, nothing changed: an occurrence of the block overlaps some of your own appointments that are not over (a lost lead's do not count), " +
  "and confirm was not true. The body's `conflicts` lists them (the first 20; the message says how many more), each as a booking's clash is; " +
  "send the same request with confirm: true to save anyway.";

export const timeBlocksRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/time-blocks",
        tags: ["availability"],
        summary: "The current user's time blocks, by start (recurring blocks once each; GET /api/calendar/range expands them)",
      },
    })
    .input(z.void())
    .output(z.array(timeBlockSchema))
    .query(({ ctx }) => timeBlocks.listTimeBlocks(ctx.sql, ctx.user.id)),

  get: staffProcedure
    .meta({
      openapi: { method: "GET", path: "/api/time-blocks/{id}", tags: ["availability"], summary: "One of the current user's time blocks" },
      errors: { "not-found": NO_SUCH_BLOCK },
    })
    .input(idInput)
    .output(timeBlockSchema)
    .query(({ ctx, input }) => timeBlocks.getTimeBlock(ctx.sql, ctx.user.id, input.id)),

  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/time-blocks",
        tags: ["availability"],
        summary:
          "Block time for the current user: one-off, or repeating daily, on weekdays (Monday to Friday; it then starts on one), weekly or monthly at the same business-zone wall-clock time for at most two years " +
          `(without a recurrenceEndDate: two years from its start date); the colour defaults by type. Each user may have at most ${MAX_TIME_BLOCKS_PER_USER} time blocks.`,
      },
      errors: { "bad-input": `${BLOCK_RULES} Or: ${TIME_BLOCK_LIMIT_MESSAGE}`, conflict: COVERS_APPOINTMENTS },
    })
    .input(timeBlockCreateSchema)
    .output(timeBlockSchema)
    .mutation(({ ctx, input }) => timeBlocks.createTimeBlock(ctx.sql, ctx.user.id, input, ctx.config.businessTimeZone)),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/api/time-blocks/{id}",
        tags: ["availability"],
        summary:
          "Change the given fields of one of the current user's time blocks (the result must still be valid; color null goes back to the type's colour)",
      },
      errors: { "bad-input": BLOCK_RULES, "not-found": NO_SUCH_BLOCK, conflict: COVERS_APPOINTMENTS },
    })
    .input(timeBlockUpdateSchema.extend(idInput.shape))
    .output(timeBlockSchema)
    .mutation(({ ctx, input: { id, ...patch } }) =>
      timeBlocks.updateTimeBlock(ctx.sql, ctx.user.id, id, patch, ctx.config.businessTimeZone),
    ),

  delete: staffProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/api/time-blocks/{id}",
        tags: ["availability"],
        summary: "Delete one of the current user's time blocks (every occurrence)",
      },
      errors: { "not-found": NO_SUCH_BLOCK },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await timeBlocks.deleteTimeBlock(ctx.sql, ctx.user.id, input.id);
      return { success: true as const };
    }),
} satisfies TRPCRouterRecord;
