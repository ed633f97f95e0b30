import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  bookingPreviewSchema,
  bookingStatusSchema,
  bookingWindowsQuerySchema,
  bookingWindowsSchema,
  manageTokenSchema,
  onlineBookingCancelSchema,
  onlineBookingRequestSchema,
  onlineBookingRescheduleSchema,
  onlineBookingResultSchema,
  onlineBookingSettingsInputSchema,
  onlineBookingSettingsSchema,
  onlineBookingViewSchema,
} from "@crawlguard/validators";
import type { Context } from "../context.js";
import { adminProcedure, officeProcedure, publicProcedure } from "../trpc.js";
import { bookOnline } from "./booking.js";
import { BOOKING_LINK_NOT_FOUND, cancelBooking, rescheduleBooking, viewBooking } from "./manage.js";
import { bookingEnabled, getBookingSettings, saveBookingSettings } from "./settings.js";
import { BOOKING_OFF_MESSAGE, bookingPreview, publicWindows } from "./window-list.js";

/*
 * Online booking (docs/product.md "Online booking", ADR 036): the admin's settings and the
 * dashboard's preview, and the homeowner's public calls: the window list, booking, and the manage
 * link's view, reschedule and cancel.
 */

const OFF = `Online booking is switched off: "${BOOKING_OFF_MESSAGE}"`;
const OUTSIDE_AREA = "The zip code is outside the service area: the message says to call, with the company's phone.";
const NOT_FREE =
  "That window is no longer free, `windowStart` is not one of the windows offered, or this e-mail address already has it booked.";
const LINK = `No booking has this link: "${BOOKING_LINK_NOT_FOUND}"`;

const tokenInput = z.object({ token: manageTokenSchema });

/** What the homeowner's calls take from the request: the database, the zone, the side effects. */
const sideEffects = (ctx: Context) => ({ sql: ctx.sql, zone: ctx.config.businessTimeZone, pushes: ctx.google, events: ctx.events });

export const onlineBookingRouter = {
  settings: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/online-booking",
        tags: ["online booking"],
        summary: "Online booking's settings: on or off, the weekly windows, notice, horizon, the bookable crew and the service area",
      },
    })
    .input(z.void())
    .output(onlineBookingSettingsSchema)
    .query(async ({ ctx }) => ({ ...(await getBookingSettings(ctx.sql)), timeZone: ctx.config.businessTimeZone })),

  updateSettings: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/api/online-booking",
        tags: ["online booking"],
        summary: "Save online booking's settings, whole (admins only)",
        description:
          "Takes and answers the whole settings. Each window lasts 30, 60, 90, 120 or 180 minutes and windows on one day may not overlap; " +
          'every bookable user id must name an account. Switching it on or off shows or hides the public pages\' "Pick a time online" at once.',
      },
      errors: { "bad-input": "A field is invalid, a window is too long, short or overlaps another, or a user id names no account." },
    })
    .input(onlineBookingSettingsInputSchema)
    .output(onlineBookingSettingsSchema)
    .mutation(async ({ ctx, input }) => ({
      ...(await saveBookingSettings({ sql: ctx.sql, input, actorId: ctx.user.id })),
      timeZone: ctx.config.businessTimeZone,
    })),

  preview: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/online-booking/preview",
        tags: ["online booking"],
        summary: "The next free windows as the saved settings make them (on or off), with how many bookable crew are free for each",
      },
    })
    .input(z.void())
    .output(bookingPreviewSchema)
    .query(({ ctx }) => bookingPreview({ sql: ctx.sql, zone: ctx.config.businessTimeZone })),

  status: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/public/booking",
        tags: ["online booking"],
        summary: "Whether homeowners can book online now",
        protect: false,
      },
    })
    .input(z.void())
    .output(bookingStatusSchema)
    .query(async ({ ctx }) => ({ enabled: await bookingEnabled(ctx.sql) })),

  windows: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/public/booking/windows",
        tags: ["online booking"],
        summary:
          "The free arrival windows for a zip code: those at least one bookable crew member is free for, whole, after the notice and within the horizon",
        protect: false,
      },
      errors: { "not-found": OFF, unprocessable: OUTSIDE_AREA },
    })
    .input(bookingWindowsQuerySchema)
    .output(bookingWindowsSchema)
    .query(({ ctx, input }) => publicWindows({ sql: ctx.sql, zone: ctx.config.businessTimeZone, zipCode: input.zipCode })),

  book: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/public/booking",
        tags: ["online booking"],
        summary:
          "Book a free inspection in one of the windows listed: a lead, its appointment with a free crew member, the confirmation mail with the manage link",
        description:
          "Answers 201. The lead has source online-booking and status scheduled; the appointment spans the window and goes to the free bookable " +
          "person with the fewest appointments that day. Bot fields and the per-address limit are the contact form's: a booking with `botTrap` " +
          "or sent faster than CONTACT_MIN_SUBMIT_MS is answered as booked and nothing is stored. Of bookings racing for the last place in a " +
          "window exactly one is made; the others are 409.",
        protect: false,
      },
      created: true,
      errors: {
        "not-found": OFF,
        conflict: NOT_FREE,
        unprocessable: OUTSIDE_AREA,
        "rate-limited": "Too many bookings from this network in 10 minutes (the contact form's limit).",
      },
    })
    .input(onlineBookingRequestSchema)
    .output(onlineBookingResultSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await bookOnline({ ...sideEffects(ctx), input, ip: ctx.ip, origin: ctx.origin, config: ctx.config, log: ctx.log });
      ctx.google.nudge();
      return result;
    }),

  view: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/public/booking/{token}",
        tags: ["online booking"],
        summary: "A booking made online, by the token of its manage link",
        protect: false,
      },
      errors: { "not-found": LINK },
    })
    .input(tokenInput)
    .output(onlineBookingViewSchema)
    .query(({ ctx, input }) => viewBooking({ sql: ctx.sql, token: input.token, zone: ctx.config.businessTimeZone })),

  reschedule: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/public/booking/{token}/reschedule",
        tags: ["online booking"],
        summary: "Move a booking made online to another free window (GET /api/public/booking/windows lists them)",
        protect: false,
      },
      errors: { "not-found": `${LINK}; or ${OFF}`, conflict: `The booking is cancelled; or ${NOT_FREE}` },
    })
    .input(onlineBookingRescheduleSchema)
    .output(onlineBookingViewSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await rescheduleBooking({ ...sideEffects(ctx), token: input.token, windowStart: input.windowStart });
      ctx.google.nudge();
      return result;
    }),

  cancel: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/public/booking/{token}/cancel",
        tags: ["online booking"],
        summary: "Cancel a booking made online: its window is free again; the lead keeps its history and loses its date",
        protect: false,
      },
      errors: { "not-found": LINK, conflict: "The booking is already cancelled." },
    })
    .input(onlineBookingCancelSchema)
    .output(onlineBookingViewSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await cancelBooking({ ...sideEffects(ctx), token: input.token });
      ctx.google.nudge();
      return result;
    }),
} satisfies TRPCRouterRecord;
