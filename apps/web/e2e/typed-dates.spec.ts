import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createLead, leadCard, openDashboard, openLeadDetails, searchLeads, signInAsAdmin, uniqueToken } from "./dashboard-fixtures";
import { ashevilleInstant, calendarTitle, openAvailability, openCalendar, showView } from "./scheduling-fixtures";

// Every date and time field of the dashboard takes a whole typed value: the keys of 12012026 are
// one date, handed over on Enter or when the field is left, never one per key (a browser's date
// field reports the years 0002, 0020 and 0202 on the way to 2026).

/**
 * Puts the caret in the first part of a date or time field (month, or hours): focus lands on the
 * part last used, and the arrow keys move between parts.
 */
async function caretAtStart(page: Page, field: Locator): Promise<void> {
  await field.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowLeft");
}

/** Types 'yyyy-MM-dd' into a date field as a person does (MMDDYYYY in en-US), without leaving it. */
async function typeDate(page: Page, field: Locator, date: string): Promise<void> {
  const [year, month, day] = date.split("-") as [string, string, string];
  await caretAtStart(page, field);
  await page.keyboard.type(`${month}${day}${year}`);
}

/** Types 'HH:mm' into a time field (hh, mm, then A or P), without leaving it. */
async function typeTime(page: Page, field: Locator, time: string): Promise<void> {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  await caretAtStart(page, field);
  await page.keyboard.type(`${String(twelve).padStart(2, "0")}${String(minutes).padStart(2, "0")}${hours < 12 ? "A" : "P"}`);
}

/** Tab, as often as it takes to leave the field (its picker button takes one Tab in Chromium). */
async function tabOut(page: Page, field: Locator): Promise<void> {
  for (let i = 0; i < 3 && (await field.evaluate((element) => element === document.activeElement)); i += 1) {
    await page.keyboard.press("Tab");
  }
  await expect(field).not.toBeFocused();
}

