import { format } from "date-fns";
import { expect, test } from "./fixtures";
import {
  boardColumn,
  createLead,
  getLead,
  leadCard,
  listLeads,
  openDashboard,
  searchLeads,
  toast,
  uniqueToken,
} from "./dashboard-fixtures";
import {
  ashevilleDate,
  ashevilleInstant,
  ashevilleWallTime,
  bookAppointment,
  calendarTitle,
  clickSlot,
  createTimeBlock,
  dragTo,
  expectSameTop,
  goToDate,
  gridEvent,
  gridSlot,
  gutterLabels,
  openCalendar,
  randomWeekday,
  shownDate,
  showView,
  statValue,
  weekdayOf,
} from "./scheduling-fixtures";

const monthTitle = (date: string) => format(new Date(`${date}T12:00:00`), "MMMM yyyy");
const dayTitle = (date: string) => format(new Date(`${date}T12:00:00`), "EEEE, MMMM d, yyyy");

test.describe("Calendar tab", () => {
  test("opens on the month; month, week, day and schedule list show what the docs/product.md lists", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    for (const [i, time] of ["09:00", "11:00", "13:00"].entries()) {
      await bookAppointment(page.request, baseURL, {
        clientName: `Mo${i} ${token}`,
        appointmentDate: day,
        appointmentTime: time,
        priority: "high",
      });
    }

    await openCalendar(page);
    const views = page.getByRole("group", { name: "Calendar view" });
    await expect(views.getByRole("button")).toHaveText(["Month", "Week", "Day", "Schedule List"]);
    await expect(views.getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
    await expect(calendarTitle(page)).toHaveText(monthTitle(ashevilleDate(0)));
    await expect(page.locator(".rbc-month-header .rbc-header")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    const legend = page.getByRole("region", { name: "Legend" });
    await expect(legend).toContainText("Scheduled Appointments");
    await expect(legend).toContainText("Today");
    await expect(page.getByRole("button", { name: "Sync with Google Calendar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Today" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next month" })).toBeVisible();

    // Month: up to two leads a day (time and name), then "+N more".
    await goToDate(page, day);
    await expect(calendarTitle(page)).toHaveText(monthTitle(day));
    const monthEvents = page.locator(".rbc-month-view .rbc-event").filter({ hasText: token });
    await expect(monthEvents).toHaveCount(2);
    // Time and name; before them, for screen readers, the day (the line is not inside its day's cell).
    const dayName = format(new Date(`${day}T12:00:00`), "EEEE, MMMM d");
    await expect(monthEvents.first()).toHaveText(`${dayName}: 9:00 AM Mo0 ${token}`);
    // …which takes no room on screen.
    expect((await monthEvents.first().locator(".cg-sr-only").first().boundingBox())?.width).toBeLessThanOrEqual(1);
    // The keyboard path: every appointment of the month as a button.
    const monthList = page.getByRole("region", { name: `Appointments in ${monthTitle(day)}` });
    await expect(monthList.getByRole("button").filter({ hasText: token })).toHaveCount(3);
    // "+N more" names its day too.
    await page.getByRole("button", { name: new RegExp(`^\\+\\d+ more on ${dayName}$`) }).click();

    // Day: 30-minute slots from 6:00 to 22:00, Day Summary and the day's agenda.
    await expect(views.getByRole("button", { name: "Day" })).toHaveAttribute("aria-pressed", "true");
    await expect(calendarTitle(page)).toHaveText(dayTitle(day));
    await expect(gutterLabels(page)).toHaveCount(32);
    await expect(gutterLabels(page).first()).toHaveText("6:00 AM");
    await expect(gutterLabels(page).last()).toHaveText("9:30 PM");
    const daySummary = page.getByRole("region", { name: "Day Summary" });
    for (const label of ["Total", "Completed", "In Progress", "New"]) await expect(daySummary).toContainText(label);
    // Another day's agenda names its day; today's is "Today's Agenda".
    const agenda = page.getByRole("region", { name: `Agenda for ${format(new Date(`${day}T12:00:00`), "EEEE, MMM d")}` });
    await expect(agenda.getByRole("listitem").filter({ hasText: token })).toHaveCount(3);
    await expect(agenda.getByRole("listitem").filter({ hasText: `Mo1 ${token}` })).toContainText("11:00 AM – 12:00 PM");
    await expect(agenda.getByRole("listitem").filter({ hasText: `Mo1 ${token}` })).toContainText("Scheduled");
    const event = gridEvent(page, `Mo0 ${token}`);
    await expect(event).toContainText("High priority");
    await expect(event).toContainText("🏠");
    await expectSameTop(event, gridSlot(page, 0, 9, 0, 30));

    // Week: Sunday first, hourly rows 6:00 to 21:00, Week Summary.
    await showView(page, "Week");
    await expect(page.locator(".rbc-time-header .rbc-header").first()).toContainText("Sun");
    await expect(gutterLabels(page)).toHaveCount(16);
    await expect(gutterLabels(page).first()).toHaveText("6:00 AM");
    await expect(gutterLabels(page).last()).toHaveText("9:00 PM");
    await expect(page.getByRole("region", { name: "Week Summary" })).toContainText("Total Appointments");
    await expectSameTop(gridEvent(page, `Mo1 ${token}`), gridSlot(page, weekdayOf(day), 11));
    // A week's appointment in brief: its name, then its time, its service as its tooltip; its
    // priority is read out, and drawn as a red dot.
    const weekEvent = gridEvent(page, `Mo0 ${token}`);
    await expect(weekEvent.locator(".cg-week-event")).toHaveText(`Mo0 ${token}\n9:00 AM – 10:00 AM`, { useInnerText: true });
    await expect(weekEvent.locator(".cg-week-event")).toHaveAttribute("title", "Crawl Space Encapsulation");
    await expect(weekEvent).toContainText("High priority");
    const dot = await weekEvent.locator(".rbc-event-content").evaluate((el) => getComputedStyle(el, "::before").backgroundColor);
    expect(dot).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
    const [red, green, blue] = dot.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(red).toBeGreaterThan(green + 80);
    expect(red).toBeGreaterThan(blue + 80);
    // Week and day events are buttons a keyboard reaches: Enter opens the appointment.
    await gridEvent(page, `Mo2 ${token}`).focus();
    await page.keyboard.press("Enter");
    // On a phone an appointment opens its job view; rescheduling is the view's explicit action.
    if (test.info().project.name === "phone") {
      await page
        .getByRole("dialog", { name: `Mo2 ${token}` })
        .getByRole("button", { name: "Reschedule" })
        .click();
    }
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog).toContainText(`Rescheduling Mo2 ${token}: now ${shownDate(day)} at 1:00 PM.`);
    await expect(dialog.getByLabel("Date")).toHaveValue(day);
    await expect(dialog.getByRole("combobox", { name: "Time" })).toHaveValue("13:00");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Past slots are shaded: every slot of last week.
    await goToDate(page, ashevilleDate(0));
    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(page.locator(".rbc-day-slot .cg-slot-past")).toHaveCount(7 * 16);

    // Schedule List: all upcoming appointments, headed so.
    await showView(page, "Schedule List");
    const recent = page.getByRole("region", { name: "Upcoming Appointments" });
    await expect(recent.getByRole("listitem").filter({ hasText: token })).toHaveCount(3);
    await expect(recent.getByRole("button", { name: "Add to Google" }).first()).toBeDisabled();
    await expect(page.getByRole("region", { name: "Past Appointments" })).toBeVisible();
  });

  test("the day view marks now in red and shades what has passed", async ({ staffPage: { page } }) => {
    // The real clock: Playwright's fake clock replaces Date with a class that cannot be
    // subclassed, which @date-fns/tz's TZDate (the business zone's wall clock) needs.
    await openCalendar(page);
    await showView(page, "Day");
    const now = ashevilleWallTime(new Date().toISOString());
    await expect(calendarTitle(page)).toHaveText(dayTitle(now.date));
    const [hour, minute] = now.time.split(":").map(Number) as [number, number];
    const marker = page.locator(".rbc-current-time-indicator");
    // Slots that began before this minute: 6:00 up to now, 30 minutes each (none before 6:00, all
    // 32 after 22:00). The calendar's now is the minute (calendar-panel's clock), so in the first
    // minute of a slot (10:00:30, say) that slot is still open for booking and not yet shaded.
    const begunBy = (instant: Date) => {
      const [h, m] = ashevilleWallTime(instant.toISOString()).time.split(":").map(Number) as [number, number];
      const elapsed = (h - 6) * 60 + m;
      return elapsed <= 0 ? 0 : Math.min(32, Math.floor((elapsed - 1) / 30) + 1);
    };
    if (hour < 6 || hour >= 22) {
      await expect(marker).toHaveCount(0);
    } else {
      await expect(marker).toBeVisible();
      expect(await marker.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Now"');
      expect(await marker.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\((2[0-2]\d), (\d{1,2}), (\d{1,2})\)$/);
      const slot = await gridSlot(page, 0, hour, minute < 30 ? 0 : 30, 30).boundingBox();
      const mark = await marker.boundingBox();
      expect(mark!.y).toBeGreaterThanOrEqual(slot!.y - 1);
      expect(mark!.y).toBeLessThanOrEqual(slot!.y + slot!.height + 1);
    }
    // Compared with the clock at each look: a slot may begin while the test runs.
    const shaded = page.locator(".rbc-day-slot .cg-slot-past");
    await expect
      .poll(async () => `${await shaded.count()} shaded, ${begunBy(new Date())} begun`, { timeout: 10_000 })
      .toMatch(/^(\d+) shaded, \1 begun$/);
  });

  test("clicking a free slot books that date and hour; the stat cards and board follow", async ({ staffPage: { page } }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await openCalendar(page);
    const scheduledBefore = await statValue(page, "scheduled");
    await showView(page, "Week");
    await goToDate(page, day);
    await clickSlot(page, gridSlot(page, weekdayOf(day), 14));

    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(dialog.getByLabel("Date")).toHaveValue(day);
    await expect(dialog.getByRole("combobox", { name: "Time" })).toHaveValue("14:00");
    await dialog.getByLabel("Client Name").fill(`Slot ${token}`);
    await dialog.getByLabel("Email").fill(`slot.${token}@example.com`);
    await dialog.getByLabel("Phone").fill("8285550190");
    await dialog.getByLabel("Zip Code").fill("28806");
    await dialog.getByLabel("Address").fill("3 Patton Ave, Asheville");
    await dialog.getByRole("combobox", { name: "Service" }).selectOption({ label: "Consultation" });
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(toast(page, "Appointment Booked")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The calendar, the stat cards and the board show it without a reload.
    await expect(gridEvent(page, `Slot ${token}`)).toContainText("2:00 PM – 3:00 PM");
    await expectSameTop(gridEvent(page, `Slot ${token}`), gridSlot(page, weekdayOf(day), 14));
    await expect(page.getByTestId("stat-scheduled")).toHaveText(String(scheduledBefore + 1));
    await page.getByRole("tab", { name: "Lead Management" }).click();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Scheduled"), `Slot ${token}`)).toContainText(`${shownDate(day)} at 2:00 PM`);
  });

  test("a lead card's scheduled date opens the week that contains it", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Wk ${token}`, phone: "8285550133", address: "5 Lexington Ave" });
    const day = randomWeekday();
    await bookAppointment(page.request, baseURL, { leadId: lead.id, appointmentDate: day, appointmentTime: "10:00" });
    await openDashboard(page);
    await searchLeads(page, token);
    await leadCard(page, lead.name)
      .getByRole("button", { name: `Scheduled ${shownDate(day)} at 10:00 AM. Open in calendar` })
      .click();
    await expect(page.getByRole("tab", { name: "Calendar", exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // The week's day headers are buttons that open their day (no table roles).
    await expect(
      page.locator(".rbc-time-header").getByRole("button", { name: format(new Date(`${day}T12:00:00`), "EEE M/d"), exact: true }),
    ).toBeVisible();
    await expectSameTop(gridEvent(page, lead.name), gridSlot(page, weekdayOf(day), 10));
  });

  test("a daily time block shows on every day of the week in its colour; opening it edits the block", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await createTimeBlock(page.request, baseURL, {
      title: `Yard ${token}`,
      startDateTime: ashevilleInstant(day, "07:00"),
      endDateTime: ashevilleInstant(day, "08:00"),
      blockType: "maintenance",
      isRecurring: true,
      recurringPattern: "daily",
    });
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    const occurrences = gridEvent(page, `Yard ${token}`);
    // From its first day to Saturday (the week starts on Sunday).
    await expect(occurrences).toHaveCount(7 - weekdayOf(day));
    await expectSameTop(occurrences.first(), gridSlot(page, weekdayOf(day), 7));
    await expect(occurrences.first()).toContainText("Maintenance");
    await expect(occurrences.first()).toHaveCSS("border-top-color", "rgb(249, 115, 22)");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(occurrences).toHaveCount(7);
    await expectSameTop(occurrences.nth(3), gridSlot(page, 3, 7));

    await occurrences.nth(3).click();
    const dialog = page.getByRole("dialog", { name: "Edit Time Block" });
    await expect(dialog.getByLabel("Title")).toHaveValue(`Yard ${token}`);
  });

  // Dragging is a pointer gesture; on a phone an appointment is rescheduled through Edit.
  test("dragging an appointment reschedules it, with the same conflict rules @desktop-only", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Drag ${token}`,
      appointmentDate: day,
      appointmentTime: "09:00",
    });
    const id = booked.lead.id;
    await createTimeBlock(page.request, baseURL, {
      title: `Site survey ${token}`,
      startDateTime: ashevilleInstant(day, "15:00"),
      endDateTime: ashevilleInstant(day, "16:00"),
      blockType: "travel",
    });
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    const column = weekdayOf(day);
    const event = gridEvent(page, `Drag ${token}`);
    await expectSameTop(event, gridSlot(page, column, 9));

    await dragTo(page, event, gridSlot(page, column, 11));
    await expect(toast(page, "Moved")).toBeVisible();
    await expect.poll(async () => (await getLead(page.request, id))?.scheduledDate).toBe(ashevilleInstant(day, "11:00"));
    await expectSameTop(event, gridSlot(page, column, 11));

    // Onto the time block: warned, and "Pick another time" leaves it where it was.
    const block = page.locator(".rbc-time-content .rbc-event").filter({ hasText: `Site survey ${token}` });
    await expect(block).toContainText("Travel");
    await dragTo(page, event, gridSlot(page, column, 15));
    const warning = page.getByRole("alertdialog", { name: "Move appointment?" });
    await expect(warning).toContainText(`Site survey ${token}`);
    await warning.getByRole("button", { name: "Pick another time" }).click();
    await expect(warning).toBeHidden();
    await expectSameTop(event, gridSlot(page, column, 11));
    expect((await getLead(page.request, id))?.scheduledDate).toBe(ashevilleInstant(day, "11:00"));

    // …and "Book anyway" moves it.
    await dragTo(page, event, gridSlot(page, column, 15));
    await warning.getByRole("button", { name: "Book anyway" }).click();
    await expect(warning).toBeHidden();
    await expect.poll(async () => (await getLead(page.request, id))?.scheduledDate).toBe(ashevilleInstant(day, "15:00"));
  });
});

test.describe("Schedule Appointment modal", () => {
  test("checks its fields, then schedules a new client at the Asheville time chosen", async ({ staffPage: { page } }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await openCalendar(page);
    await page.getByRole("button", { name: "Schedule Appointment" }).click();
    const modal = page.getByRole("dialog", { name: "Schedule Appointment" });
    await expect(modal).toBeVisible();
    await modal.getByRole("button", { name: "Schedule Appointment" }).click();
    for (const message of ["Client name is required", "Valid email is required"]) {
      await expect(modal.getByText(message)).toBeVisible();
    }
    await modal.getByLabel("Client Name").fill(`Modal ${token}`);
    await modal.getByLabel("Email").fill(`modal.${token}@example.com`);
    await modal.getByLabel("Phone Number").fill("8285550161");
    await modal.getByLabel("Service Address").fill("12 Elm St, Asheville, NC 28801");
    await modal.getByLabel("Appointment Date").fill(day);
    await modal.getByRole("combobox", { name: "Appointment Time" }).selectOption("10:00");
    await modal.getByRole("combobox", { name: "Service Required" }).selectOption({ index: 1 });
    await modal.getByRole("button", { name: "Schedule Appointment" }).click();
    await expect(toast(page, "Success!")).toBeVisible();
    await expect(modal).toBeHidden();
    const lead = (await listLeads(page.request)).find((l) => l.name === `Modal ${token}`);
    expect(lead).toMatchObject({ status: "scheduled", zipCode: "28801" });
    expect(ashevilleWallTime(lead!.scheduledDate!)).toEqual({ date: day, time: "10:00" });
  });
});

test.describe("in a browser in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a booking lands at the Asheville time typed, and shows at that time", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, {
      name: `Tokyo ${token}`,
      phone: "8285550144",
      address: "7 Broadway St, Asheville",
    });
    const day = randomWeekday();
    await openDashboard(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await page.getByRole("button", { name: "Book Appointment" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book New Appointment" });
    const picker = dialog.getByRole("combobox", { name: "Existing lead (optional)" });
    await picker.fill(token);
    await dialog.getByRole("option", { name: new RegExp(`Tokyo ${token}`) }).click();
    await expect(dialog.getByLabel("Client Name")).toHaveValue(lead.name);
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByRole("combobox", { name: "Time" }).selectOption({ label: "10:30 AM" });
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(toast(page, "Appointment Booked")).toBeVisible();

    const saved = await getLead(page.request, lead.id);
    expect(saved?.scheduledDate).toBe(ashevilleInstant(day, "10:30"));
    expect(ashevilleWallTime(saved!.scheduledDate!)).toEqual({ date: day, time: "10:30" });

    await searchLeads(page, token);
    await leadCard(boardColumn(page, "Scheduled"), lead.name)
      .getByRole("button", { name: `Scheduled ${shownDate(day)} at 10:30 AM. Open in calendar` })
      .click();
    await expect(gridEvent(page, lead.name)).toContainText("10:30 AM – 11:30 AM");
    const slot = await gridSlot(page, weekdayOf(day), 10).boundingBox();
    const box = await gridEvent(page, lead.name).boundingBox();
    // Half way down the 10:00 row.
    expect(Math.abs(box!.y - (slot!.y + slot!.height / 2))).toBeLessThan(3);
  });
});

test.describe("in a browser in London", () => {
  // New York moves its clocks on 2027-03-14, London only on 2027-03-28: the browser's own offset
  // does not change that week, the business zone's does.
  test.use({ timezoneId: "Europe/London" });

  test("a DST week keeps Asheville's hours", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    await bookAppointment(page.request, baseURL, { clientName: `Sat ${token}`, appointmentDate: "2027-03-13", appointmentTime: "09:00" });
    await bookAppointment(page.request, baseURL, { clientName: `Sun ${token}`, appointmentDate: "2027-03-14", appointmentTime: "06:00" });
    await bookAppointment(page.request, baseURL, { clientName: `Mon ${token}`, appointmentDate: "2027-03-15", appointmentTime: "09:00" });
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, "2027-03-15");
    await expect(calendarTitle(page)).toHaveText("Mar 14 – 20, 2027");
    await expect(gutterLabels(page)).toHaveCount(16);
    await expect(gridEvent(page, `Sun ${token}`)).toContainText("6:00 AM – 7:00 AM");
    await expectSameTop(gridEvent(page, `Sun ${token}`), gridSlot(page, 0, 6));
    await expect(gridEvent(page, `Mon ${token}`)).toContainText("9:00 AM – 10:00 AM");
    await expectSameTop(gridEvent(page, `Mon ${token}`), gridSlot(page, 1, 9));

    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(calendarTitle(page)).toHaveText("Mar 7 – 13, 2027");
    await expect(gridEvent(page, `Sat ${token}`)).toContainText("9:00 AM – 10:00 AM");
    await expectSameTop(gridEvent(page, `Sat ${token}`), gridSlot(page, 6, 9));
  });
});
