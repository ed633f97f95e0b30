/** Google's own endpoints; GOOGLE_API_BASE_URL replaces all of them with one origin (an emulator). */
const GOOGLE = {
  authBaseUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  revokeUrl: "https://oauth2.googleapis.com/revoke",
  tokenInfoUrl: "https://oauth2.googleapis.com/tokeninfo",
  userInfoUrl: "https://www.googleapis.com/oauth2/v3/userinfo",
  apiRootUrl: "https://www.googleapis.com/",
} as const;

export type GoogleEndpoints = { [K in keyof typeof GOOGLE]: string };

/** The OAuth client and calendar this server talks to (from GOOGLE_* in the environment). */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** The calendar events go to: `primary` (the connected account's own) or a calendar id. */
  calendarId: string;
  endpoints: GoogleEndpoints;
}

/**
 * Google's endpoints, or those of one origin serving Google's paths (the local emulator): the
 * authorization page, token, revoke, token info, user info and the Calendar API root.
 */
export function googleEndpoints(apiBaseUrl?: string): GoogleEndpoints {
  if (!apiBaseUrl) return { ...GOOGLE };
  const base = new URL(apiBaseUrl).origin;
  return {
    authBaseUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    tokenInfoUrl: `${base}/oauth2/v3/tokeninfo`,
    userInfoUrl: `${base}/oauth2/v3/userinfo`,
    apiRootUrl: `${base}/`,
  };
}

/** The scopes asked for: the calendar's events, and who the account is (to show it in the panel). */
export const GOOGLE_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "openid", "email"] as const;

/** Where Google sends the browser back to, under this server's origin. */
export const GOOGLE_REDIRECT_PATH = "/oauth/google/callback";

export function redirectUriFor(origin: string): string {
  return `${origin.replace(/\/$/, "")}${GOOGLE_REDIRECT_PATH}`;
}
