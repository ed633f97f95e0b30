import { OAuth2Client, type Credentials } from "google-auth-library";
import { classifyGoogleError, GoogleCalendarError } from "./errors.js";
import { GOOGLE_SCOPES, type GoogleSettings } from "./settings.js";

/** What is kept (encrypted) of a connection: the refresh token is what matters; the rest is a cache. */
export interface StoredTokens {
  refreshToken: string;
  accessToken?: string | undefined;
  /** Milliseconds since the epoch. */
  expiryDate?: number | undefined;
  scope?: string | undefined;
}

/** An OAuth client for this server's Google client id, on Google's endpoints or GOOGLE_API_BASE_URL's. */
export function createOAuthClient(settings: GoogleSettings, redirectUri?: string): OAuth2Client {
  const { endpoints } = settings;
  return new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
    endpoints: {
      oauth2AuthBaseUrl: endpoints.authBaseUrl,
      oauth2TokenUrl: endpoints.tokenUrl,
      oauth2RevokeUrl: endpoints.revokeUrl,
      tokenInfoUrl: endpoints.tokenInfoUrl,
    },
    // An access token Google dropped early (revoked, rotated) gets one refresh and a retry.
    forceRefreshOnFailure: true,
  });
}

/**
 * The consent page's address: offline access and a forced consent screen (otherwise Google sends
 * no refresh token on a second connection), the events scope plus the account's email, and `state`.
 */
export function authorizationUrl(settings: GoogleSettings, redirectUri: string, state: string): string {
  return createOAuthClient(settings, redirectUri).generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    scope: [...GOOGLE_SCOPES],
    state,
    include_granted_scopes: false,
  });
}

export function toStoredTokens(credentials: Credentials, previous?: StoredTokens): StoredTokens | null {
  // Google omits the refresh token when refreshing: keep the one we have.
  const refreshToken = credentials.refresh_token ?? previous?.refreshToken;
  if (!refreshToken) return null;
  return {
    refreshToken,
    accessToken: credentials.access_token ?? previous?.accessToken,
    expiryDate: credentials.expiry_date ?? previous?.expiryDate,
    scope: credentials.scope ?? previous?.scope,
  };
}

export function toCredentials(tokens: StoredTokens): Credentials {
  return {
    refresh_token: tokens.refreshToken,
    access_token: tokens.accessToken ?? null,
    expiry_date: tokens.expiryDate ?? null,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
  };
}

export const NO_REFRESH_TOKEN_MESSAGE =
  "Google did not grant offline access (no refresh token). Remove CrawlGuard from the Google account's third-party access, then connect again.";

/** Exchanges the authorization code (single use, bound to the redirect URI) for tokens. */
export async function exchangeCode(settings: GoogleSettings, redirectUri: string, code: string): Promise<StoredTokens> {
  let credentials: Credentials;
  try {
    ({ tokens: credentials } = await createOAuthClient(settings, redirectUri).getToken({ code, redirect_uri: redirectUri }));
  } catch (error) {
    const failure = classifyGoogleError(error);
    // invalid_grant here is a bad, used or expired code, not a revoked connection.
    if (failure.kind === "revoked" || failure.kind === "refused") {
      throw new GoogleCalendarError(
        "refused",
        "Google refused the authorization code (used, expired or issued for another address). Connect again.",
        failure.status,
      );
    }
    throw failure;
  }
  const tokens = toStoredTokens(credentials);
  if (!tokens) throw new GoogleCalendarError("refused", NO_REFRESH_TOKEN_MESSAGE);
  return tokens;
}

/** The connected account's email (needs the `email` scope), or null when Google does not say. */
export async function accountEmail(settings: GoogleSettings, tokens: StoredTokens): Promise<string | null> {
  const client = createOAuthClient(settings);
  client.setCredentials(toCredentials(tokens));
  try {
    const res = await client.request<{ email?: unknown }>({ url: settings.endpoints.userInfoUrl, method: "GET", retry: false });
    return typeof res.data.email === "string" ? res.data.email : null;
  } catch {
    // The account's name is a nicety: connecting works without it.
    return null;
  }
}

/**
 * Revokes the grant at Google (the refresh token revokes the whole grant). An already revoked or
 * unknown token is fine; Google being unreachable is reported, and the caller forgets the tokens anyway.
 */
export async function revokeTokens(settings: GoogleSettings, tokens: StoredTokens): Promise<void> {
  try {
    await createOAuthClient(settings).revokeToken(tokens.refreshToken);
  } catch (error) {
    const failure = classifyGoogleError(error);
    if (failure.status === 400) return;
    throw failure;
  }
}
