import type { GoogleCalendarStatus } from "@crawlguard/validators";
import type { EmulatorState, FaultSettings, StoredEvent } from "@crawlguard/google-emulator";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { openDashboard } from "./dashboard-fixtures";

/*
 * The Google API emulator (tooling/google-emulator) the e2e server talks to instead of Google
 * (playwright.config.ts starts both). Its control routes (/__emulator/...) let tests look at the
 * calendar and break Google on purpose.
 */

/** The emulator's origin (GOOGLE_API_BASE_URL of the e2e server). */
export function googleUrl(): string {
  const url = process.env["E2E_GOOGLE_URL"];
  if (!url) throw new Error("E2E_GOOGLE_URL is unset: playwright.config.ts sets it");
  return url;
}

/** The account the emulator signs in as (its default). */
export const GOOGLE_ACCOUNT = "office@crawlguard.test";

export async function emulatorState(request: APIRequestContext): Promise<EmulatorState> {
  const response = await request.get(`${googleUrl()}/__emulator/state`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as EmulatorState;
}

/** The emulator's events (deleted ones too, as "cancelled") whose title contains `text`. */
export async function eventsTitled(request: APIRequestContext, text: string): Promise<StoredEvent[]> {
  return (await emulatorState(request)).events.filter((e) => e.event.summary?.includes(text));
}

export async function setGoogleFaults(request: APIRequestContext, faults: FaultSettings): Promise<void> {
  const response = await request.post(`${googleUrl()}/__emulator/faults`, { data: faults });
  expect(response.ok(), `faults answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** Every fault switch off. */
export async function clearGoogleFaults(request: APIRequestContext): Promise<void> {
  await setGoogleFaults(request, { calendarFailure: null, latencyMs: 0, invalidGrant: false, denyConsent: false });
}

/** Expires every access token the emulator gave out (refresh tokens keep working, unless invalidGrant). */
export async function expireGoogleTokens(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${googleUrl()}/__emulator/expire-tokens`);
  expect(response.ok()).toBe(true);
}

/**
 * Adds an event to the connected calendar as another program would (not one of our
 * appointments), with a live access token the emulator gave out.
 */
export async function insertOutsideEvent(
  request: APIRequestContext,
  event: { summary: string; start: string; end: string; location?: string },
): Promise<StoredEvent["event"]> {
  const { tokens } = await emulatorState(request);
  const token = tokens.access.filter((t) => t.active && t.scope.includes("calendar")).at(-1);
  expect(token, "a live access token (Google Calendar connected)").toBeTruthy();
  const response = await request.post(`${googleUrl()}/calendar/v3/calendars/primary/events`, {
    headers: { Authorization: `Bearer ${token!.token}` },
    data: { summary: event.summary, location: event.location, start: { dateTime: event.start }, end: { dateTime: event.end } },
  });
  expect(response.ok(), `insert answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as StoredEvent["event"];
}

function originHeaders(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("Set use.baseURL in playwright.config.ts");
  return { Origin: new URL(baseURL).origin };
}

export async function calendarStatus(request: APIRequestContext): Promise<GoogleCalendarStatus> {
  const response = await request.get("/api/calendar/status");
  expect(response.ok()).toBe(true);
  return (await response.json()) as GoogleCalendarStatus;
}

/** Disconnects Google Calendar (nothing happens when it is not connected), as the user `request` is signed in as. */
export async function disconnectGoogle(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const response = await request.post("/api/calendar/disconnect", { headers: originHeaders(baseURL), data: {} });
  expect(response.ok(), `disconnect answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/**
 * Connects without the popup: asks for Google's URL and follows it as the browser would. The
 * emulator approves at once and sends the request back to the server's landing page, which
 * finishes with this request's session.
 */
export async function connectGoogleViaApi(request: APIRequestContext): Promise<void> {
  const answer = await request.get("/api/calendar/auth-url");
  expect(answer.ok(), `auth-url answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  const { authUrl } = (await answer.json()) as { authUrl: string };
  const landing = await request.get(authUrl);
  expect(landing.ok(), `the landing page answered ${landing.status()}`).toBe(true);
  expect((await calendarStatus(request)).authenticated).toBe(true);
}

/** Opens /admin on the Google Calendar tab and waits for the connection check. */
export async function openGoogleCalendarTab(page: Page): Promise<Locator> {
  await openDashboard(page);
  return showGoogleCalendarTab(page);
}

/** Switches to the Google Calendar tab (it checks the status each time it opens). */
export async function showGoogleCalendarTab(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Google Calendar", exact: true }).click();
  const panel = page.getByRole("tabpanel");
  const connection = panel.getByRole("region", { name: "Connection Status" });
  await expect(connection).toBeVisible();
  return panel;
}
