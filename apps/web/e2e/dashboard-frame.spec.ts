import { collectPageErrors, expect, test } from "./fixtures";
import { createLead, openDashboard, uniqueToken } from "./dashboard-fixtures";

test.describe("dashboard frame", () => {
  test("tabs, dialogs and the board render without console errors", async ({ staffPage: { page }, baseURL }) => {
    await createLead(page.request, baseURL, { name: `Uma ${uniqueToken()}`, notes: "x".repeat(150) });
    const errors = collectPageErrors(page);
    await openDashboard(page);
    await expect(page.getByRole("region", { name: "Lead board" })).toBeVisible();

    for (const [button, title] of [
      ["Add Lead", "Add Lead"],
      ["Book Appointment", "Book New Appointment"],
    ] as const) {
      await page.getByRole("button", { name: button }).first().click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      // Focus starts inside the dialog and Escape closes it.
      await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }

    await page.getByRole("tab", { name: "Contact Submissions" }).click();
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByRole("group", { name: "Calendar view" })).toBeVisible();
    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Working Hours" })).toBeVisible();
    await page.getByRole("tab", { name: "Google Calendar", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByRole("region", { name: "Connection Status" })).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("region", { name: "Calendar Features" })).toBeVisible();
    await page.getByRole("tab", { name: "Gallery", exact: true }).click();
    await expect(page.getByRole("tabpanel").getByRole("button", { name: "Add Image" })).toBeVisible();
    await page.getByRole("tab", { name: "Lead Management" }).click();
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});

test.describe("an ended session", () => {
  test("the next request that answers 401 sends the user to sign in again, with a notice", async ({ staffPage: { page }, baseURL }) => {
    await openDashboard(page);
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toBeVisible();

    // The session ends behind the open dashboard (signed out elsewhere, expired, revoked).
    const ended = await page.request.post("/api/logout", { headers: { origin: baseURL ?? "" } });
    expect(ended.ok()).toBe(true);

    // The next request: the Calendar tab's, or a background refetch that answers 401 before the
    // click lands (then the tab is gone already and the click has nothing to do).
    const calendarTab = page.getByRole("tab", { name: "Calendar", exact: true });
    await Promise.race([page.waitForURL(/\/auth$/), calendarTab.click().catch(() => {})]);
    await expect(page).toHaveURL(/\/auth$/);
    const notice = page.getByRole("alert").filter({ hasText: "Your session has ended. Please sign in again." });
    await expect(notice).toBeVisible();
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();

    // Shown once: a later visit to the sign-in page has no notice.
    await page.reload();
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe("unsaved edits", () => {
  test("Escape in a form with edits asks before discarding them", async ({ staffPage: { page } }) => {
    await openDashboard(page);
    await page.getByRole("button", { name: "Add Lead" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Lead" });
    await dialog.getByLabel("Name").fill("Half-typed Name");

    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await expect(ask).toBeVisible();
    // Focus starts on the safe choice; it keeps the edits.
    await expect(ask.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(ask).toBeHidden();
    await expect(dialog.getByLabel("Name")).toHaveValue("Half-typed Name");

    await page.keyboard.press("Escape");
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Add Lead" }).first().click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    // Untouched, Escape closes at once.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(ask).toHaveCount(0);
  });
});
