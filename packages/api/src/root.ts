import { apiKeysRouter } from "./api-keys/router.js";
import { appointmentsRouter } from "./appointments/router.js";
import { authRouter } from "./users/auth-router.js";
import { busyTimesRouter } from "./busy-times/router.js";
import { calendarFeedRouter } from "./calendar-feed/router.js";
import { contactRouter } from "./submissions/contact-router.js";
import { crewDayRouter } from "./crew-day/router.js";
import { galleryRouter } from "./gallery/router.js";
import { googleCalendarRouter } from "./google-calendar/router.js";
import { healthRouter } from "./health/router.js";
import { invitationsRouter } from "./users/invitations-router.js";
import { leadsRouter } from "./leads/router.js";
import { leadNotesRouter } from "./lead-notes/router.js";
import { leadPhotosRouter } from "./lead-photos/router.js";
import { notificationsRouter } from "./notifications/router.js";
import { onlineBookingRouter } from "./online-booking/router.js";
import { priceBookRouter } from "./price-book/router.js";
import { clientQuotesRouter } from "./quotes/client-router.js";
import { quotesRouter } from "./quotes/router.js";
import { submissionsRouter } from "./submissions/router.js";
import { timeBlocksRouter } from "./availability/time-blocks-router.js";
import { usersRouter } from "./users/router.js";
import { webhooksRouter } from "./webhooks/router.js";
import { eventLogRouter } from "./webhooks/event-log-router.js";
import { workingHoursRouter } from "./availability/working-hours-router.js";
import { createTRPCRouter } from "./trpc.js";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  health: healthRouter,
  contact: contactRouter,
  submissions: submissionsRouter,
  leads: leadsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  workingHours: workingHoursRouter,
  timeBlocks: timeBlocksRouter,
  appointments: appointmentsRouter,
  busyTimes: busyTimesRouter,
  gallery: galleryRouter,
  googleCalendar: googleCalendarRouter,
  notifications: notificationsRouter,
  webhooks: webhooksRouter,
  events: eventLogRouter,
  apiKeys: apiKeysRouter,
  calendarFeed: calendarFeedRouter,
  onlineBooking: onlineBookingRouter,
  crewDay: crewDayRouter,
  leadNotes: leadNotesRouter,
  leadPhotos: leadPhotosRouter,
  priceBook: priceBookRouter,
  quotes: quotesRouter,
  clientQuotes: clientQuotesRouter,
});

export type AppRouter = typeof appRouter;
