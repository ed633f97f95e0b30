export { startGoogleEmulator, DEFAULT_ACCOUNT_EMAIL, DEFAULT_CLIENT, type GoogleEmulator, type GoogleEmulatorOptions } from "./emulator.js";
export { type EmulatorState } from "./core.js";
export { type CalendarFailure, type FailureStatus, type FaultController, type FaultSettings, type Faults } from "./faults.js";
export { type OAuthClient, type Revocation, type TokenSummary } from "./oauth-store.js";
export { type StoredEvent } from "./calendar-store.js";
export { type CalendarEvent, type EventDateTime } from "./events.js";
export { CALENDAR_EVENTS_SCOPE, CALENDAR_SCOPE, EMAIL_SCOPE } from "./scopes.js";
