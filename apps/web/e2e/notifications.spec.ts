import { expect, test, waitForHydration } from "./fixtures";
import { createLead, leadCard, openDashboard, openLeadDetails, searchLeads, signInAsAdmin, toast, uniqueToken } from "./dashboard-fixtures";
import { ashevilleWeekday, bookAppointment } from "./scheduling-fixtures";

test.describe("notifications", () => {
  test("an admin sets who gets office mail and which client mails go out", { tag: "@any-device" }, async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section).toBeVisible();
    // The e2e server sends through a local SMTP server: no "not configured" notice (the API test
    // mail.api.test.ts checks the notice of a server without SMTP_URL).
    await expect(section.getByRole("button", { name: "Save notification settings" })).toBeVisible();
    await expect(section.getByText(/E-mail is not configured/)).toHaveCount(0);

    const address = `office-${uniqueToken()}@example.com`;
    await section.getByRole("button", { name: "Add recipient" }).click();
    const inputs = section.getByRole("textbox", { name: /Office recipient \d+ e-mail/ });
    await inputs.last().fill(address);
    const reminder = section.getByRole("checkbox", { name: "Reminder to the client before the appointment" });
    await reminder.setChecked(false);
    await section.getByRole("spinbutton", { name: /Reminder lead time/ }).fill("48");
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();

    // Stored in the database: a fresh page shows them.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const again = page.getByRole("region", { name: "Notifications" });
    await expect(again.getByRole("textbox", { name: /Office recipient \d+ e-mail/ }).last()).toHaveValue(address);
    await expect(again.getByRole("checkbox", { name: "Reminder to the client before the appointment" })).not.toBeChecked();
    await expect(again.getByRole("spinbutton", { name: /Reminder lead time/ })).toHaveValue("48");
    // Put back what other runs expect.
    await again.getByRole("checkbox", { name: "Reminder to the client before the appointment" }).setChecked(true);
    await again.getByRole("spinbutton", { name: /Reminder lead time/ }).fill("24");
    await again.getByRole("button", { name: `Remove ${address}` }).click();
    await again.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();
  });

  test("the office e-mail's link (/admin?lead=<id>) opens that lead", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    const name = `Linked Lead ${uniqueToken()}`;
    const lead = await createLead(page.request, baseURL, { name });
    await page.goto(`/admin?lead=${lead.id}`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Edit Lead" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: /Name/ }).first()).toHaveValue(name);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a lead's History lists the e-mails sent about it", { tag: "@any-device" }, async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    const token = uniqueToken();
    const email = `mail.${token}@example.com`;
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Mailed ${token}`,
      email,
      appointmentDate: ashevilleWeekday(40),
      appointmentTime: "10:00",
    });
    await openDashboard(page);
    await searchLeads(page, token);
    const details = await openLeadDetails(leadCard(page, booked.lead.name), booked.lead.name);
    await details.getByRole("button", { name: `History of ${booked.lead.name}` }).click();
    // The client's confirmation went to the sink's SMTP server: sent, to the address the client gave.
    const mails = details.getByRole("list", { name: "E-mails for this lead" }).getByRole("listitem");
    await expect(mails.filter({ hasText: `Confirmation to the client to ${email}: sent` })).toHaveCount(1, { timeout: 20_000 });
  });
});
