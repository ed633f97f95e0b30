import AxeBuilder from "@axe-core/playwright";
import { format } from "date-fns";
import { expect, test } from "./fixtures";
import { listLeads, openDashboard, toast } from "./dashboard-fixtures";
import { ashevilleInstant, bookAppointment, createTimeBlock, namedColleague, openCalendar, randomWeekday } from "./scheduling-fixtures";

/*
 * The booking dialogs show the chosen person's day as soon as a date and an assignee are chosen
 * (docs/product.md "Calendar", busy times): working hours, what is booked, and the next free time
 * as a button that fills in the date and time.
 */

const weekdayName = (date: string) => format(new Date(`${date}T12:00:00`), "EEE");

test.describe("Busy times in the booking dialogs", () => {
  test.describe.configure({ timeout: 60_000 });

  test("Book New Appointment lists the assignee's busy times and fills in their next free time", async ({
    staffPage: { page },
    request,
    baseURL,
  }) => {
    const other = await namedColleague(request, baseURL, "Omar");
    const day = randomWeekday();
    await bookAppointment(request, baseURL, { clientName: `Early ${other.token}`, appointmentDate: day, appointmentTime: "09:00" });
    await bookAppointment(request, baseURL, { clientName: `Later ${other.token}`, appointmentDate: day, appointmentTime: "10:00" });
    await createTimeBlock(request, baseURL, {
      title: "Supplier",
      startDateTime: ashevilleInstant(day, "11:00"),
      endDateTime: ashevilleInstant(day, "12:00"),
      blockType: "other",
    });

    await openDashboard(page);
    await page.getByRole("button", { name: "Book Appointment" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await dialog.getByLabel("Client Name").fill(`Casey ${other.token}`);
    await dialog.getByLabel("Email").fill(`casey.${other.token}@example.com`);
    await dialog.getByLabel("Phone").fill("(828) 555-0177");
    await dialog.getByLabel("Zip Code").fill("28801");
    await dialog.getByLabel("Address").fill("5 Broadway, Asheville");
    await dialog.getByRole("combobox", { name: "Service" }).selectOption({ label: "Consultation" });
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption("10:00");
    // The booker's own day first: free.
    const busy = dialog.getByRole("region", { name: /^Your day/ });
    await expect(busy).toContainText("Works 9:00 AM – 5:00 PM");
    await expect(busy).toContainText("Nothing booked.");
    await expect(busy).toContainText("10:00 AM is free.");

    await dialog.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: other.name });
    const theirs = dialog.getByRole("region", { name: new RegExp(`^${other.name}’s day, ${weekdayName(day)}`) });
    await expect(theirs).toBeVisible();
    await expect(theirs.getByRole("list", { name: "Busy times" }).getByRole("listitem")).toHaveText([
      `9:00 AM – 10:00 AM Early ${other.token}`,
      `10:00 AM – 11:00 AM Later ${other.token}`,
      "11:00 AM – 12:00 PM Time block: Busy",
    ]);
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // Before anything is sent: the chosen time clashes, and the next free time is offered.
    await expect(dialog.getByText(`Clashes with Later ${other.token}`)).toBeVisible();
    const next = theirs.getByRole("button", { name: `Next free: ${weekdayName(day)} 12:00 PM` });
    await next.click();
    await expect(dialog.getByLabel("Date")).toHaveValue(day);
    await expect(dialog.getByRole("combobox", { name: "Time" })).toHaveValue("12:00");
    await expect(theirs).toContainText("12:00 PM is free.");
    await expect(dialog.getByText(/^Clashes with/)).toHaveCount(0);

    // Booked without a clash to confirm.
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(toast(page, "Appointment Booked")).toBeVisible();
    await expect(dialog).toBeHidden();
    const booked = (await listLeads(page.request)).find((l) => l.name === `Casey ${other.token}`);
    expect(booked).toMatchObject({ assignedTo: other.account.id, scheduledDate: ashevilleInstant(day, "12:00") });
  });

  test("Schedule Appointment shows the same day for the person chosen", async ({ staffPage: { page }, request, baseURL }) => {
    const other = await namedColleague(request, baseURL, "Pia");
    const day = randomWeekday();
    await bookAppointment(request, baseURL, { clientName: `Theirs ${other.token}`, appointmentDate: day, appointmentTime: "09:00" });

    await openCalendar(page);
    await page.getByRole("button", { name: "Schedule Appointment" }).click();
    const modal = page.getByRole("dialog", { name: "Schedule Appointment" });
    await modal.getByLabel("Appointment Date").fill(day);
    await modal.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: other.name });
    const theirs = modal.getByRole("region", { name: new RegExp(`^${other.name}’s day`) });
    await expect(theirs.getByRole("listitem")).toHaveText([`9:00 AM – 10:00 AM Theirs ${other.token}`]);
    await theirs.getByRole("button", { name: `Next free: ${weekdayName(day)} 10:00 AM` }).click();
    await expect(modal.getByRole("combobox", { name: "Appointment Time" })).toHaveValue("10:00");
  });
});
