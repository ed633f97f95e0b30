import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  googleAuthUrlSchema,
  googleCalendarEventSchema,
  googleCalendarStatusSchema,
  googleCallbackInputSchema,
  googleDisconnectResultSchema,
  googleEventsRangeQuerySchema,
  googleMessageSchema,
  googleSyncResultSchema,
} from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { adminProcedure, noInput, officeProcedure, staffProcedure } from "../trpc.js";
import { assertLeadVisible } from "../users/access.js";

/*
 * Google Calendar (docs/product.md "The calls it makes", /api/calendar/*; ADR 014). Connecting, reconnecting
 * and disconnecting (init, auth-url, callback, disconnect) are admin-only: the
 * connection decides where every client's details go, so a staff account must not be able to
 * point it at its own Google account. The builder refuses staff (403) before the service could
 * answer "not configured". Staff keep status, events, sync and add-event. The booking call of the
 * same family (POST /api/calendar/appointment) is appointments.schedule.
 */

const tags = ["google-calendar"];
const NOT_READY =
  "Google Calendar is not configured on this server (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET unset, or no token key with PostgreSQL), " +
  "not connected, or needs reconnecting; the message says which and what to do.";
const GOOGLE_DOWN = "Google Calendar failed or did not answer; the message says what Google answered.";

/** The caller's session: the OAuth state is bound to it. */
function session(ctx: { user: { id: string }; sessionId: string | null }) {
  if (!ctx.sessionId) throw new DomainError("unauthorized", "You must be logged in");
  return { userId: ctx.user.id, sessionId: ctx.sessionId };
}

export const googleCalendarRouter = {
  status: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/status",
        tags,
        summary:
          "Whether Google Calendar is configured and connected (authenticated), which account and who connected it, whether it needs reconnecting, " +
          "pushes waiting, the last failure, and the redirect URI to register",
      },
    })
    .input(z.void())
    .output(googleCalendarStatusSchema)
    .query(({ ctx }) => ctx.google.status(ctx.origin)),

  init: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/init",
        tags,
        summary: "The admin panel's check on mount: the same answer as GET /api/calendar/status (admins only; staff read the status)",
      },
    })
    .input(noInput)
    .output(googleCalendarStatusSchema)
    .mutation(({ ctx }) => ctx.google.status(ctx.origin)),

  authUrl: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/auth-url",
        tags,
        summary:
          "Start connecting: Google's consent page URL (offline access, consent prompt, the calendar events scope and the account's email) " +
          "with a state bound to this session, single use, valid 10 minutes. Open it in a 500 × 600 popup. Admins only",
      },
      errors: { conflict: "Google Calendar is not configured on this server: the message says how to configure it." },
    })
    .input(z.void())
    .output(googleAuthUrlSchema)
    .query(({ ctx }) => ctx.google.authUrl(session(ctx), ctx.origin)),

  callback: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/callback",
        tags,
        summary:
          "Finish connecting with the code and state Google sent back (the popup's page does this itself): the tokens are stored encrypted and " +
          "every future appointment is queued for pushing. A connection it replaces has its grant revoked at Google (unless it is the same Google account). Admins only",
      },
      errors: {
        "bad-input": "The state is wrong, used, expired or another session's, or Google refused the code; nothing is stored.",
        conflict: "Google Calendar is not configured on this server.",
        unavailable: GOOGLE_DOWN,
      },
    })
    .input(googleCallbackInputSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.google.completeAuthorization(session(ctx), input);
      return { success: true as const };
    }),

  events: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/events",
        tags,
        summary: "Upcoming events of the connected calendar, soonest first, at most 50 (the panel shows 5)",
      },
      errors: { conflict: NOT_READY, unavailable: GOOGLE_DOWN },
    })
    .input(z.void())
    .output(z.array(googleCalendarEventSchema))
    .query(({ ctx }) => ctx.google.upcomingEvents()),

  eventsRange: officeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/api/calendar/events/range",
        tags,
        summary:
          "Events of the connected calendar overlapping [startDate, endDate) (ISO 8601 instants with an offset), soonest first, at most 2500. " +
          "Not connected, or Google failing: an empty list (the failure shows in the status)",
      },
      errors: { "bad-input": "startDate or endDate is not an ISO 8601 date and time with an offset, or endDate is not after startDate." },
    })
    .input(googleEventsRangeQuerySchema)
    .output(z.array(googleCalendarEventSchema))
    .query(({ ctx, input }) => ctx.google.eventsInRange(input)),

  addEvent: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/add-event/{leadId}",
        tags,
        summary:
          "'Add to Google': push the lead's appointment to Google Calendar now (added, or updated if it is there: never a duplicate). " +
          "When Google fails the push stays queued and is retried",
      },
      errors: {
        "bad-input": "The lead has no scheduled date, or is lost (its appointment is cancelled).",
        "not-found": "No lead has this id (or, to a crew member, none assigned to them has it).",
        conflict: NOT_READY,
        unavailable: `${GOOGLE_DOWN} The push stays queued and is retried.`,
      },
    })
    .input(z.object({ leadId: z.string().uuid().meta({ description: "The lead whose appointment to add." }) }))
    .output(googleMessageSchema)
    .mutation(async ({ ctx, input }) => {
      await assertLeadVisible(ctx.sql, ctx.user, input.leadId);
      return ctx.google.addEvent(input.leadId);
    }),

  sync: officeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/sync",
        tags,
        summary:
          "'Sync with Google Calendar': push every future appointment whose event is missing or out of date, remove events of leads no longer " +
          "scheduled, and answer the counts",
      },
      errors: { conflict: NOT_READY, unavailable: GOOGLE_DOWN },
    })
    .input(noInput)
    .output(googleSyncResultSchema)
    .mutation(({ ctx }) => ctx.google.sync()),

  disconnect: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/api/calendar/disconnect",
        tags,
        summary: "Disconnect: revoke the grant at Google and delete the stored tokens (events already in the calendar stay). Admins only",
      },
    })
    .input(noInput)
    .output(googleDisconnectResultSchema)
    .mutation(({ ctx }) => ctx.google.disconnect()),
} satisfies TRPCRouterRecord;
