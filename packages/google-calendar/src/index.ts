export {
  googleEndpoints,
  GOOGLE_REDIRECT_PATH,
  GOOGLE_SCOPES,
  redirectUriFor,
  type GoogleEndpoints,
  type GoogleSettings,
} from "./settings.js";
export { classifyGoogleError, GoogleCalendarError, type GoogleFailureKind } from "./errors.js";
export { accountEmail, authorizationUrl, exchangeCode, revokeTokens, type StoredTokens } from "./oauth.js";
export { CalendarClient, type CalendarEventSummary, type UpsertOutcome } from "./calendar-client.js";
export {
  eventFingerprint,
  eventFromAppointment,
  eventIdForLead,
  isValidEventId,
  notifiesAttendees,
  REMINDER_MINUTES,
  zonedDateTime,
  type AppointmentForEvent,
  type CalendarEventBody,
} from "./event-mapping.js";
export { loadTokenKey, parseTokenKey, TOKEN_KEY_FILE, TOKEN_KEY_FORMAT_MESSAGE, TokenCipher, type TokenKeySource } from "./token-cipher.js";
export {
  PUSH_QUEUE,
  HEARTBEAT_SECONDS,
  PushQueue,
  postgresJsDatabase,
  retryDelaySeconds,
  type PushJob,
  type PushQueueOptions,
  type SqlText,
} from "./push-queue.js";
