import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.js";

export { appRouter, type AppRouter } from "./root.js";
export {
  BEARER_SECURITY_SCHEME,
  buildOpenApiDocument,
  errorBodySchema,
  SESSION_SECURITY_SCHEME,
  UPLOAD_ROUTE,
  type ErrorBody,
} from "./openapi.js";
export { createContextFactory, type ApiConfig, type Context, type ContextDeps, type Logger } from "./context.js";
// The REST door's check of query parameters (an unknown one is a 400 naming it).
export { restQueryCheck } from "./rest-query.js";
export {
  DomainError,
  GENERIC_ERROR_MESSAGE,
  rateLimitHeaders,
  rateLimitHeadersOf,
  type DomainErrorKind,
  type FieldIssue,
  type RateLimitInfo,
} from "./errors.js";
export { createCallerFactory, ERROR_EDGE, restSuccessStatus } from "./trpc.js";
export { isDatabaseUnavailable } from "./db-errors.js";
export { DeadlineError, freshFlight, withDeadline } from "./flight.js";
// The server's own upload route (filesystem storage) and the periodic clean-up of unused uploads.
export { receiveUpload } from "./gallery/uploads.js";
export { sweepGalleryUploads } from "./gallery/upload-sweep.js";
// Job photos: served by the server's own staff-only route (apps/server/src/lead-photos-route.ts).
export { LEAD_PHOTO_PATH, openLeadPhoto } from "./lead-photos/photos.js";
// The contact form's success notice, for pages that show it without script (apps/server/src/contact-form.ts).
export { CONTACT_SUCCESS_MESSAGE } from "./submissions/contact.js";
// Google Calendar: built once by the server (settings, token key, push queue), run by its worker loop.
export { GoogleCalendar, NOT_CONFIGURED_MESSAGE, type GoogleCalendarOptions } from "./google-calendar/google-calendar.js";
// E-mail notifications: the subscriber and worker steps, templates, unsubscribe links.
export {
  DIGEST_QUEUE,
  MAIL_QUEUE,
  Mailer,
  unsubscribe,
  unsubscribeSecret,
  type Outgoing,
  type SendMail,
} from "./notifications/notifications.js";
export { renderMail, type MailData } from "./notifications/templates.js";
export { appointmentIcs } from "./notifications/ics.js";
export { verifyUnsubscribeToken, unsubscribeToken } from "./notifications/unsubscribe-token.js";
// Domain events (ADR 028): the server's one bus; the mail and the webhooks subscribe to it.
export {
  DomainEvents,
  NO_EVENTS,
  PUBLIC_LEAD_FIELDS,
  type DeletedLeadSnapshot,
  type DomainEvent,
  type DomainEventInput,
  type DomainEventSubscriber,
  type DomainEventType,
  type EventSink,
} from "./domain-events.js";

// The calendar feed: served by the server's own route (apps/server/src/calendar-feed-route.ts).
export { calendarFeedIcs, CALENDAR_FEED_PATH } from "./calendar-feed/calendar-feed.js";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
// Webhooks (ADR 030): the server runs the sender and registers the domain-event subscriber.
export { runDelivery, webhookRetryDelaySeconds, DELIVERY_LEASE_SECONDS, type DeliveryOutcome } from "./webhooks/deliver.js";
export { webhookSubscriber, webhookData } from "./webhooks/events.js";
export { refusedAddress, isLoopbackHost } from "./webhooks/address.js";
export { sendWebhook, signedHeaders, checkedAddresses, SEND_TIMEOUT_MS } from "./webhooks/send.js";
export { checkWebhookUrl, deliveriesHeld, type WebhookJobs, type WebhookSettings } from "./webhooks/webhooks.js";
export type { WebhooksDeps } from "./context.js";
// Quotes: the homeowner's page and its PDFs are served by the server's own routes (apps/server/src/quote-routes.ts).
export { renderQuotePage, renderQuoteNotFound, type QuotePageState } from "./quotes/client-page.js";
export { ensureQuoteSettings } from "./quotes/settings.js";
// Online booking: /book and /book/{token} are served by the server's own routes (apps/server/src/booking-routes.ts).
export {
  BOOKING_FORM_FIELDS,
  BOT_TRAP_FIELD,
  FORM_TOKEN_FIELD,
  renderBookedPage,
  renderBookPage,
  type BookingFormField,
  type BookingFormValues,
  type BookPageState,
} from "./online-booking/book-page.js";
export { renderBookingNotFound, renderManagePage, type ManagePageState } from "./online-booking/manage-page.js";
