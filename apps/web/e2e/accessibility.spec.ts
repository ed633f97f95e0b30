import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, newUser, registerUser, test, waitForHydration } from "./fixtures";
import { allLeadStatuses, leadPriorities } from "@crawlguard/validators";
import { createLead, openDashboard, submitContactForm, uniquePhone, uniqueToken, updateLead } from "./dashboard-fixtures";

/*
 * An axe-core check (WCAG 2.0/2.1/2.2 A and AA rules) of every public page and every
 * dashboard tab and dialog, on desktop and phone, failing on any violation. To cover a new screen
 * or dialog, add one entry to `publicPages`, `dashboardScreens` or `dashboardDialogs`.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  // axe reads the colours as drawn: a pressed button still fading to its colours measured 3.11:1.
  // Wait until every finite transition and animation has ended (spinners run forever).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`).join(", ")}`,
  );
  expect.soft(found, `${screen}: axe violations`).toEqual([]);
}

const publicPages: { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "services", path: "/services" },
  { name: "a service", path: "/services/crawl-space-encapsulation" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  { name: "gallery", path: "/gallery" },
  { name: "login", path: "/auth" },
];

type Screen = { name: string; open: (page: Page) => Promise<void> };

const tab = (name: string) => async (page: Page) => {
  // The name starts the tab's (Contact Submissions adds its count; Calendar is not Google Calendar).
  const trigger = page.getByRole("tab", { name: new RegExp(`^${name}`) });
  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-selected", "true");
  // The tab's panel has loaded (no spinner left).
  await expect(page.getByRole("tabpanel").getByRole("status", { name: /Loading|Checking/ })).toHaveCount(0);
};

const calendarView = (view: string) => async (page: Page) => {
  await tab("Calendar")(page);
  await page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: view }).click();
  await expect(page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: view })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
};

/**
 * The Month view of a month ahead that starts mid-week, so its first row begins with the last days of
 * the month before, drawn muted by react-big-calendar. axe checks their contrast only there: it
 * leaves one-digit numbers alone (the next month's days, "too short" to judge) and cannot read
 * the striped background of days gone by (the previous month's, in the current month).
 */
const monthWithOtherMonthsDays = async (page: Page) => {
  await calendarView("Month")(page);
  // Two months ahead or later, so that every day in view is still to come; Sunday starts the week.
  const now = new Date();
  let first = new Date(now.getFullYear(), now.getMonth() + 2, 1);
  while (first.getDay() === 0) first = new Date(first.getFullYear(), first.getMonth() + 1, 1);
  await page.getByLabel("Go to date").fill(`${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, "0")}-15`);
  const firstDay = page.locator(".cg-calendar .rbc-month-row").first().locator(".rbc-date-cell").first();
  await expect(firstDay).toHaveClass(/\brbc-off-range\b/);
  await expect(firstDay).toHaveText(/^\s*\d{2}\s*$/);
};

/** Every tab (admins see seven) and the calendar's views. */
const dashboardScreens: Screen[] = [
  { name: "Lead Management", open: tab("Lead Management") },
  { name: "Contact Submissions", open: tab("Contact Submissions") },
  { name: "Calendar: Month", open: calendarView("Month") },
  { name: "Calendar: Week", open: calendarView("Week") },
  { name: "Calendar: Day", open: calendarView("Day") },
  { name: "Calendar: Schedule List", open: calendarView("Schedule List") },
  { name: "Calendar: Month ahead, with the days of the month before", open: monthWithOtherMonthsDays },
  { name: "Availability", open: tab("Availability") },
  {
    name: "Availability: Time Blocks",
    open: async (page) => {
      await tab("Availability")(page);
      await page.getByRole("tab", { name: "Time Blocks" }).click();
    },
  },
  { name: "Google Calendar", open: tab("Google Calendar") },
  { name: "Gallery", open: tab("Gallery") },
  { name: "User Management", open: tab("User Management") },
];

/** Each dialog: how to open it, and its accessible name. */
const dashboardDialogs: (Screen & { dialog: string | RegExp })[] = [
  { name: "Add Lead", dialog: "Add Lead", open: (page) => page.getByRole("button", { name: "Add Lead" }).first().click() },
  {
    name: "Book Appointment",
    dialog: "Book New Appointment",
    open: (page) => page.getByRole("button", { name: "Book Appointment" }).first().click(),
  },
  {
    name: "Schedule Appointment (Calendar)",
    dialog: "Schedule Appointment",
    open: async (page) => {
      await tab("Calendar")(page);
      await page.getByRole("button", { name: "Schedule Appointment" }).click();
    },
  },
  {
    name: "Add Time Block",
    dialog: "Add Time Block",
    open: async (page) => {
      await tab("Availability")(page);
      await page.getByRole("tab", { name: "Time Blocks" }).click();
      await page.getByRole("button", { name: "Add Time Block" }).first().click();
    },
  },
  {
    name: "Add to this lead (a matching submission)",
    dialog: /already have/,
    open: async (page) => {
      await tab("Contact Submissions")(page);
      await page.getByRole("article", { name: matchName }).getByRole("button", { name: "Convert to Lead" }).click();
    },
  },
  {
    name: "Invite user",
    dialog: "Invite User",
    open: async (page) => {
      await tab("User Management")(page);
      await page.getByRole("button", { name: "Invite User" }).first().click();
    },
  },
];

let matchName = "";

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  for (const { name, path } of publicPages) {
    test(`public page: ${name}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoViolations(page, name);
    });
  }

  test("every dashboard tab, calendar view and dialog", async ({ page, baseURL, request }) => {
    test.setTimeout(240_000);
    const a11y = await registerUser(page.request, baseURL, newUser("a11y"), { isAdmin: true });
    // Something on the board, in the calendar and a submission that matches a lead.
    const token = uniqueToken();
    const phone = uniquePhone();
    matchName = `Robin ${token}`;
    await createLead(page.request, baseURL, { name: `Earlier ${token}`, phone, notes: "Asked about a sump pump." });
    // Every status and priority badge, on the upcoming and the past lists, whatever else the run booked.
    // On this account's own calendar (whatever its working hours say): unassigned, these visits, at
    // this moment's time of day, would clash with every later test that books someone 30 days ahead.
    const day = 24 * 60 * 60_000;
    for (const [i, status] of allLeadStatuses.entries()) {
      for (const when of [-1, 1]) {
        const lead = await createLead(page.request, baseURL, { name: `${status} ${when < 0 ? "past" : "next"} ${token}` });
        await updateLead(page.request, baseURL, lead.id, {
          status,
          priority: leadPriorities[i % leadPriorities.length],
          scheduledDate: new Date(Date.now() + when * (30 + i) * day).toISOString(),
          assignedTo: a11y.account.id,
          confirm: true,
        });
      }
    }
    await submitContactForm(request, baseURL, {
      name: matchName,
      email: `robin.${token}@example.com`,
      phone,
      zipCode: "28801",
      service: "sump-pump",
      message: "The pump runs all the time.",
    });

    await openDashboard(page);
    await expectNoViolations(page, "dashboard");
    for (const screen of dashboardScreens) {
      await screen.open(page);
      await expectNoViolations(page, screen.name);
    }
    for (const dialog of dashboardDialogs) {
      await openDashboard(page);
      await dialog.open(page);
      const opened = page.getByRole("dialog", { name: dialog.dialog });
      await expect(opened).toBeVisible();
      await expectNoViolations(page, `${dialog.name} dialog`);
      await page.keyboard.press("Escape");
      await expect(opened).toBeHidden();
    }
  });
});
