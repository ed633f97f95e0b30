import { expect, test } from "./fixtures";
import { toast, uniqueToken } from "./dashboard-fixtures";
import { ashevilleWeekday, openAvailability } from "./scheduling-fixtures";

test.describe("Availability tab", () => {
  test("working hours: the defaults, Save All saves the week, a bad day saves nothing", async ({ staffPage: { page } }) => {
    await openAvailability(page);
    await expect(page.getByRole("heading", { name: "Working Hours" })).toBeVisible();
    const card = (day: string) => page.getByRole("listitem", { name: day, exact: true });
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await expect(card(day)).toContainText("9:00 AM – 5:00 PM");
    for (const day of ["Saturday", "Sunday"]) await expect(card(day)).toContainText("Closed");

    await page.getByRole("button", { name: "Edit Hours" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Working Hours" });
    await dialog.getByLabel("Monday end time").fill("18:00");
    await dialog.getByRole("button", { name: "Save All" }).click();
    await expect(toast(page, "Working hours updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card("Monday")).toContainText("9:00 AM – 6:00 PM");

    // An end before its start: the message beside the day, the dialog stays, nothing is saved.
    await page.getByRole("button", { name: "Edit Hours" }).click();
    await dialog.getByLabel("Monday end time").fill("19:00");
    await dialog.getByLabel("Tuesday end time").fill("08:00");
    await dialog.getByRole("button", { name: "Save All" }).click();
    await expect(dialog.getByText("End time must be after start time")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await expect(card("Monday")).toContainText("9:00 AM – 6:00 PM");
    await expect(card("Tuesday")).toContainText("9:00 AM – 5:00 PM");
  });

  test("time blocks: the empty state, add with the one-hour default, edit, delete", async ({ staffPage: { page } }) => {
    const token = uniqueToken();
    const day = ashevilleWeekday(20);
    await openAvailability(page);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await expect(page.getByText("No time blocks configured")).toBeVisible();

    await page.getByRole("button", { name: "Add Time Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Block" });
    await dialog.getByLabel("Title").fill(`Lunch ${token}`);
    await dialog.getByLabel("Start date").fill(day);
    await dialog.getByLabel("Start time").fill("12:00");
    // One hour unless changed.
    await expect(dialog.getByLabel("End time")).toHaveValue("13:00");
    await dialog.getByRole("button", { name: "Create Time Block" }).click();
    await expect(toast(page, "Time block created successfully")).toBeVisible();
    const list = page.getByRole("list", { name: "Blocked Time Periods" });
    await expect(list.getByRole("listitem", { name: `Lunch ${token}` })).toBeVisible();

    await list.getByRole("button", { name: `Edit Lunch ${token}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Time Block" });
    await edit.getByLabel("Title").fill(`Long lunch ${token}`);
    await edit.getByRole("button", { name: "Update Time Block" }).click();
    await expect(toast(page, "Time block updated successfully")).toBeVisible();
    await expect(list.getByRole("listitem", { name: `Long lunch ${token}` })).toBeVisible();

    await list.getByRole("button", { name: `Delete Long lunch ${token}` }).click();
    await page.getByRole("alertdialog", { name: "Delete time block?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Time block deleted successfully")).toBeVisible();
    await expect(page.getByText("No time blocks configured")).toBeVisible();
  });
});
