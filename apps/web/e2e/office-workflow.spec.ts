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
import { ashevilleInstant, bookAppointment, randomWeekday } from "./scheduling-fixtures";

/** The dashboard's booking calls (tRPC door): what the lead form's date goes through. */
const isBooking = (url: string, method: string) => url.includes("/trpc/appointments.book") && method === "POST";

// Issue 24 §2: a date set through Add Lead / Edit Lead goes through the booking check.
test.describe("one booking rule everywhere", () => {
  test("Edit Lead: a date over another appointment shows the clash, books nothing, and another time books it as Scheduled", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    // The appointment the office double-booked over: 9:00–10:30.
    await bookAppointment(page.request, baseURL, {
      clientName: `Booked ${token}`,
      appointmentDate: day,
      appointmentTime: "09:00",
      durationMinutes: 90,
    });
    const lead = await createLead(page.request, baseURL, { name: `Edited ${token}` });
    await openDashboard(page);
    await searchLeads(page, token);
    const details = await openLeadDetails(leadCard(boardColumn(page, "New Leads"), lead.name), lead.name);
    await details.getByRole("button", { name: `Edit ${lead.name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Lead" });
    await edit.getByLabel("Scheduled Date").fill(day);
    await edit.getByLabel("Scheduled Time").fill("09:30");
    await expect(edit.getByRole("combobox", { name: "Status" })).toHaveValue("scheduled");

    const refused = page.waitForResponse((r) => isBooking(r.url(), r.request().method()));
    await edit.getByRole("button", { name: "Update Lead" }).click();
    expect((await refused).status()).toBe(409);
    const clash = edit.getByRole("alert").filter({ hasText: `Booked ${token}` });
    await expect(clash).toBeVisible();
    await expect(clash).toBeFocused();
    await expect(edit).toBeVisible();
    // Nothing booked: still no date and still New.
    const unchanged = await getLead(page.request, lead.id);
    expect(unchanged?.scheduledDate).toBeNull();
    expect(unchanged?.status).toBe("new");

    // Pick another time: the notice goes, focus is on the time; a free time books the lead.
    await clash.getByRole("button", { name: "Pick another time" }).click();
    await expect(clash).toBeHidden();
    await expect(edit.getByLabel("Scheduled Time")).toBeFocused();
    await edit.getByLabel("Scheduled Time").fill("11:00");
    const booked = page.waitForResponse((r) => isBooking(r.url(), r.request().method()));
    await edit.getByRole("button", { name: "Update Lead" }).click();
    expect((await booked).status()).toBe(200);
    await expect(edit).toBeHidden();
    await expect(toast(page, "Lead updated")).toBeVisible();
    const saved = await getLead(page.request, lead.id);
    expect(saved?.scheduledDate).toBe(ashevilleInstant(day, "11:00"));
    expect(saved?.status).toBe("scheduled");
    await expect(leadCard(boardColumn(page, "Scheduled"), lead.name)).toBeVisible();

    // The same date saved again is no new booking (no check, no request to book).
    await (await openLeadDetails(leadCard(page, lead.name), lead.name)).getByRole("button", { name: `Edit ${lead.name}` }).click();
    let bookedAgain = false;
    page.on("request", (r) => {
      if (isBooking(r.url(), r.method())) bookedAgain = true;
    });
    await edit.getByLabel("Notes").fill(`Side door ${token}`);
    await edit.getByRole("button", { name: "Update Lead" }).click();
    await expect(edit).toBeHidden();
    await expect.poll(async () => (await getLead(page.request, lead.id))?.notes).toBe(`Side door ${token}`);
    expect(bookedAgain).toBe(false);
  });

  test("Add Lead: a typed date over another appointment shows the clash; Book anyway creates one lead, booked and Scheduled", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await bookAppointment(page.request, baseURL, {
      clientName: `Booked ${token}`,
      appointmentDate: day,
      appointmentTime: "09:00",
      durationMinutes: 90,
    });
    const name = `Added ${token}`;
    await openDashboard(page);
    await page.getByRole("button", { name: "Add Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Lead" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill(`added.${token}@example.com`);
    await dialog.getByLabel("Zip Code").fill("28801");
    // Typed as people type a date (month, day, year), with a blank time: 9:00 AM.
    const [year, month, date] = day.split("-");
    await dialog.getByLabel("Scheduled Date").click();
    await page.keyboard.type(`${month}${date}${year}`);
    await expect(dialog.getByLabel("Scheduled Date")).toHaveValue(day);
    await dialog.getByRole("button", { name: "Create Lead" }).click();
    const clash = dialog.getByRole("alert").filter({ hasText: `Booked ${token}` });
    await expect(clash).toBeVisible();
    await expect(dialog).toBeVisible();

    await clash.getByRole("button", { name: "Book anyway" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "Lead created")).toBeVisible();
    const mine = (await listLeads(page.request)).filter((l) => l.name === name);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.scheduledDate).toBe(ashevilleInstant(day, "09:00"));
    expect(mine[0]?.status).toBe("scheduled");
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Scheduled"), name)).toBeVisible();
  });
});
