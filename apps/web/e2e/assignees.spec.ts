import type { APIRequestContext } from "@playwright/test";
import { expect, loginUser, test } from "./fixtures";
import { listLeads, openDashboard, signInAsAdmin, toast, uniqueToken } from "./dashboard-fixtures";
import {
  ashevilleInstant,
  bookAppointment,
  createTimeBlock,
  dragTo,
  expectSameTop,
  goToDate,
  gridSlot,
  gridEvent,
  openCalendar,
  randomWeekday,
  showView,
  namedColleague,
  weekdayOf,
} from "./scheduling-fixtures";

/** A colleague (see namedColleague) and a random weekday to book them on. */
async function colleagueNamed(request: APIRequestContext, baseURL: string | undefined, first: string) {
  const { user: colleague, name, color, token } = await namedColleague(request, baseURL, first);
  return { colleague, name, color, token, day: randomWeekday() };
}

/** Appointments belong to the crew member who goes. */
test.describe("Assignees", () => {
  // Each test sets up two accounts, a profile, a block or appointments through the API first.
  test.describe.configure({ timeout: 60_000 });

  test("books for a colleague: Assigned to, the colleague's clash named, booked anyway as theirs", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    const { colleague, name, token, day } = await colleagueNamed(request, baseURL, "Tia");
    await createTimeBlock(request, baseURL, {
      title: "Dentist",
      startDateTime: ashevilleInstant(day, "10:00"),
      endDateTime: ashevilleInstant(day, "11:00"),
      blockType: "personal",
    });

    await openDashboard(page);
    await page.getByRole("button", { name: "Book Appointment" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    const assignee = dialog.getByRole("combobox", { name: "Assigned to" });
    // The booker by default.
    await expect(assignee).toHaveValue(user.account.id);
    await dialog.getByLabel("Client Name").fill(`Casey ${token}`);
    await dialog.getByLabel("Email").fill(`casey.${token}@example.com`);
    await dialog.getByLabel("Phone").fill("(828) 555-0133");
    await dialog.getByLabel("Zip Code").fill("28801");
    await dialog.getByLabel("Address").fill("3 Lexington Ave, Asheville");
    await dialog.getByRole("combobox", { name: "Service" }).selectOption({ label: "Consultation" });
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption("10:00");
    // Free for the booker: no hint.
    await expect(dialog.getByText("Clashes with")).toHaveCount(0);
    await assignee.selectOption({ label: name });
    // The colleague's block, seen as busy time, before anything is sent.
    await expect(dialog.getByText("Clashes with Busy")).toBeVisible();

    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    const clash = dialog.getByRole("alert").filter({ hasText: 'Overlaps the time block "Busy"' });
    await expect(clash).toBeVisible();
    await expect(clash).toContainText(`In ${name}’s calendar`);
    await clash.getByRole("button", { name: "Book anyway" }).click();
    await expect(toast(page, "Appointment Booked")).toBeVisible();
    const booked = (await listLeads(page.request)).find((l) => l.name === `Casey ${token}`);
    expect(booked).toMatchObject({ assignedTo: colleague.account.id, assigneeName: colleague.username, status: "scheduled" });
  });

  test("Everyone view: whose each appointment and block is, a legend, a person filter, another's block read only", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    const { name, color, token, day } = await colleagueNamed(request, baseURL, "Rae");
    await bookAppointment(request, baseURL, { clientName: `Theirs ${token}`, appointmentDate: day, appointmentTime: "09:00" });
    await createTimeBlock(request, baseURL, {
      title: "Van service",
      startDateTime: ashevilleInstant(day, "14:00"),
      endDateTime: ashevilleInstant(day, "15:00"),
      blockType: "maintenance",
    });
    await bookAppointment(page.request, baseURL, { clientName: `Mine ${token}`, appointmentDate: day, appointmentTime: "11:00" });

    await openCalendar(page);
    await showView(page, "Day");
    await goToDate(page, day);
    // My calendar: no marks, no legend; the colleague's appointment is not mine.
    await expect(gridEvent(page, `Mine ${token}`)).toBeVisible();
    await expect(gridEvent(page, `Theirs ${token}`)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Whose is what" })).toHaveCount(0);

    await page.getByRole("combobox", { name: "Whose calendar" }).selectOption("all");
    const legend = page.getByRole("region", { name: "Whose is what" });
    await expect(legend.getByRole("list", { name: "Legend" })).toContainText(name);
    await expect(legend.getByRole("list", { name: "Legend" })).toContainText(user.username);
    const theirs = gridEvent(page, `Theirs ${token}`);
    await expect(theirs).toBeVisible();
    const mark = theirs.locator(".cg-owner-mark");
    await expect(mark).toHaveAttribute("title", name);
    await expect(mark).toHaveText(`R${token[0]!.toUpperCase()}`);
    await expect(mark).toHaveCSS("background-color", hexToRgb(color));
    await expect(gridEvent(page, `Mine ${token}`).locator(".cg-owner-mark")).toHaveAttribute("title", user.username);

    // The filter: only the colleague's appointments and blocks.
    await legend.getByRole("combobox", { name: "Show person" }).selectOption({ label: name });
    await expect(gridEvent(page, `Mine ${token}`)).toHaveCount(0);
    await expect(theirs).toBeVisible();
    const block = gridEvent(page, "Busy");
    await expect(block).toHaveCount(1);
    await expect(block.locator(".cg-owner-mark")).toHaveAttribute("title", name);

    // Another person's block opens read only, its owner named.
    await block.click();
    const details = page.getByRole("dialog", { name: `${name}’s time block` });
    await expect(details).toBeVisible();
    await expect(details).toContainText(`Read only: only ${name} can change this block`);
    await expect(details.getByRole("button", { name: /save|delete|update/i })).toHaveCount(0);
    await details.getByRole("button", { name: "Close" }).first().click();
    await expect(details).toHaveCount(0);

    await legend.getByRole("combobox", { name: "Show person" }).selectOption({ label: "Everyone" });
    await expect(gridEvent(page, `Mine ${token}`)).toBeVisible();
  });

  // Dragging is a pointer gesture; on a phone an appointment is rescheduled through Edit.
  test("dragging a colleague's appointment onto their block names them, and handing it over moves it @desktop-only", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    const { colleague, name, token, day } = await colleagueNamed(request, baseURL, "Ike");
    await createTimeBlock(request, baseURL, {
      title: "Supplier visit",
      startDateTime: ashevilleInstant(day, "15:00"),
      endDateTime: ashevilleInstant(day, "16:00"),
      blockType: "other",
    });
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Moved ${token}`,
      appointmentDate: day,
      appointmentTime: "09:00",
      assignedTo: colleague.account.id,
    });
    await openCalendar(page);
    await page.getByRole("combobox", { name: "Whose calendar" }).selectOption("all");
    await showView(page, "Week");
    await goToDate(page, day);
    const column = weekdayOf(day);
    const event = gridEvent(page, `Moved ${token}`);
    await expectSameTop(event, gridSlot(page, column, 9));

    await dragTo(page, event, gridSlot(page, column, 15));
    const warning = page.getByRole("alertdialog", { name: "Move appointment?" });
    await expect(warning).toContainText(`In ${name}’s calendar`);
    await expect(warning).toContainText('Overlaps the time block "Busy"');
    const assignee = warning.getByRole("combobox", { name: "Assigned to" });
    await expect(assignee).toHaveValue(colleague.account.id);
    // Handed to me, who is free then: moved without asking again.
    await assignee.selectOption(user.account.id);
    await expect(toast(page, "Moved")).toBeVisible();
    await expect(warning).toBeHidden();
    await expect
      .poll(async () => (await listLeads(page.request)).find((l) => l.id === booked.lead.id))
      .toMatchObject({ scheduledDate: ashevilleInstant(day, "15:00"), assignedTo: user.account.id });
  });

  test("everyone edits their own name and colour, and it shows in Assigned to", async ({ staffPage: { page, user } }) => {
    const token = uniqueToken();
    await openDashboard(page);
    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await page.getByRole("button", { name: "Edit your name & colour" }).click();
    const dialog = page.getByRole("dialog", { name: "Your name and colour" });
    await dialog.getByLabel("Display name").fill(`Sam ${token}`);
    await dialog.getByText("Teal", { exact: true }).click();
    await expect(dialog.getByRole("radio", { name: "Teal" })).toBeChecked();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Profile saved")).toBeVisible();
    await expect(page.getByText(`You show as Sam ${token}`)).toBeVisible();

    await page.getByRole("button", { name: "Book Appointment" }).first().click();
    const booking = page.getByRole("dialog", { name: "Book New Appointment" });
    const assignee = booking.getByRole("combobox", { name: "Assigned to" });
    await expect(assignee).toHaveValue(user.account.id);
    await expect(assignee.locator("option:checked")).toHaveText(`Sam ${token} (you)`);
  });
  test("an admin changes a colleague's name and colour in User Management; the colleague sees it in Assigned to", async ({
    page,
    baseURL,
    staffUser,
    browser,
  }) => {
    const token = uniqueToken();
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const card = page.getByRole("article", { name: staffUser.username });
    await card.getByRole("button", { name: `Name & colour of ${staffUser.username}` }).click();
    const dialog = page.getByRole("dialog", { name: `Name and colour of ${staffUser.username}` });
    await dialog.getByLabel("Display name").fill(`Lee ${token}`);
    await dialog.getByText("Magenta", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Profile saved")).toBeVisible();
    await expect(card).toContainText(`Shown as Lee ${token}`);

    const context = await browser.newContext({ baseURL: baseURL! });
    try {
      const theirs = await context.newPage();
      await loginUser(theirs.request, baseURL, staffUser);
      await openDashboard(theirs);
      await theirs.getByRole("button", { name: "Book Appointment" }).first().click();
      const assignee = theirs.getByRole("dialog", { name: "Book New Appointment" }).getByRole("combobox", { name: "Assigned to" });
      await expect(assignee.locator("option:checked")).toHaveText(`Lee ${token} (you)`);
    } finally {
      await context.close();
    }
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
