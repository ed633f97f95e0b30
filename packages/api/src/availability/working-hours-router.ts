import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { dayOfWeekSchema, workingDayInputSchema, workingDaySchema, workingWeekInputSchema } from "@crawlguard/validators";
import * as workingHours from "./working-hours.js";
import { staffProcedure } from "../trpc.js";

const END_BEFORE_START = "An end time is not after its start time (working hours are one span within a day), or a day appears twice.";

export const workingHoursRouter = {
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/working-hours",
        tags: ["availability"],
        summary:
          "The current user's seven working days, Sunday ('0') first; days never saved are the defaults (Monday–Friday 09:00–17:00, weekend closed)",
      },
    })
    .input(z.void())
    .output(z.array(workingDaySchema))
    .query(({ ctx }) => workingHours.getWorkingWeek(ctx.sql, ctx.user.id)),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/api/working-hours/{dayOfWeek}",
        tags: ["availability"],
        summary: "Set one day's hours of the current user ('HH:MM' in the business time zone; the end after the start)",
      },
      errors: { "bad-input": END_BEFORE_START },
    })
    .input(workingDayInputSchema.extend({ dayOfWeek: dayOfWeekSchema }))
    .output(workingDaySchema)
    .mutation(({ ctx, input: { dayOfWeek, ...day } }) => workingHours.saveWorkingDay(ctx.sql, ctx.user.id, dayOfWeek, day)),

  saveAll: staffProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/api/working-hours",
        tags: ["availability"],
        summary:
          "Save All: set several days (up to seven, each once) in one transaction; nothing is saved when any day is invalid. Answers the whole week",
      },
      errors: { "bad-input": END_BEFORE_START },
    })
    .input(workingWeekInputSchema)
    .output(z.array(workingDaySchema))
    .mutation(({ ctx, input }) => workingHours.saveWorkingWeek(ctx.sql, ctx.user.id, input)),
} satisfies TRPCRouterRecord;
