// Shared by the tests: the real Google clients, pointed at an emulator the way the product points them.
import { calendar, type calendar_v3 } from "@googleapis/calendar";
import { OAuth2Client, type Credentials, type GenerateAuthUrlOpts } from "google-auth-library";
import { DEFAULT_CLIENT, type GoogleEmulator } from "./emulator.js";
import { CALENDAR_EVENTS_SCOPE } from "./scopes.js";

export const REDIRECT_URI = "http://127.0.0.1:5173/api/google/callback";

/** google-auth-library's OAuth2 client with the emulator's endpoints, as the product builds it. */
export function oauthClient(
  emulator: GoogleEmulator,
  options: { clientSecret?: string; forceRefreshOnFailure?: boolean } = {},
): OAuth2Client {
  return new OAuth2Client({
    clientId: DEFAULT_CLIENT.clientId,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT.clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: {
      oauth2AuthBaseUrl: `${emulator.url}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${emulator.url}/token`,
      oauth2RevokeUrl: `${emulator.url}/revoke`,
      tokenInfoUrl: `${emulator.url}/oauth2/v3/tokeninfo`,
    },
    forceRefreshOnFailure: options.forceRefreshOnFailure ?? false,
  });
}

/** Opens generateAuthUrl like a browser and returns the query of the redirect back to the app. */
export async function authorize(client: OAuth2Client, options: GenerateAuthUrlOpts): Promise<URLSearchParams> {
  const res = await fetch(client.generateAuthUrl(options), { redirect: "manual" });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`expected a redirect, got ${res.status}: ${await res.text()}`);
  if (!location.startsWith(`${REDIRECT_URI}?`)) throw new Error(`redirected to ${location}`);
  return new URL(location).searchParams;
}

/** Connects the emulator's account (offline access) and returns the client holding its tokens. */
export async function connect(
  emulator: GoogleEmulator,
  scope: string[] = [CALENDAR_EVENTS_SCOPE, "email"],
  options: Parameters<typeof oauthClient>[1] = {},
): Promise<{ client: OAuth2Client; tokens: Credentials }> {
  const client = oauthClient(emulator, options);
  const code = (await authorize(client, { access_type: "offline", scope })).get("code");
  const { tokens } = await client.getToken(code ?? "");
  client.setCredentials(tokens);
  return { client, tokens };
}

/** The Calendar v3 client on the emulator, with gaxios retries off. */
export function calendarApi(emulator: GoogleEmulator, auth: OAuth2Client): calendar_v3.Calendar {
  return calendar({ version: "v3", auth, rootUrl: `${emulator.url}/`, retry: false });
}

/** The status and JSON body of a request the Google clients reject (a GaxiosError). */
export async function rejection(promise: Promise<unknown>): Promise<{ status: number | undefined; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    const { response } = error as { response?: { status: number; data: unknown } };
    return { status: response?.status, data: response?.data };
  }
  throw new Error("expected the request to fail");
}
