import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingRequestSchema,
  bookingResultSchema,
  calendarAppointmentRequestSchema,
  calendarAppointmentResultSchema,
  calendarRangeQuerySchema,
  calendarRangeSchema,
  schedulingSettingsSchema,
} from "@crawlguard/validators";
import type { Context } from "../context.js";
import { idempotencyHeaders, idempotent } from "../idempotency.js";
import * as appointments from "./appointments.js";
import { staffProcedure, syncOutput } from "../trpc.js";

const BOOKING_REFUSED =
  "A new client's name, email, phone, address or service is missing; the date is before today (business time zone); " +
  "the time does not exist that day (clocks go forward); or assignedTo names no user.";
const NO_SUCH_LEAD = "leadId names no lead (or, to a crew member, none assigned to them).";
const CREW_REFUSED = "A crew member booked a new client, or for someone else: crew book only the leads assigned to them, for themselves.";
/** The 409 of both booking calls: the body's `conflicts` lists the clashes (errors.ts ConflictError). */
const NOT_BOOKED =
  "Not booked, nothing saved: the time is outside working hours (a day off such as Sunday included), inside a time block, or overlaps " +
  "another appointment, and confirm was not true. The body's `conflicts` lists each clash and `message` says what to do: send the same " +
  "booking with confirm: true to book anyway. Also: a request with the same Idempotency-Key is still being processed.";
const KEY_REUSED = "The Idempotency-Key was already used with another body.";

/** What both booking calls take from the request's context: the database, the actor, the zone, the side effects. */
function bookingDeps(ctx: Context & { user: appointments.BookingCall["actor"] }): Omit<appointments.BookingCall, "input"> {
  return { sql: ctx.sql, actor: ctx.user, zone: ctx.config.businessTimeZone, pushes: ctx.google, events: ctx.events };
}

export const appointmentsRouter = {
  settings: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/appointments/settings",
        tags: ["appointments"],
        summary: "The business time zone, today's date in it, the durations and booking slots: what a booking screen needs first",
      },
    })
    .input(z.void())
    .output(schedulingSettingsSchema)
    .query(({ ctx }) => appointments.schedulingSettings(ctx.config.businessTimeZone)),

  book: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/appointments",
        tags: ["appointments"],
        summary:
          "Book (or reschedule) an appointment: an existing lead (leadId) or a new client, at appointmentDate + appointmentTime in the business time zone. " +
          "Conflicts (outside working hours, a time block, another appointment) are a 409 with `conflicts` unless confirm is true",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "bad-input": BOOKING_REFUSED,
        "not-found": NO_SUCH_LEAD,
        forbidden: CREW_REFUSED,
        conflict: NOT_BOOKED,
        unprocessable: KEY_REUSED,
      },
    })
    .input(bookingRequestSchema)
    .output(bookingResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await idempotent(ctx, "appointments.book", input, () => appointments.bookAppointment({ ...bookingDeps(ctx), input }));
      ctx.google.nudge();
      return result;
    }),

  schedule: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/appointment",
        tags: ["calendar"],
        summary:
          "The Schedule Appointment modal's booking (the modal's own payload): the same rules as POST /api/appointments, answered as { success, message, lead, conflicts }; " +
          "a clash is the same 409 with `conflicts`. Works whether or not Google Calendar is connected, and when it is, queues the appointment's push to it " +
          "(Google failing never fails the booking)",
        requestHeaders: idempotencyHeaders,
      },
      errors: {
        "bad-input": BOOKING_REFUSED,
        "not-found": NO_SUCH_LEAD,
        forbidden: CREW_REFUSED,
        conflict: NOT_BOOKED,
        unprocessable: KEY_REUSED,
      },
    })
    .input(calendarAppointmentRequestSchema)
    .output(calendarAppointmentResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await idempotent(ctx, "appointments.schedule", input, () =>
        appointments.scheduleFromCalendar({ ...bookingDeps(ctx), input }),
      );
      ctx.google.nudge();
      return result;
    }),

  range: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/range",
        tags: ["calendar"],
        summary:
          "Appointments and time-block occurrences (recurrences expanded) overlapping [start, end), at most 62 days; scope mine (default: mine, unassigned, my blocks) or all. A crew member sees only the appointments assigned to them",
      },
      errors: { "bad-input": "end is not after start, or the range spans more than 62 days." },
    })
    .input(calendarRangeQuerySchema)
    .output(syncOutput(calendarRangeSchema))
    .query(({ ctx, input }) => appointments.calendarRange(ctx.sql, input, ctx.user, ctx.config.businessTimeZone)),

  availability: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/appointments/availability",
        tags: ["appointments"],
        summary:
          "The booking slots of a date (every 30 minutes, 08:00–18:00, business time zone) for an assignee, each with the conflicts it would have",
      },
      errors: {
        "bad-input": "The date is before today (business time zone), or assignedTo names no user.",
        forbidden: "A crew member asked for someone else's slots: crew book only for themselves.",
      },
    })
    .input(availabilityQuerySchema)
    .output(availabilitySchema)
    .query(({ ctx, input }) => appointments.availability(ctx.sql, input, ctx.user, ctx.config.businessTimeZone)),
} satisfies TRPCRouterRecord;
