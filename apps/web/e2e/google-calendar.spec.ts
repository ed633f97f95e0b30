import type { User } from "@crawlguard/validators";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { collectPageErrors, expect, firstAdmin, loginUser, newUser, registerUser, test as base, type TestUser } from "./fixtures";
import { listLeads, toast, uniquePhone, uniqueToken } from "./dashboard-fixtures";
import {
  calendarStatus,
  clearGoogleFaults,
  connectGoogleViaApi,
  disconnectGoogle,
  emulatorState,
  eventsTitled,
  expireGoogleTokens,
  GOOGLE_ACCOUNT,
  googleUrl,
  insertOutsideEvent,
  openGoogleCalendarTab,
  setGoogleFaults,
  showGoogleCalendarTab,
} from "./google-fixtures";
import { ashevilleInstant, ashevilleWeekday, BUSINESS_ZONE, goToDate, openCalendar, showView } from "./scheduling-fixtures";

/*
 * Google Calendar (docs/product.md "Screens and routes", Google Calendar; "The calls it makes"; "Error catalogue") end to end: the browser,
 * the server and the Google API emulator the e2e server is pointed at (playwright.config.ts).
 * The connection is the whole business's, so each test starts and ends disconnected, with
 * Google healthy, whatever other specs left behind; names carry a unique token because the
 * database and the emulator's calendar are shared by the whole run. Connecting, reconnecting and
 * disconnecting are for admins: the flows run as an admin, and one test checks
 * what staff see.
 */

const test = base.extend<{
  /** A page signed in as a fresh admin account. */
  adminPage: { page: Page; user: TestUser & { account: User } };
  /** The run's first admin, signed in on a request context of its own (the page's cookies untouched). */
  owner: APIRequestContext;
}>({
  adminPage: async ({ page, baseURL }, use) => {
    const user = await registerUser(page.request, baseURL, newUser("admin"), { isAdmin: true });
    await use({ page, user });
  },
  owner: async ({ baseURL }, use) => {
    const context = await playwrightRequest.newContext({ baseURL });
    await loginUser(context, baseURL, firstAdmin);
    await use(context);
    await context.dispose();
  },
});

test.beforeEach(async ({ request, baseURL, owner }) => {
  await clearGoogleFaults(request);
  await disconnectGoogle(owner, baseURL);
});

test.afterEach(async ({ request, baseURL, owner }) => {
  await clearGoogleFaults(request);
  await disconnectGoogle(owner, baseURL);
});

/** Connect Calendar (or Reconnect) through the popup: it lands on our page, which closes it. */
async function connectThroughPopup(page: Page, button: "Connect Calendar" | "Reconnect"): Promise<void> {
  const connection = page.getByRole("region", { name: "Connection Status" });
  const popupOpened = page.waitForEvent("popup");
  await connection.getByRole("button", { name: button }).click();
  const popup = await popupOpened;
  await expect(connection.getByRole("button", { name: "Connecting..." })).toBeDisabled();
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
  await expect(toast(page, "Calendar Connected")).toBeVisible();
  await expect(connection.getByText("Google Calendar is connected and ready")).toBeVisible();
}

type Booking = { name: string; email: string; date: string; time: string };

/** Fills and sends the Calendar tab's Schedule Appointment modal; checks the green notice is (or is not) there. */
async function scheduleAppointment(page: Page, booking: Booking, { notice }: { notice: boolean }): Promise<void> {
  await page.getByRole("button", { name: "Schedule Appointment" }).click();
  const modal = page.getByRole("dialog", { name: "Schedule Appointment" });
  await expect(modal).toBeVisible();
  const green = modal.getByText("This appointment will automatically be added to your Google Calendar");
  if (notice) await expect(green).toBeVisible();
  else await expect(green).toHaveCount(0);
  await modal.getByLabel("Client Name").fill(booking.name);
  await modal.getByLabel("Email").fill(booking.email);
  await modal.getByLabel("Phone Number").fill(uniquePhone());
  await modal.getByLabel("Service Address").fill("12 Elm St, Asheville, NC 28801");
  await modal.getByLabel("Appointment Date").fill(booking.date);
  await modal.getByRole("combobox", { name: "Appointment Time" }).selectOption(booking.time);
  await modal.getByRole("combobox", { name: "Service Required" }).selectOption("crawl-space-encapsulation");
  await modal.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(toast(page, "Success!")).toBeVisible();
  await expect(modal).toBeHidden();
}

