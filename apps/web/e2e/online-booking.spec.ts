import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { company } from "@crawlguard/content";
import { expect, newUser, registerUser, test } from "./fixtures";
import { openDashboard, signInAsAdmin, toast } from "./dashboard-fixtures";

/*
 * Online booking in Chromium (docs/product.md "Online booking"): /book on a phone whose zone is
 * far from the business's, with JavaScript off, axe-clean; the dashboard's Online booking card;
 * "Pick a time online" beside the home and contact pages' forms while it is on.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const ALL_WEEK = ["0", "1", "2", "3", "4", "5", "6"].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "06:00",
  endTime: "22:00",
  isActive: true,
}));
const WINDOWS = [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => [
  { dayOfWeek, start: "09:00", end: "11:00" },
  { dayOfWeek, start: "13:00", end: "15:00" },
]);

type Window = { start: string; end: string; label: string };

/** Online booking on (or off) with the admin bookable every day; answers the admin's id. */
async function switchBooking(
  request: APIRequestContext,
  baseURL: string | undefined,
  enabled: boolean,
  windows = WINDOWS,
): Promise<string> {
  const admin = await signInAsAdmin(request, baseURL);
  const origin = { Origin: new URL(baseURL!).origin };
  expect((await request.put("/api/working-hours", { data: { days: ALL_WEEK }, headers: origin })).ok()).toBe(true);
  const saved = await request.put("/api/online-booking", {
    data: { enabled, windows, noticeHours: 0, horizonDays: 7, bookableUserIds: [admin.id], serviceZipCodes: [] },
    headers: origin,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return admin.id;
}

async function windowsFor(request: APIRequestContext): Promise<Window[]> {
  const res = await request.get("/api/public/booking/windows?zipCode=28801");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { windows: Window[] }).windows;
}

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${screen}: axe violations`,
  ).toEqual([]);
}

let counter = 0;
async function fillDetails(page: Page): Promise<{ name: string; email: string }> {
  counter += 1;
  const who = { name: `Casey Online ${counter}`, email: `${newUser("book").username}@example.com` };
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Phone").fill("(828) 555-0166");
  await page.getByLabel("Address").fill("70 Montford Ave, Asheville, NC 28801");
  await page.getByLabel("Service").selectOption({ label: "Crawl Space Encapsulation" });
  return who;
}

test.describe("online booking", () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await switchBooking(request, baseURL, true);
    await request.dispose();
  });
  test.afterAll(async ({ playwright, baseURL }) => {
    // The other specs see the public pages as they are by default.
    const request = await playwright.request.newContext({ baseURL });
    await switchBooking(request, baseURL, false);
    await request.dispose();
  });

  test.describe("on a phone far from the business's time zone", () => {
    test.use({ timezoneId: "Pacific/Auckland" });

    test("lists the windows by day in business time, books one and says so; axe-clean throughout", async ({ page, request }) => {
      const windows = await windowsFor(request);
      await page.goto("/book");
      await expect(page.getByRole("heading", { level: 1, name: "Book your free inspection" })).toBeVisible();
      await expectNoViolations(page, "/book");
      await page.getByLabel("Zip code").fill("28801");
      await page.getByRole("button", { name: "Show open times" }).click();
      await expect(page).toHaveURL(/\/book\?zipCode=28801$/);

      // The first day's group and its times are New York's, whatever the browser's zone.
      const first = windows[0]!;
      const [day, times] = first.label.split(" · ") as [string, string];
      expect(await page.getByRole("radio").count()).toBe(windows.length);
      const dayName = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        weekday: "long",
        month: "long",
        day: "numeric",
      }).format(new Date(first.start));
      await expect(page.getByRole("group", { name: dayName })).toBeVisible();
      expect(dayName.startsWith(day.slice(0, 3))).toBe(true);
      await expectNoViolations(page, "/book?zipCode=28801");

      await page.getByRole("group", { name: dayName }).getByRole("radio", { name: times }).check();
      const who = await fillDetails(page);
      await expect(page.getByLabel("Zip code")).toHaveValue("28801");
      await page.getByRole("button", { name: /^Book/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "You're booked" })).toBeVisible();
      await expect(page.getByText(first.label, { exact: true })).toBeVisible();
      await expectNoViolations(page, "the confirmation");

      await page.getByRole("link", { name: "See, move or cancel your booking" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your free inspection" })).toBeVisible();
      await expect(page.getByText(first.label, { exact: true })).toBeVisible();
      await expect(page.getByText(who.name)).toBeVisible();
      await expectNoViolations(page, "the manage page");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("books, moves and cancels by plain form posts @any-device", async ({ page, request }) => {
      const [first, second] = await windowsFor(request);
      await page.goto("/book?zipCode=28801");
      // A phone number too short: the page again, the reason beside the field, what was typed kept.
      const who = await fillDetails(page);
      await page.locator(`input[type=radio][value="${first!.start}"]`).check();
      await page.getByLabel("Phone").fill("555-0166");
      await page.getByRole("button", { name: /^Book/ }).click();
      await expect(page.getByText("Phone number must be at least 10 digits")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(who.name);
      await expect(page.locator(`input[type=radio][value="${first!.start}"]`)).toBeChecked();

      await page.getByLabel("Phone").fill("(828) 555-0166");
      await page.getByRole("button", { name: /^Book/ }).click();
      await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
      await expect(page.getByText(first!.label, { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "See, move or cancel your booking" }).click();

      await page.locator(`input[type=radio][value="${second!.start}"]`).check();
      await page.getByRole("button", { name: "Move my booking" }).click();
      await expect(page.getByText("Your booking has moved.")).toBeVisible();
      await expect(page.getByText(second!.label, { exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Cancel my booking" }).click();
      await expect(page.getByText("This booking is cancelled.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Book another time" })).toHaveAttribute("href", "/book");
      expect((await windowsFor(request)).map((w) => w.start)).toContain(second!.start);
    });
  });

  test("switched off, /book gives the phone; on, the home and contact pages offer 'Pick a time online' @any-device", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Pick a time online" })).toHaveAttribute("href", "/book");
    await page.goto("/contact");
    await page.getByRole("link", { name: "Pick a time online" }).click();
    await expect(page).toHaveURL(/\/book$/);

    await switchBooking(page.request, baseURL, false);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Pick a time online" })).toHaveCount(0);
    await page.goto("/book");
    await expect(page.getByText("Online booking isn't available right now.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: company.phone.display })).toHaveAttribute("href", company.phone.href);
    await expectNoViolations(page, "/book switched off");
    await switchBooking(page.request, baseURL, true);
  });

  test("the dashboard's Online booking card: settings, a preview of the next free windows, saved by an admin", async ({
    page,
    baseURL,
  }) => {
    // The dashboard on this 2-core machine: its first load and the lazy tabs take a while.
    test.slow();
    await switchBooking(page.request, baseURL, true, [
      { dayOfWeek: 1, start: "09:00", end: "11:00" },
      { dayOfWeek: 4, start: "13:00", end: "15:00" },
    ]);
    await openDashboard(page);
    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await page.getByRole("tab", { name: "Online Booking" }).click();
    const card = page.getByRole("form", { name: "Online booking settings" });
    await expect(card.getByRole("switch", { name: "Homeowners can book online" })).toBeChecked();
    const preview = page.getByRole("region", { name: "Next free windows" });
    await expect(preview.getByRole("listitem").first()).toContainText("1 free");
    await expectNoViolations(page, "the Online booking card");

    // Only Tuesday mornings, a day's notice: the preview follows once saved.
    await card.getByRole("button", { name: "Remove window 2" }).click();
    await expect(card.getByLabel("Window 2: day")).toHaveCount(0);
    await card.getByLabel("Window 1: day").selectOption({ label: "Tuesday" });
    await card.getByLabel("Notice (hours)").fill("24");
    await card.getByLabel("Book up to (days ahead)").fill("14");
    await card.getByRole("button", { name: "Save online booking" }).click();
    await expect(toast(page, "Online booking saved")).toBeVisible();
    await expect(preview.getByRole("listitem").first()).toContainText(/^Tue, /);
    for (const item of await preview.getByRole("listitem").all()) await expect(item).toContainText(/^Tue, .* · 9:00–11:00 AM/);

    // A window no appointment could fill: the message beside it, nothing saved.
    await card.getByRole("button", { name: "Add window" }).click();
    const added = card.getByLabel("Window 2: day").locator("xpath=ancestor::li");
    await added.getByLabel("To").fill("14:00");
    await added.getByLabel("To").press("Tab");
    await card.getByRole("button", { name: "Save online booking" }).click();
    await expect(card.getByText("A window lasts 30, 60, 90, 120 or 180 minutes (an appointment's lengths)")).toBeVisible();

    // Office staff see it; only an admin can change it.
    const office = await registerUser(page.request, baseURL, newUser("office"));
    expect(office.account.isAdmin).toBe(false);
    await openDashboard(page);
    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await page.getByRole("tab", { name: "Online Booking" }).click();
    await expect(page.getByText("Only an admin can change these settings.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save online booking" })).toHaveCount(0);
  });
});
