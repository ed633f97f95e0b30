import type { TRPCRouterRecord } from "@trpc/server";
import { busyDayQuerySchema, busyDaySchema, NEXT_FREE_SEARCH_DAYS } from "@crawlguard/validators";
import { staffProcedure } from "../trpc.js";
import { busyDay, NO_SUCH_PERSON } from "./busy-day.js";

export const busyTimesRouter = {
  day: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/appointments/busy",
        tags: ["appointments"],
        summary: "One person's busy times on a day (appointments, time blocks, working hours) and their next free booking time",
        description:
          "What a booking dialog shows once a date and an assignee are chosen. `busy` lists the person's appointments (and unassigned " +
          "ones, which could be anyone's) and time-block occurrences that day; outside `workingHours` (null on a day off) is busy too. " +
          `\`nextFree\` is the first booking slot from the date on (from now, today) where an appointment of durationMinutes clashes ` +
          `with nothing under the booking rule, within ${NEXT_FREE_SEARCH_DAYS} days. Another staff member's blocks read "Busy" ` +
          "(admins read them whole). A crew member asks only about themselves.",
      },
      errors: {
        "bad-input": "The date is not a real date or is before today (business time zone), or durationMinutes is not one offered.",
        forbidden: "A crew member asked about someone else.",
        "not-found": NO_SUCH_PERSON,
      },
    })
    .input(busyDayQuerySchema)
    .output(busyDaySchema)
    .query(({ ctx, input }) => busyDay({ sql: ctx.sql, viewer: ctx.user, zone: ctx.config.businessTimeZone, query: input })),
} satisfies TRPCRouterRecord;