function newBooking(time: string): Booking {
  const token = uniqueToken();
  // The next working day: the panel lists the soonest five events, and other specs book weeks ahead.
  return { name: `Gina ${token}`, email: `gina.${token}@example.com`, date: ashevilleWeekday(1), time };
}

async function leadIdOf(page: Page, name: string): Promise<string> {
  const lead = (await listLeads(page.request)).find((l) => l.name === name);
  expect(lead, `the lead ${name}`).toBeTruthy();
  return lead!.id;
}

/** The Upcoming Calendar Events card, refreshed until it lists `title` (pushes run in the background). */
async function expectUpcoming(page: Page, title: string) {
  const card = page.getByRole("region", { name: "Upcoming Calendar Events" });
  const item = card.getByRole("listitem", { name: title });
  await expect(async () => {
    if (!(await item.isVisible())) {
      await card.getByRole("button", { name: "Refresh events" }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }
  }).toPass({ timeout: 20_000 });
  return item;
}

test.describe("Google Calendar", () => {
  // Whole flows through the browser, the server's queue and the emulator: longer than one screen's check.
  test.describe.configure({ timeout: 120_000 });

  test("@desktop-only connects in the popup; a booking reaches Google once, shows in the panel, and Google's own events show in the calendar", async ({
    adminPage: { page, user },
    request,
  }) => {
    const errors = collectPageErrors(page);
    const panel = await openGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection).toContainText("Not Connected");
    await expect(connection).toContainText("Connect to automatically sync appointments");
    const features = panel.getByRole("region", { name: "Calendar Features" });
    for (const text of [
      "Automatic Sync",
      "Email Invitations",
      "Clients receive calendar invitations",
      "Smart Reminders",
      "24 hours and 30 minutes before",
      "Rich Details",
      "Client info, service type, location",
    ]) {
      await expect(features).toContainText(text);
    }

    // Connect: the popup goes to Google (the emulator approves at once), lands on our page, which
    // finishes the connection, tells this page and closes.
    await connectThroughPopup(page, "Connect Calendar");
    await expect(connection).toContainText(GOOGLE_ACCOUNT);
    await expect(connection.getByRole("definition").filter({ hasText: user.username })).toContainText(
      / on \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/,
    );
    await expect(connection.getByRole("button", { name: "Disconnect" })).toBeVisible();

    // A booking from the Calendar tab, with the green notice.
    const booking = newBooking("09:00");
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await scheduleAppointment(page, booking, { notice: true });
    const leadId = await leadIdOf(page, booking.name);
    const eventId = leadId.replaceAll("-", "");

    // Pushed once, under the lead's id, with the client invited and docs/product.md's reminders.
    await expect.poll(async () => (await eventsTitled(request, booking.name)).length, { timeout: 20_000 }).toBe(1);
    const [pushed] = await eventsTitled(request, booking.name);
    expect(pushed!.event).toMatchObject({ id: eventId, status: "confirmed", location: "12 Elm St, Asheville, NC 28801" });
    expect(pushed!.event.start.timeZone).toBe(BUSINESS_ZONE);
    expect(Date.parse(pushed!.event.start.dateTime!)).toBe(Date.parse(ashevilleInstant(booking.date, "09:00")));
    expect(pushed!.event.attendees?.map((a) => a.email)).toEqual([booking.email]);
    expect(pushed!.sendUpdates).toBe("all");
    expect(pushed!.event.reminders?.overrides?.map((r) => r.minutes).sort((a, b) => a - b)).toEqual([30, 30, 1440, 1440]);

    // The panel's upcoming events list it, with its status and a link to it in a new tab.
    await showGoogleCalendarTab(page);
    await connection.getByRole("button", { name: "Show Recent Events" }).click();
    await expect(connection.getByRole("button", { name: "Hide Recent Events" })).toBeVisible();
    const item = await expectUpcoming(page, pushed!.event.summary!);
    await expect(item).toContainText("9:00 AM");
    await expect(item).toContainText("12 Elm St, Asheville, NC 28801");
    await expect(item).toContainText("Confirmed");
    const link = item.getByRole("link", { name: /^Open .* in Google Calendar \(new tab\)$/ });
    await expect(link).toHaveAttribute("href", pushed!.event.htmlLink);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await connection.getByRole("button", { name: "Hide Recent Events" }).click();
    await expect(page.getByRole("region", { name: "Upcoming Calendar Events" })).toHaveCount(0);

    // 'Add to Google' twice: added (updated) each time, never a second event.
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await showView(page, "Schedule List");
    const row = page.getByRole("region", { name: "Upcoming Appointments" }).getByRole("listitem", { name: booking.name });
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.url().includes("googleCalendar.addEvent"));
      await row.getByRole("button", { name: "Add to Google" }).click();
      expect((await answered).ok()).toBe(true);
      await expect(toast(page, "Calendar Event")).toContainText("Appointment has been added to your Google Calendar.");
      await expect(row.getByRole("button", { name: "Add to Google" })).toBeEnabled();
    }
    expect(await eventsTitled(request, booking.name)).toHaveLength(1);

    // Sync: everything is already there.
    const synced = page.waitForResponse((r) => r.url().includes("googleCalendar.sync"));
    await page.getByRole("button", { name: "Sync with Google Calendar" }).click();
    expect((await synced).ok()).toBe(true);
    await expect(toast(page, "Calendar Sync")).toContainText("Synced with Google Calendar");
    expect(await eventsTitled(request, booking.name)).toHaveLength(1);

    // Google's own events appear beside ours, read only; ours shows once.
    const outside = `Dentist ${uniqueToken()}`;
    await insertOutsideEvent(request, {
      summary: outside,
      start: ashevilleInstant(booking.date, "13:00"),
      end: ashevilleInstant(booking.date, "14:00"),
      location: "Biltmore Ave",
    });
    await showView(page, "Week");
    await goToDate(page, booking.date);
    const googleEvent = page.locator(".rbc-time-content .rbc-event.cg-event--google").filter({ hasText: outside });
    await expect(googleEvent).toHaveCount(1);
    await expect(googleEvent).toContainText("Google");
    await expect(googleEvent).toContainText("1:00 PM – 2:00 PM");
    await expect(page.locator(".rbc-time-content .rbc-event").filter({ hasText: booking.name })).toHaveCount(1);
    await expect(page.locator(".rbc-time-content .rbc-event.cg-event--google").filter({ hasText: booking.name })).toHaveCount(0);
    await googleEvent.click();
    await expect(toast(page, outside)).toContainText("Google Calendar event");
    await expect(toast(page, outside).getByRole("button", { name: "Open in Google Calendar" })).toBeVisible();
    await showView(page, "Month");
    await expect(page.getByRole("region", { name: "Legend" })).toContainText("Google Calendar events");

    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("@desktop-only Google down during a booking: the booking is kept and its event arrives once Google is back", async ({
    adminPage: { page },
    request,
  }) => {
    await connectGoogleViaApi(page.request);
    await openCalendar(page);
    await setGoogleFaults(request, { calendarFailure: 503 });

    const booking = newBooking("10:00");
    await scheduleAppointment(page, booking, { notice: true });
    expect((await listLeads(page.request)).find((l) => l.name === booking.name)).toMatchObject({ status: "scheduled" });

    // The push waits in the queue: the panel says so, with Google's error.
    await expect.poll(async () => (await calendarStatus(page.request)).lastError, { timeout: 10_000 }).not.toBeNull();
    const panel = await showGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection).toContainText("Google Calendar is connected and ready");
    await expect(connection).toContainText(/\d+ appointments? waiting to be sent to Google/);
    await expect(connection).toContainText("Google's last error");
    expect(await eventsTitled(request, booking.name)).toHaveLength(0);

    // Google answers again: the server's retry delivers it, once.
    await clearGoogleFaults(request);
    await expect.poll(async () => (await eventsTitled(request, booking.name)).length, { timeout: 30_000 }).toBe(1);
    const leadId = await leadIdOf(page, booking.name);
    expect((await eventsTitled(request, booking.name))[0]!.event.id).toBe(leadId.replaceAll("-", ""));

    // Opening the tab again checks the status: the error is gone with the next success.
    await expect.poll(async () => (await calendarStatus(page.request)).lastError, { timeout: 10_000 }).toBeNull();
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await showGoogleCalendarTab(page);
    await expect(connection).not.toContainText("Google's last error");
  });

  test("@desktop-only Google revokes the grant: the panel offers Reconnect, which works; then Disconnect", async ({
    adminPage: { page },
    request,
  }) => {
    await connectGoogleViaApi(page.request);
    await openCalendar(page);
    const booking = newBooking("11:00");
    await scheduleAppointment(page, booking, { notice: true });
    await expect.poll(async () => (await eventsTitled(request, booking.name)).length, { timeout: 20_000 }).toBe(1);

    // The user removed the app's access in their Google account: the refresh token is refused.
    await setGoogleFaults(request, { invalidGrant: true });
    await expireGoogleTokens(request);
    await showView(page, "Schedule List");
    const row = page.getByRole("region", { name: "Upcoming Appointments" }).getByRole("listitem", { name: booking.name });
    await row.getByRole("button", { name: "Add to Google" }).click();
    await expect(toast(page, "Add Event Failed")).toContainText("Reconnect Google Calendar");
    // The status now says so: 'Add to Google' is disabled with the reason.
    await expect(row.getByRole("button", { name: "Add to Google" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "Add to Google" })).toHaveAttribute("title", "Google Calendar needs reconnecting");

    const panel = await showGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection).toContainText("Needs Reconnecting");
    await expect(connection).toContainText("Google no longer accepts this connection");
    // The reason: what Google answered.
    await expect(connection).toContainText("invalid_grant");
    await expect(connection.getByRole("button", { name: "Connect Calendar" })).toHaveCount(0);

    // Reconnecting through the popup brings it back.
    await clearGoogleFaults(request);
    await connectThroughPopup(page, "Reconnect");
    await expect(connection).toContainText("Connected");
    expect((await calendarStatus(page.request)).needsReconnect).toBe(false);

    // Disconnect asks first, then revokes at Google; the events stay in the calendar.
    await connection.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Google Calendar?" });
    await expect(confirm).toContainText(`Appointments will no longer be sent to ${GOOGLE_ACCOUNT}.`);
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Calendar Disconnected")).toContainText("Google Calendar has been disconnected.");
    await expect(connection).toContainText("Not Connected");
    await expect(connection.getByRole("button", { name: "Connect Calendar" })).toBeEnabled();
    expect((await calendarStatus(page.request)).authenticated).toBe(false);
    expect((await emulatorState(request)).tokens.refresh.filter((t) => t.active)).toHaveLength(0);
    expect((await eventsTitled(request, booking.name))[0]!.event.status).toBe("confirmed");

    // Not connected: the modal has no green notice, and Sync leads to the Google Calendar tab.
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await page.getByRole("button", { name: "Schedule Appointment" }).click();
    const modal = page.getByRole("dialog", { name: "Schedule Appointment" });
    await expect(modal.getByLabel("Client Name")).toBeVisible();
    await expect(modal.getByText("This appointment will automatically be added to your Google Calendar")).toHaveCount(0);
    await modal.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Sync with Google Calendar" }).click();
    await expect(page.getByRole("tab", { name: "Google Calendar", exact: true })).toHaveAttribute("aria-selected", "true");
  });

  test("@desktop-only a popup without the session hands Google's code to the panel, which finishes the connection", async ({
    adminPage: { page },
    request,
  }) => {
    // The landing page is fetched without the session cookie (as when a browser keeps a popup's
    // cookies apart): it passes the code and state to this page, which sends them to googleCalendar.callback.
    // Google's redirect becomes a navigation of its own (a route sees only the first URL of a
    // redirect chain), so the landing page's request can be answered from a request without cookies.
    await page.context().route(`${googleUrl()}/o/oauth2/v2/auth?**`, async (route) => {
      const consent = await request.get(route.request().url(), { maxRedirects: 0 });
      const landingUrl = consent.headers()["location"];
      expect(landingUrl, "Google's redirect to the landing page").toContain("/oauth/google/callback?");
      await route.fulfill({ contentType: "text/html", body: `<script>location.replace(${JSON.stringify(landingUrl)})</script>` });
    });
    await page.context().route("**/oauth/google/callback?**", async (route) => {
      const landing = await request.get(route.request().url());
      expect(await landing.text()).toContain("Finishing the connection in CrawlGuard");
      await route.fulfill({ response: landing });
    });
    const callback = page.waitForResponse((r) => r.url().includes("/trpc/googleCalendar.callback"));
    await openGoogleCalendarTab(page);
    await connectThroughPopup(page, "Connect Calendar");
    expect((await callback).ok()).toBe(true);
    expect((await calendarStatus(page.request)).authenticated).toBe(true);
  });

  test("@desktop-only a blocked popup: the panel says so and offers Google's page as a link, which connects", async ({
    adminPage: { page },
  }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const panel = await openGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await connection.getByRole("button", { name: "Connect Calendar" }).click();
    await expect(connection).toContainText("The Google sign-in window was blocked");
    const link = connection.getByRole("link", { name: "Open Google sign-in" });
    await expect(link).toHaveAttribute("href", new RegExp(`^${googleUrl()}/o/oauth2/v2/auth\\?`));
    const opened = page.waitForEvent("popup");
    await link.click();
    const tab = await opened;
    await expect.poll(() => tab.isClosed(), { timeout: 15_000 }).toBe(true);
    await expect(toast(page, "Calendar Connected")).toBeVisible();
    await expect(connection.getByText("Google Calendar is connected and ready")).toBeVisible();
    await expect(connection).not.toContainText("The Google sign-in window was blocked");
  });

  test("@desktop-only staff see the connection and its events, but only an admin can connect, reconnect or disconnect", async ({
    staffPage: { page },
    owner,
    baseURL,
  }) => {
    const adminOnly = "Only an administrator can connect, reconnect or disconnect Google Calendar.";
    const panel = await openGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection).toContainText("Not Connected");
    await expect(connection).toContainText(adminOnly);
    await expect(connection.getByRole("button", { name: "Connect Calendar" })).toHaveCount(0);
    // The server refuses it anyway, whatever the page shows.
    expect((await page.request.get("/api/calendar/auth-url")).status()).toBe(403);

    await connectGoogleViaApi(owner);
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await showGoogleCalendarTab(page);
    await expect(connection).toContainText("Google Calendar is connected and ready");
    await expect(connection).toContainText(adminOnly);
    await expect(connection.getByRole("button", { name: "Show Recent Events" })).toBeVisible();
    await expect(connection.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
    const disconnect = await page.request.post("/api/calendar/disconnect", { headers: { Origin: new URL(baseURL!).origin }, data: {} });
    expect(disconnect.status()).toBe(403);
    expect((await calendarStatus(page.request)).authenticated).toBe(true);
  });

  test("@phone-only the panel fits a phone: connect, the upcoming events, disconnect", async ({ adminPage: { page }, request }) => {
    const panel = await openGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await connectThroughPopup(page, "Connect Calendar");

    const outside = `Site visit ${uniqueToken()} with a long title that has to wrap on a phone`;
    // Under way now: the first of the soonest five, however many of today's jobs other specs pushed.
    const now = Date.now();
    await insertOutsideEvent(request, {
      summary: outside,
      start: new Date(now - 5 * 60_000).toISOString(),
      end: new Date(now + 55 * 60_000).toISOString(),
      location: "1 Very Long Street Name, Black Mountain, NC 28711",
    });
    await connection.getByRole("button", { name: "Show Recent Events" }).click();
    const item = await expectUpcoming(page, outside);

    // Nothing wider than the screen; every control in reach.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const viewport = page.viewportSize()!;
    for (const control of [
      connection.getByRole("button", { name: "Hide Recent Events" }),
      connection.getByRole("button", { name: "Disconnect" }),
      item.getByRole("link", { name: /in Google Calendar/ }),
      page.getByRole("region", { name: "Upcoming Calendar Events" }).getByRole("button", { name: "Refresh events" }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    const features = page.getByRole("region", { name: "Calendar Features" });
    await features.scrollIntoViewIfNeeded();
    const featuresBox = (await features.boundingBox())!;
    expect(featuresBox.width).toBeLessThanOrEqual(viewport.width);

    await connection.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("alertdialog", { name: "Disconnect Google Calendar?" }).getByRole("button", { name: "Disconnect" }).click();
    await expect(connection).toContainText("Not Connected");
  });
});
