import type { Locator } from "@playwright/test";
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
import { chooseFile, makeImage, openGalleryTab } from "./gallery-fixtures";
import { ashevilleInstant, bookAppointment, openAvailability, randomWeekday } from "./scheduling-fixtures";

/** The dashboard's booking calls (tRPC door): what the lead form's date goes through. */
const isBooking = (url: string, method: string) => url.includes("/trpc/appointments.book") && method === "POST";

// A date set through Add Lead / Edit Lead goes through the booking check.
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

  test("dropping a lead without an appointment on Scheduled opens the booking dialog; cancel leaves it; booking moves it", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Dropped ${token}`, status: "contacted" });
    await openDashboard(page);
    await searchLeads(page, token);
    const moveByKeyboard = async () => {
      const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
      await handle.focus();
      await page.keyboard.press("Space");
      await expect(page.getByText(`Picked up ${lead.name} in Contacted.`)).toBeAttached();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByText(`${lead.name} is over Scheduled.`)).toBeAttached();
      await page.keyboard.press("Space");
    };
    let statusPatched = false;
    page.on("request", (r) => {
      if (r.url().includes("/trpc/leads.update") && r.method() === "POST") statusPatched = true;
    });

    await moveByKeyboard();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Client Name")).toHaveValue(lead.name);
    await expect(page.getByText(`${lead.name} has no appointment: book one to schedule it.`, { exact: false }).first()).toBeAttached();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    await expect(leadCard(boardColumn(page, "Scheduled"), lead.name)).toHaveCount(0);
    expect(statusPatched).toBe(false);
    expect((await getLead(page.request, lead.id))?.status).toBe("contacted");

    // Again, and this time booked: the lead is Scheduled with its appointment.
    await moveByKeyboard();
    await expect(dialog).toBeVisible();
    const day = randomWeekday();
    await dialog.getByLabel("Phone").fill("8285550123");
    await dialog.getByLabel("Address").fill("7 College St, Asheville");
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption("14:00");
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(dialog).toBeHidden();
    await expect(leadCard(boardColumn(page, "Scheduled"), lead.name)).toBeVisible();
    const booked = await getLead(page.request, lead.id);
    expect(booked?.status).toBe("scheduled");
    expect(booked?.scheduledDate).toBe(ashevilleInstant(day, "14:00"));
  });

  test("the Scheduled stat card and column count every Scheduled lead, with an appointment or not, and agree", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    // Status set by hand through REST, no appointment: shown in Scheduled, and counted there.
    await createLead(page.request, baseURL, { name: `Unbooked ${token}`, status: "scheduled" });
    await bookAppointment(page.request, baseURL, {
      clientName: `Booked ${token}`,
      appointmentDate: randomWeekday(),
      appointmentTime: "13:00",
    });
    const all = await listLeads(page.request);
    const scheduledCount = all.filter((l) => l.status === "scheduled" || l.status === "in-progress").length;
    const won = all.filter((l) => l.status === "won" || l.status === "completed").length;
    await openDashboard(page);
    await expect(page.getByTestId("stat-scheduled")).toHaveText(scheduledCount.toLocaleString("en-US"));
    await expect(page.getByTestId("stat-won")).toHaveText(won.toLocaleString("en-US"));
    const scheduled = boardColumn(page, "Scheduled");
    await expect(scheduled.getByTestId("column-count")).toHaveText(scheduledCount.toLocaleString("en-US"));
    await expect(boardColumn(page, "Won").getByTestId("column-count")).toHaveText(won.toLocaleString("en-US"));
    await expect(scheduled.getByTestId("column-unbooked")).toContainText("no appointment yet");

    await searchLeads(page, token);
    await expect(leadCard(scheduled, `Unbooked ${token}`)).toBeVisible();
    await expect(leadCard(scheduled, `Booked ${token}`)).toBeVisible();
    await expect(scheduled.getByTestId("column-count")).toHaveText("2");
    await expect(scheduled.getByTestId("column-unbooked")).toHaveText("1 of these has no appointment yet");
    await expect(page.getByTestId("stat-scheduled")).toHaveText("2");
  });
});

// Data entry that cannot go wrong.
test.describe("data entry that cannot go wrong", () => {
  test("time block: a typed start date and time, once entered, move the end by the block's length; an end date before the start is said there", async ({
    staffPage: { page },
  }) => {
    await openAvailability(page);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await page.getByRole("button", { name: "Add Time Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Block" });
    await expect(dialog).toBeVisible();
    const title = `Typed ${uniqueToken()}`;
    await dialog.getByLabel("Title").fill(title);
    const startDate = dialog.getByLabel("Start date");
    const startTime = dialog.getByLabel("Start time");
    const endDate = dialog.getByLabel("End date");
    const endTime = dialog.getByLabel("End time");
    // A new block is one hour long (past 11 PM in the business time zone it ends the next day).
    const at = async (date: Locator, time: Locator) => Date.parse(`${await date.inputValue()}T${await time.inputValue()}:00Z`) / 60_000;
    expect((await at(endDate, endTime)) - (await at(startDate, startTime))).toBe(60);
    const endsNextDay = (await endDate.inputValue()) !== (await startDate.inputValue());

    // Typed as the issue typed it: 12032026 (the end once became 12/26/3850), then entered with Enter.
    await startDate.focus();
    await page.keyboard.type("12032026");
    await page.keyboard.press("Enter");
    await expect(startDate).toHaveValue("2026-12-03");
    // The end moves with it, an hour later: the next day when the new block started after 11 PM.
    await expect(endDate).toHaveValue(endsNextDay ? "2026-12-04" : "2026-12-03");

    // A typed start time moves the end with it (02:30 PM → 3:30 PM), and so do the arrow keys.
    await startTime.focus();
    await page.keyboard.type("0230P");
    await page.keyboard.press("Enter");
    await expect(startTime).toHaveValue("14:30");
    await expect(endTime).toHaveValue("15:30");
    // (Focus lands on the segment last used, here AM/PM: the arrow makes it 2:30 AM.)
    await startTime.focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(startTime).not.toHaveValue("14:30");
    const stepped = await startTime.inputValue();
    await expect(endTime).toHaveValue(`${String(Math.floor(minutesOf(stepped) / 60) + 1).padStart(2, "0")}:${stepped.slice(3)}`);

    // A longer block (3:30 PM, end typed to 6:00 PM) keeps its new length when the start moves again.
    await startTime.fill("15:30");
    await expect(endTime).toHaveValue("16:30");
    await endTime.focus();
    await page.keyboard.type("0600P");
    await page.keyboard.press("Enter");
    await expect(endTime).toHaveValue("18:00");
    await startTime.fill("09:00");
    await expect(endTime).toHaveValue("11:30");
    await expect(endDate).toHaveValue("2026-12-03");

    // An end date before the start: the message is under End date, not End time; nothing is saved.
    await endDate.focus();
    await page.keyboard.type("12022026");
    await page.keyboard.press("Enter");
    await expect(endDate).toHaveValue("2026-12-02");
    await dialog.getByRole("button", { name: "Create Time Block" }).click();
    await expect(endDate).toHaveAttribute("aria-invalid", "true");
    await expect(endTime).not.toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("End must be after start")).toBeVisible();
    await expect(dialog).toBeVisible();

    // Picked (filled) to the same values as typed gives the same block.
    await endDate.fill("2026-12-03");
    await expect(dialog.getByText("End must be after start")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Create Time Block" }).click();
    await expect(dialog).toBeHidden();
    const blocks = (await (await page.request.get("/api/time-blocks")).json()) as {
      title: string;
      startDateTime: string;
      endDateTime: string;
    }[];
    const block = blocks.find((b) => b.title === title);
    expect(block?.startDateTime).toBe(ashevilleInstant("2026-12-03", "09:00"));
    expect(block?.endDateTime).toBe(ashevilleInstant("2026-12-03", "11:30"));
  });

  test("the card's History shows notes, priority and booking changes, by whom", async ({ staffPage: { page, user }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `History ${token}`, priority: "medium" });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(page, lead.name);
    let details = await openLeadDetails(card, lead.name);
    await details.getByRole("combobox", { name: `Priority of ${lead.name}` }).selectOption("high");
    await expect.poll(async () => (await getLead(page.request, lead.id))?.priority).toBe("high");
    await details.getByRole("button", { name: `Edit ${lead.name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Lead" });
    await edit.getByLabel("Notes").fill(`Gate code ${token}`);
    await edit.getByRole("button", { name: "Update Lead" }).click();
    await expect(edit).toBeHidden();
    // On a phone the "Lead updated" toast sits over the lower part of the card, and stays while the
    // pointer that pressed Update Lead rests on it: dismiss it, as a person would, before History.
    const updated = toast(page, "Lead updated");
    await updated.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(updated).toBeHidden();

    details = await openLeadDetails(leadCard(page, lead.name), lead.name);
    const history = details.getByRole("button", { name: `History of ${lead.name}` });
    await expect(history).toHaveAttribute("aria-expanded", "false");
    await history.click();
    await expect(history).toHaveAttribute("aria-expanded", "true");
    const entries = details.getByRole("list", { name: "Lead history" }).getByRole("listitem");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("Lead created as New");
    await expect(entries.nth(1)).toContainText("Priority: Medium → High");
    await expect(entries.nth(2)).toContainText(`Notes added: “Gate code ${token}”`);
    await expect(entries.nth(2)).toContainText(user.username);
    await history.click();
    await expect(details.getByRole("list", { name: "Lead history" })).toHaveCount(0);
  });

  test("gallery alt text: a camera-style file name is never the default; a descriptive one is, with a hint to describe the photo", async ({
    staffPage: { page },
  }) => {
    await openDashboard(page);
    const panel = await openGalleryTab(page);
    await panel.getByRole("button", { name: "Add Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Image" });
    await expect(dialog).toBeVisible();
    const alt = dialog.getByLabel("Alt text");
    const png = await makeImage("png", 64, 48);

    // A phone's name for the file: the field stays empty, and saving asks for alt text.
    await chooseFile(page, dialog, { name: "IMG_2041.png", mimeType: "image/png", buffer: png });
    await expect(dialog.getByRole("img", { name: "Preview of IMG_2041.png" })).toBeVisible();
    await expect(alt).toHaveValue("");
    await dialog.getByLabel("Title").fill(`Alt ${uniqueToken()}`);
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await expect(alt).toHaveAttribute("aria-invalid", "true");

    // A descriptive name is the default (docs/product.md "Screens and routes", Gallery management), with a hint while it is still the file's name.
    await chooseFile(page, dialog, { name: "white-vapor-barrier.png", mimeType: "image/png", buffer: png });
    await expect(alt).toHaveValue("white vapor barrier");
    await expect(alt).toHaveAccessibleDescription(/still the file's name: describe what the photo shows, for people who cannot see it/);
    await alt.fill("White vapor barrier sealed over a crawl space floor");
    await expect(alt).toHaveAccessibleDescription("What the photo shows, for screen readers and search engines.");
    // Typed text is never replaced by the next file's name.
    await chooseFile(page, dialog, { name: "DSC01234.png", mimeType: "image/png", buffer: png });
    await expect(alt).toHaveValue("White vapor barrier sealed over a crawl space floor");
  });
});

/** Minutes after midnight of 'HH:mm'. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
