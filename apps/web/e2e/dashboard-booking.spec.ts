import { format } from "date-fns";
import { expect, test } from "./fixtures";
import {
  boardColumn,
  createLead,
  getLead,
  leadCard,
  listLeads,
  openDashboard,
  openLeadDetails,
  searchLeads,
  toast,
  uniqueToken,
} from "./dashboard-fixtures";
import { ashevilleWallTime, bookAppointment, randomWeekday } from "./scheduling-fixtures";

/**
 * A weekday a few weeks ahead, as a date input value and as the card shows it. A weekday, so the
 * default working hours (Monday to Friday, 9 to 5) hold and booking raises no conflict.
 */
function futureDate(days = 21): { input: string; shown: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() + 1);
  return { input: format(date, "yyyy-MM-dd"), shown: format(date, "MMM d, yyyy") };
}

test.describe("booking appointments", () => {
  test("booking from a lead card schedules that lead", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, {
      name: `Pat ${token}`,
      phone: "8285550111",
      status: "contacted",
      priority: "high",
      service: "crawl-space",
      notes: "Prefers mornings",
    });
    const day = futureDate();
    await openDashboard(page);
    await searchLeads(page, token);
    await (await openLeadDetails(leadCard(page, lead.name), lead.name)).getByRole("button", { name: "Book Appointment" }).click();

    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog.getByRole("combobox", { name: "Existing lead (optional)" })).toHaveValue(`${lead.name} (${lead.email})`);
    await expect(dialog.getByLabel("Client Name")).toHaveValue(lead.name);
    await expect(dialog.getByRole("combobox", { name: "Service" })).toHaveValue("crawl-space-encapsulation");
    await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveValue("high");
    await expect(dialog.getByRole("combobox", { name: "Duration" })).toHaveValue("60");
    await expect(dialog.getByLabel("Notes")).toHaveValue("Prefers mornings");

    // The lead has no address: the dialog asks for one, and for the date and time.
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(dialog.getByText("Address is required")).toBeVisible();
    await expect(dialog.getByText("Appointment date is required")).toBeVisible();
    await expect(dialog.getByText("Appointment time is required")).toBeVisible();

    const times = dialog.getByRole("combobox", { name: "Time" }).locator("option");
    await expect(times).toHaveCount(22);
    await expect(times.nth(1)).toHaveText("8:00 AM");
    await expect(times.last()).toHaveText("6:00 PM");

    await dialog.getByLabel("Address").fill("12 Merrimon Ave, Asheville");
    await dialog.getByLabel("Date").fill(day.input);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption({ label: "10:30 AM" });
    await dialog.getByLabel("Notes").fill("Prefers mornings. Gate code 1234.");
    await dialog.getByRole("button", { name: "Book Appointment" }).click();

    await expect(toast(page, "Appointment Booked")).toContainText("The appointment has been successfully scheduled.");
    await expect(dialog).toBeHidden();
    const card = leadCard(boardColumn(page, "Scheduled"), lead.name);
    const when = card.getByRole("button", { name: `Scheduled ${day.shown} at 10:30 AM. Open in calendar` });
    await expect(when).toBeVisible();
    await expect(when).toHaveText(`${day.shown} at 10:30 AM`);

    const saved = await getLead(page.request, lead.id);
    expect(saved).toMatchObject({
      status: "scheduled",
      priority: "high",
      notes: "Prefers mornings. Gate code 1234.",
      address: "12 Merrimon Ave, Asheville",
    });

    await page.reload();
    await searchLeads(page, token);
    await leadCard(boardColumn(page, "Scheduled"), lead.name)
      .getByRole("button", { name: /Open in calendar/ })
      .click();
    await expect(page.getByRole("tab", { name: "Calendar", exact: true })).toHaveAttribute("aria-selected", "true");
  });

  test("the header's Book Appointment books a new client", async ({ staffPage: { page } }) => {
    const token = uniqueToken();
    const name = `Quinn ${token}`;
    const day = futureDate(30);
    await openDashboard(page);
    await page.getByRole("button", { name: "Book Appointment" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog.getByRole("combobox", { name: "Existing lead (optional)" })).toHaveValue("");

    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    for (const message of [
      "Client name is required",
      "Valid email is required",
      "Phone number is required",
      "Address is required",
      "Service is required",
      "Appointment date is required",
      "Appointment time is required",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByRole("combobox", { name: "Service" }).locator("option")).toHaveText([
      "Select a service",
      "Crawl Space Encapsulation",
      "Vapor Barriers",
      "Basement Waterproofing",
      "Mold Remediation",
      "Insulation & Dehumidification",
      "Consultation",
    ]);
    await expect(dialog.getByRole("combobox", { name: "Duration" }).locator("option")).toHaveCount(5);

    await dialog.getByLabel("Client Name").fill(name);
    await dialog.getByLabel("Email").fill(`quinn.${token}@example.com`);
    await dialog.getByLabel("Phone").fill("(828) 555-0177");
    await dialog.getByLabel("Zip Code").fill("28803");
    await dialog.getByLabel("Address").fill("9 Biltmore Ave, Asheville");
    await dialog.getByRole("combobox", { name: "Service" }).selectOption({ label: "Vapor Barriers" });
    await dialog.getByLabel("Date").fill(day.input);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption({ label: "2:00 PM" });
    await dialog.getByRole("combobox", { name: "Duration" }).selectOption({ label: "2 hours" });
    await dialog.getByRole("button", { name: "Book Appointment" }).click();

    await expect(toast(page, "Appointment Booked")).toBeVisible();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Scheduled"), name)).toContainText(`${day.shown} at 2:00 PM`);
    const created = (await listLeads(page.request)).find((l) => l.name === name);
    expect(created).toMatchObject({ status: "scheduled", source: "appointment-booking", service: "vapor-barriers", zipCode: "28803" });
  });

  test("a failed booking says so and keeps the dialog open", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Rae ${token}`, phone: "8285550122", address: "1 Main St" });
    await openDashboard(page);
    await searchLeads(page, token);
    await page.route("**/trpc/appointments.book**", (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await (await openLeadDetails(leadCard(page, lead.name), lead.name)).getByRole("button", { name: "Book Appointment" }).click();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await dialog.getByLabel("Date").fill(futureDate().input);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption("09:00");
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(toast(page, "Booking Failed")).toContainText("Failed to book the appointment. Please try again.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Book Appointment" })).toBeEnabled();
  });
  test("by keyboard alone: a clash is shown with what it clashes with, and Book anyway books", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await bookAppointment(page.request, baseURL, { clientName: `First ${token}`, appointmentDate: day, appointmentTime: "10:00" });
    await openDashboard(page);
    await page.getByRole("button", { name: "Book Appointment" }).first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog).toBeVisible();
    // The dialog puts focus in its first field as it opens (a frame or so after it shows): typing
    // before then would land there instead of in the field the test focused.
    await expect(dialog.getByRole("combobox", { name: "Existing lead (optional)" })).toBeFocused();
    // Every field reached and filled from the keyboard: focus, then keys (no clicks).
    const typeInto = async (label: string, text: string) => {
      await dialog.getByLabel(label).focus();
      await page.keyboard.type(text);
    };
    await typeInto("Client Name", `Second ${token}`);
    await typeInto("Email", `second.${token}@example.com`);
    await typeInto("Phone", "8285550142");
    await typeInto("Zip Code", "28801");
    await typeInto("Address", "7 College St, Asheville");
    await dialog.getByRole("combobox", { name: "Service" }).focus();
    await page.keyboard.type("Consultation");
    const [year, month, date] = day.split("-");
    await dialog.getByLabel("Date").focus();
    await page.keyboard.type(`${month}${date}${year}`);
    await expect(dialog.getByLabel("Date")).toHaveValue(day);
    await dialog.getByRole("combobox", { name: "Time" }).focus();
    await page.keyboard.type("10:00");
    await expect(dialog.getByRole("combobox", { name: "Time" })).toHaveValue("10:00");
    await dialog.getByLabel("Address").focus();
    // A booking that is not made is a 409 whose body names the clash, not a 200.
    const refused = page.waitForResponse((r) => r.url().includes("/trpc/appointments.book") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    const refusal = await refused;
    expect(refusal.status()).toBe(409);
    expect(((await refusal.json()) as { error: { conflicts: { title: string }[] } }).error.conflicts).toEqual([
      expect.objectContaining({ title: `First ${token}` }),
    ]);

    const clash = dialog.getByRole("alert").filter({ hasText: `First ${token}` });
    await expect(clash).toBeVisible();
    await expect(clash.getByRole("button", { name: "Pick another time" })).toBeVisible();
    await clash.getByRole("button", { name: "Book anyway" }).focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Appointment Booked")).toBeVisible();
    const booked = (await listLeads(page.request)).find((l) => l.name === `Second ${token}`);
    expect(booked?.scheduledDate && ashevilleWallTime(booked.scheduledDate)).toEqual({ date: day, time: "10:00" });
  });
});
