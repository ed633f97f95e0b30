import { apiKeysRouter } from "./router/api-keys.js";
import { appointmentsRouter } from "./router/appointments.js";
import { authRouter } from "./router/auth.js";
import { calendarFeedRouter } from "./router/calendar-feed.js";
import { contactRouter } from "./router/contact.js";
import { galleryRouter } from "./router/gallery.js";
import { googleCalendarRouter } from "./router/google-calendar.js";
import { healthRouter } from "./router/health.js";
import { invitationsRouter } from "./router/invitations.js";
import { leadsRouter } from "./router/leads.js";
import { notificationsRouter } from "./router/notifications.js";
import { submissionsRouter } from "./router/submissions.js";
import { timeBlocksRouter } from "./router/time-blocks.js";
import { usersRouter } from "./router/users.js";
import { webhooksRouter } from "./router/webhooks.js";
import { workingHoursRouter } from "./router/working-hours.js";
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
  gallery: galleryRouter,
  googleCalendar: googleCalendarRouter,
  notifications: notificationsRouter,
  webhooks: webhooksRouter,
  apiKeys: apiKeysRouter,
  calendarFeed: calendarFeedRouter,
});

export type AppRouter = typeof appRouter;
