const AUTH = "https://www.googleapis.com/auth/";

export const CALENDAR_SCOPE = `${AUTH}calendar`;
export const CALENDAR_EVENTS_SCOPE = `${AUTH}calendar.events`;
export const EMAIL_SCOPE = `${AUTH}userinfo.email`;

/** Scopes that allow creating, changing and deleting events. */
export const EVENT_WRITE_SCOPES = [CALENDAR_SCOPE, CALENDAR_EVENTS_SCOPE, `${AUTH}calendar.events.owned`];
/** Scopes that allow reading events. */
export const EVENT_READ_SCOPES = [
  ...EVENT_WRITE_SCOPES,
  `${AUTH}calendar.readonly`,
  `${AUTH}calendar.events.readonly`,
  `${AUTH}calendar.events.owned.readonly`,
];
/** Scopes that allow reading a calendar's metadata (calendars.get): the events scopes do not. */
export const CALENDAR_READ_SCOPES = [CALENDAR_SCOPE, `${AUTH}calendar.readonly`];

/** The short names Google accepts and the full scope it grants for each. */
const ALIASES: Record<string, string> = { email: EMAIL_SCOPE, profile: `${AUTH}userinfo.profile` };

const DESCRIPTIONS: Record<string, string> = {
  [CALENDAR_SCOPE]: "See, edit, share, and permanently delete all the calendars you can access using Google Calendar",
  [CALENDAR_EVENTS_SCOPE]: "View and edit events on all your calendars",
  [EMAIL_SCOPE]: "See your primary Google Account email address",
  [`${AUTH}userinfo.profile`]: "See your personal info, including any personal info you've made publicly available",
  openid: "Associate you with your personal info on Google",
};

/**
 * Parses a space-separated `scope` parameter the way Google does: short names expanded
 * (`email` → `…/auth/userinfo.email`), duplicates dropped. Returns the scopes Google would not
 * recognise separately.
 */
export function parseScopes(scope: string): { scopes: string[]; invalid: string[] } {
  const scopes = [
    ...new Set(
      scope
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => ALIASES[s] ?? s),
    ),
  ];
  return { scopes, invalid: scopes.filter((s) => s !== "openid" && !s.startsWith(AUTH)) };
}

/** A consent-page line for a scope. */
export function describeScope(scope: string): string {
  return DESCRIPTIONS[scope] ?? scope;
}
