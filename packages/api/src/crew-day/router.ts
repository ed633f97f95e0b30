import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { myDayQuerySchema, myDaySchema, onMyWayRequestSchema, onMyWayResultSchema } from "@crawlguard/validators";
import { staffProcedure } from "../trpc.js";
import { myDay } from "./my-day.js";
import { MAIL_OFF_MESSAGE, NO_APPOINTMENT_MESSAGE, NO_EMAIL_MESSAGE, ON_MY_WAY_SPACING_MINUTES, sendOnMyWay } from "./on-my-way.js";

export const crewDayRouter = {
  myDay: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/my/day",
        tags: ["crew"],
        summary: "Your appointments of one day (business time zone; today by default), earliest first, with what you need at the door",
        description:
          "Each job has the client's name, phone and full address, a Google Maps search URL for the address, the service's label, the " +
          "lead's notes, status and value. A lost lead's appointment is left out.",
      },
    })
    .input(myDayQuerySchema.optional())
    .output(myDaySchema)
    .query(({ ctx, input }) => myDay({ sql: ctx.sql, userId: ctx.user.id, date: input?.date, zone: ctx.config.businessTimeZone })),

  onMyWay: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/leads/{id}/on-my-way",
        tags: ["crew"],
        summary: "Mail the client that you are on your way: you (your display name) arrive around now plus etaMinutes",
        description:
          "Queues the client mail (the arrival as a clock time of the business time zone, e.g. around 2:40 PM) and records it in the " +
          `lead's timeline (kind on-my-way). At most once per ${ON_MY_WAY_SPACING_MINUTES} minutes per appointment: 429 with ` +
          "Retry-After otherwise.",
      },
      errors: {
        "not-found": "No lead has this id (or it is not assigned to you, a crew member).",
        conflict: `${NO_APPOINTMENT_MESSAGE} Or: ${NO_EMAIL_MESSAGE} Or: ${MAIL_OFF_MESSAGE}`,
        "rate-limited": `The client of this appointment was told less than ${ON_MY_WAY_SPACING_MINUTES} minutes ago (Retry-After says when to try again).`,
      },
    })
    .input(onMyWayRequestSchema.extend({ id: z.string().uuid().meta({ description: "The lead's id." }) }))
    .output(onMyWayResultSchema)
    .mutation(({ ctx, input }) =>
      sendOnMyWay({
        sql: ctx.sql,
        viewer: ctx.user,
        leadId: input.id,
        etaMinutes: input.etaMinutes,
        zone: ctx.config.businessTimeZone,
        mailConfigured: ctx.config.mail?.configured ?? false,
        events: ctx.events,
      }),
    ),
} satisfies TRPCRouterRecord;