test.describe("typed dates and times", () => {
  test("Go to date moves the calendar once, to the whole typed date, on Enter or when left", async ({ staffPage: { page } }) => {
    await openCalendar(page);
    const goTo = page.getByLabel("Go to date");
    const title = calendarTitle(page);
    const before = await title.innerText();

    // While typing, the calendar stays where it is (it once followed each key, to Dec 12).
    await typeDate(page, goTo, "2027-03-15");
    await expect(goTo).toHaveValue("2027-03-15");
    await expect(title).toHaveText(before);
    await page.keyboard.press("Enter");
    await expect(title).toHaveText("March 2027");
    await expect(goTo).toHaveValue("2027-03-15");

    // 12012026 typed over it, then Tab: December 1, 2026 (not December 12).
    await typeDate(page, goTo, "2026-12-01");
    await expect(title).toHaveText("March 2027");
    await tabOut(page, goTo);
    await expect(title).toHaveText("December 2026");
    await expect(goTo).toHaveValue("2026-12-01");

    // In the day view, the day typed.
    await showView(page, "Day");
    await typeDate(page, goTo, "2027-06-10");
    await page.keyboard.press("Enter");
    await expect(title).toHaveText("Thursday, June 10, 2027");
  });

  test("Add Time Block typed field by field with Tab between: the block typed, and a start past the end brings the end along", async ({
    staffPage: { page },
  }) => {
    await openAvailability(page);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await page.getByRole("button", { name: "Add Time Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Block" });
    const title = `Keyed ${uniqueToken()}`;
    await dialog.getByLabel("Title").fill(title);
    const startDate = dialog.getByLabel("Start date");
    const startTime = dialog.getByLabel("Start time");
    const endDate = dialog.getByLabel("End date");
    const endTime = dialog.getByLabel("End time");
    const endBefore = await endDate.inputValue();

    // Start date: nothing else moves while it is typed; leaving it moves the end along.
    await typeDate(page, startDate, "2027-12-02");
    await expect(endDate).toHaveValue(endBefore);
    await tabOut(page, startDate);
    await expect(startTime).toBeFocused();
    await typeTime(page, startTime, "10:00");
    await tabOut(page, startTime);
    await expect(endDate).toBeFocused();
    await typeDate(page, endDate, "2027-12-02");
    await tabOut(page, endDate);
    await expect(endTime).toBeFocused();
    await typeTime(page, endTime, "11:30");
    await tabOut(page, endTime);
    await expect(startDate).toHaveValue("2027-12-02");
    await expect(startTime).toHaveValue("10:00");
    await expect(endDate).toHaveValue("2027-12-02");
    await expect(endTime).toHaveValue("11:30");
    await expect(dialog.getByText("End must be after start")).toHaveCount(0);

    // A start typed past the end: the end follows, the block keeps its hour and a half.
    await typeTime(page, startTime, "13:00");
    await tabOut(page, startTime);
    await expect(endTime).toHaveValue("14:30");
    await typeDate(page, startDate, "2027-12-06");
    await page.keyboard.press("Enter");
    await expect(endDate).toHaveValue("2027-12-06");
    // Enter after a typed date enters it and stays in the dialog; the next Enter saves.
    await expect(dialog).toBeVisible();

    // Repeat until, typed too.
    await dialog.getByText("Recurring", { exact: true }).click();
    const until = dialog.getByLabel("Repeat until (optional)");
    await typeDate(page, until, "2028-01-31");
    await tabOut(page, until);
    await expect(until).toHaveValue("2028-01-31");

    await dialog.getByRole("button", { name: "Create Time Block" }).click();
    await expect(dialog).toBeHidden();
    const blocks = (await (await page.request.get("/api/time-blocks")).json()) as {
      title: string;
      startDateTime: string;
      endDateTime: string;
      recurrenceEndDate: string | null;
    }[];
    const block = blocks.find((b) => b.title === title);
    expect(block?.startDateTime).toBe(ashevilleInstant("2027-12-06", "13:00"));
    expect(block?.endDateTime).toBe(ashevilleInstant("2027-12-06", "14:30"));
    expect(block?.recurrenceEndDate).toBe("2028-01-31");
  });

  test("the booking dialogs take a typed date whole: no 'past' message while the year is half typed", async ({ staffPage: { page } }) => {
    for (const open of [
      {
        dialog: "Book New Appointment",
        label: "Date",
        via: async () => page.getByRole("button", { name: "Book Appointment" }).first().click(),
      },
      {
        dialog: "Schedule Appointment",
        label: "Appointment Date",
        via: async () => page.getByRole("button", { name: "Schedule Appointment" }).click(),
      },
    ]) {
      if (open.dialog === "Book New Appointment") await openDashboard(page);
      else await openCalendar(page);
      await open.via();
      const dialog = page.getByRole("dialog", { name: open.dialog });
      const date = dialog.getByLabel(open.label);
      // 0315202… is the year 0202 on the way to 2027: not a past date yet, just not typed.
      await typeDate(page, date, "2027-03-15");
      await expect(date).toHaveValue("2027-03-15");
      await expect(dialog.getByText("Appointment date cannot be in the past")).toHaveCount(0);
      await tabOut(page, date);
      await expect(dialog.getByText("Appointment date cannot be in the past")).toHaveCount(0);
      // A past date, typed and left, is said at once.
      await typeDate(page, date, "2020-01-06");
      await expect(dialog.getByText("Appointment date cannot be in the past")).toHaveCount(0);
      await tabOut(page, date);
      await expect(dialog.getByText("Appointment date cannot be in the past")).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test("Edit Lead: a typed date, entered with Enter, sets Scheduled and is saved with its typed time", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Typed ${token}`, status: "contacted" });
    await openDashboard(page);
    await searchLeads(page, token);
    const details = await openLeadDetails(leadCard(page, lead.name), lead.name);
    await details.getByRole("button", { name: `Edit ${lead.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Lead" });
    const status = dialog.getByRole("combobox", { name: "Status" });
    await expect(status).toHaveValue("contacted");

    const day = "2027-09-14";
    await typeDate(page, dialog.getByLabel("Scheduled Date"), day);
    await expect(status).toHaveValue("contacted");
    // Enter enters the date (the form is not sent by it): the status follows at once.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(status).toHaveValue("scheduled");
    await typeTime(page, dialog.getByLabel("Scheduled Time"), "14:30");
    await tabOut(page, dialog.getByLabel("Scheduled Time"));
    await expect(dialog.getByLabel("Scheduled Time")).toHaveValue("14:30");
    await dialog.getByRole("button", { name: "Update Lead" }).click();
    await expect(dialog).toBeHidden();
    const saved = (await (await page.request.get("/api/leads")).json()) as { id: string; scheduledDate: string | null; status: string }[];
    const mine = saved.find((l) => l.id === lead.id);
    expect(mine?.scheduledDate).toBe(ashevilleInstant(day, "14:30"));
    expect(mine?.status).toBe("scheduled");
  });
});

test.describe("typed dates in settings", { tag: "@any-device" }, () => {
  test("working hours and an API key's expiry take typed values whole", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const form = page.getByRole("form", { name: "New API key" });
    const expires = form.getByLabel("Expires", { exact: true });
    await typeDate(page, expires, "2028-02-29");
    await tabOut(page, expires);
    await expect(expires).toHaveValue("2028-02-29");

    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await page.getByRole("button", { name: "Edit Hours" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Working Hours" });
    const end = dialog.getByLabel("Wednesday end time");
    await typeTime(page, end, "17:45");
    await tabOut(page, end);
    await expect(end).toHaveValue("17:45");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});
