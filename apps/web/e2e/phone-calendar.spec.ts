import { format } from "date-fns";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { boardColumn, createLead, openDashboard, toast, uniqueToken } from "./dashboard-fixtures";
import {
  ashevilleInstant,
  bookAppointment,
  createTimeBlock,
  expectSameTop,
  goToDate,
  gridEvent,
  gutterLabels,
  openAvailability,
  openCalendar,
  randomWeekday,
  showView,
  weekdayOf,
} from "./scheduling-fixtures";

// The dashboard on a phone, and the calendar's details.

/** The week or day grid's slot for a column and a time, when the grid starts at `firstHour`. */
function slotAt(page: Page, column: number, firstHour: number, hour: number, minute = 0, slotMinutes = 60): Locator {
  const index = ((hour - firstHour) * 60 + minute) / slotMinutes;
  return page.locator(".rbc-time-content .rbc-day-slot").nth(column).locator(".rbc-timeslot-group").nth(index);
}

/** The top of an element, in CSS pixels from the top of the viewport. */
async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "the element should be laid out").toBeTruthy();
  return box!.y;
}

test.describe("the dashboard on a phone", () => {
  test("after login and after every tab switch, the tab's content starts in the top of the screen @phone-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    test.slow(); // every tab, each from the bottom of the page
    await createLead(page.request, baseURL, { name: `Phone ${uniqueToken()}` });
    await openDashboard(page);
    const viewport = page.viewportSize()!;
    expect(viewport).toEqual({ width: 390, height: 844 });
    // After login: the board's first column is on screen, not at the bottom edge.
    const firstColumn = boardColumn(page, "New Leads").getByRole("heading", { name: "New Leads", exact: true });
    await expect(firstColumn).toBeInViewport({ ratio: 1 });
    const boardTop = await topOf(firstColumn);
    expect(boardTop).toBeLessThan(viewport.height * 0.5);
    test.info().annotations.push({ type: "board top after login (px of 844)", description: String(Math.round(boardTop)) });
    // The stat cards are one row; the tabs compact rows, every one of them on screen (at most two
    // rows for the office's six).
    const stats = page.getByRole("region", { name: "Lead statistics" }).getByRole("group");
    await expect(stats).toHaveCount(4);
    const statTops = await stats.evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(statTops).size).toBe(1);
    const tabs = page.getByRole("tablist").first().getByRole("tab");
    const tabBoxes = await tabs.evaluateAll((list) => list.map((tab) => tab.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(tabBoxes.map((box) => Math.round(box.top))).size).toBeLessThanOrEqual(2);
    for (const box of tabBoxes) expect(box.left >= 0 && box.right <= viewport.width, JSON.stringify(box)).toBe(true);

    for (const name of ["Contact Submissions", "Calendar", "Availability", "Google Calendar", "Gallery", "Lead Management"]) {
      // The whole name ("Calendar" is not "Google Calendar"), and Contact Submissions' count of new
      // requests when there are any ("Contact Submissions 7 new").
      const tabName = new RegExp(`^${name}(?: \\d+\\+? new)?$`);
      // From the bottom of the page, as after working down a long board or list.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole("tab", { name: tabName }).click();
      await expect(page.getByRole("tab", { name: tabName })).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel", { name: tabName });
      // Its first content is on screen, in the upper half (read in one go: a lazy panel replaces
      // its spinner as it loads).
      await expect(panel).toBeVisible();
      const firstTop = () =>
        panel.evaluate((el) => {
          const first = el.firstElementChild;
          return first ? Math.round(first.getBoundingClientRect().top) : Number.NaN;
        });
      await expect.poll(firstTop, { message: `${name}: where its content starts` }).toBeGreaterThanOrEqual(0);
      await expect.poll(firstTop, { message: `${name}: where its content starts` }).toBeLessThan(viewport.height * 0.5);
      test.info().annotations.push({ type: `${name} content top (px of 844)`, description: String(await firstTop()) });
      if (name === "Calendar") {
        // The month grid itself starts on screen, and fits the width.
        const month = page.locator(".rbc-month-view");
        await expect(month).toBeVisible();
        expect(await topOf(month)).toBeLessThan(viewport.height - 100);
        const box = (await month.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await showView(page, "Week");
        const week = (await page.locator(".rbc-time-view").boundingBox())!;
        expect(week.x + week.width).toBeLessThanOrEqual(viewport.width);
        await showView(page, "Month");
      }
    }
  });
});

test.describe("calendar details", () => {
  test("appointments at 5:00 and at 22:00 are drawn at their times, with them", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await bookAppointment(page.request, baseURL, { clientName: `Early ${token}`, appointmentDate: day, appointmentTime: "05:00" });
    await bookAppointment(page.request, baseURL, { clientName: `Late ${token}`, appointmentDate: day, appointmentTime: "22:00" });

    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    // The grid widens to 5:00–23:00: 18 hourly rows.
    await expect(gutterLabels(page)).toHaveCount(18);
    await expect(gutterLabels(page).first()).toHaveText("5:00 AM");
    await expect(gutterLabels(page).last()).toHaveText("10:00 PM");
    const early = gridEvent(page, `Early ${token}`);
    const late = gridEvent(page, `Late ${token}`);
    await expect(early).toContainText("5:00 AM – 6:00 AM");
    await expect(late).toContainText("10:00 PM – 11:00 PM");
    await expectSameTop(early, slotAt(page, weekdayOf(day), 5, 5));
    await expectSameTop(late, slotAt(page, weekdayOf(day), 5, 22));

    // The day view too (30-minute rows).
    await showView(page, "Day");
    await goToDate(page, day);
    await expect(gutterLabels(page).first()).toHaveText("5:00 AM");
    await expect(gutterLabels(page).last()).toHaveText("10:30 PM");
    await expectSameTop(gridEvent(page, `Late ${token}`), slotAt(page, 0, 5, 22, 0, 30));
    await expect(gridEvent(page, `Early ${token}`)).toContainText("5:00 AM – 6:00 AM");

    // A week without such appointments keeps 6:00–22:00.
    await showView(page, "Week");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(gutterLabels(page)).toHaveCount(16);
    await expect(gutterLabels(page).first()).toHaveText("6:00 AM");
  });

  test("three overlapping appointments stay readable: side by side with a useful width, the rest as +N more", async ({
    staffPage: { page },
    baseURL,
  }, testInfo) => {
    const phone = testInfo.project.name === "phone";
    const token = uniqueToken();
    const day = randomWeekday();
    for (const [i, time] of ["10:00", "10:00", "10:30"].entries()) {
      await bookAppointment(page.request, baseURL, { clientName: `Ov${i} ${token}`, appointmentDate: day, appointmentTime: time });
    }
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    const column = page.locator(".rbc-time-content .rbc-day-slot").nth(weekdayOf(day));
    const more = column.locator(".rbc-event").filter({ hasText: /^\+\d+ more/ });
    await expect(more).toHaveCount(1);
    // A week's day column (~8rem on a laptop, less on a phone) holds one readable item: the three
    // stand as one "+3 more" across the column, naming them for its tooltip and screen readers.
    await expect(more).toContainText("+3 more");
    await expect(more).toContainText("from 10:00 AM");
    await expect(more.locator(".cg-event-name")).toHaveAttribute("title", new RegExp(`Ov\\d ${token}, Ov\\d ${token}, Ov\\d ${token}`));
    await expect(column.locator(".rbc-event")).toHaveCount(1);
    const columnWidth = (await column.boundingBox())!.width;
    expect((await more.boundingBox())!.width).toBeGreaterThanOrEqual(columnWidth - 12);

    // "+N more" opens the day, where all three (a phone: one, and "+2 more") stand side by side.
    await more.click();
    await expect(page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Day" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const dayEvents = page.locator(".rbc-time-content .rbc-event");
    await expect(dayEvents).toHaveCount(phone ? 2 : 3);
    for (const width of await dayEvents.evaluateAll((events) => events.map((e) => e.getBoundingClientRect().width))) {
      expect(width).toBeGreaterThanOrEqual(phone ? 120 : 150);
    }
    // The names can be read: the first line is not cut to a couple of letters.
    const name = page.locator(".rbc-time-content .cg-event--appointment .cg-event-name").first();
    const { scrollWidth, clientWidth } = await name.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(clientWidth).toBeGreaterThanOrEqual(Math.min(scrollWidth, 100));
    // Every appointment of the day is in its agenda.
    const agenda = page.getByRole("region", { name: `Agenda for ${format(new Date(`${day}T12:00:00`), "EEEE, MMM d")}` });
    await expect(agenda.getByRole("listitem").filter({ hasText: token })).toHaveCount(3);
  });

  test("labels: the day's agenda names its day, Schedule List says upcoming, Week Summary counts Scheduled", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const day = randomWeekday();
    for (const [i, time] of ["09:00", "11:00"].entries()) {
      await bookAppointment(page.request, baseURL, { clientName: `Lb${i} ${token}`, appointmentDate: day, appointmentTime: time });
    }
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    const summary = page.getByRole("region", { name: "Week Summary" });
    await expect(summary.getByRole("term")).toHaveText(["Total Appointments", "Scheduled", "New", "In Progress", "Completed"]);
    await expect(summary.getByRole("definition")).toHaveText(["2", "2", "0", "0", "0"]);

    await showView(page, "Day");
    await goToDate(page, day);
    await expect(page.getByRole("region", { name: "Today's Agenda" })).toHaveCount(0);
    const agenda = page.getByRole("region", { name: `Agenda for ${format(new Date(`${day}T12:00:00`), "EEEE, MMM d")}` });
    await expect(agenda.getByRole("listitem").filter({ hasText: token })).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Day Summary" }).getByRole("definition").nth(1)).toHaveText("2");
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page.getByRole("region", { name: "Today's Agenda" })).toBeVisible();

    await showView(page, "Schedule List");
    const upcoming = page.getByRole("region", { name: "Upcoming Appointments" });
    await expect(upcoming.getByRole("listitem").filter({ hasText: token })).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Recent Appointments" })).toHaveCount(0);
  });

  test("a weekdays time block: made in the dialog, listed by weekday and time, drawn Monday to Friday", async ({
    staffPage: { page },
    baseURL,
  }) => {
    test.slow(); // two dialogs, the list and two weeks of the calendar
    const token = uniqueToken();
    // A Monday, then the dialog's start date on it.
    let monday = randomWeekday();
    while (weekdayOf(monday) !== 1) monday = randomWeekday();
    await openAvailability(page);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await page.getByRole("button", { name: "Add Time Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Block" });
    await dialog.getByLabel("Title").fill(`Lunch ${token}`);
    await dialog.getByLabel("Start date").fill(monday);
    await dialog.getByLabel("Start time").fill("12:00");
    await expect(dialog.getByLabel("End time")).toHaveValue("13:00");
    await dialog.getByText("Recurring", { exact: true }).click();
    await dialog.getByLabel("Repeats").selectOption({ label: "Weekdays (Mon–Fri)" });
    await dialog.getByRole("button", { name: "Create Time Block" }).click();
    await expect(toast(page, "Time block created successfully")).toBeVisible();
    const item = page.getByRole("list", { name: "Blocked Time Periods" }).getByRole("listitem", { name: `Lunch ${token}` });
    await expect(item).toContainText("Every weekday (Mon–Fri), 12:00 PM – 1:00 PM");
    await expect(item).toContainText(`From ${format(new Date(`${monday}T12:00:00`), "MMM d, yyyy")}`);

    // Starting on a Saturday is refused under the start date, before anything is sent.
    await page.getByRole("button", { name: "Add Time Block" }).click();
    const second = page.getByRole("dialog", { name: "Add Time Block" });
    const saturday = format(new Date(new Date(`${monday}T12:00:00`).getTime() + 5 * 86_400_000), "yyyy-MM-dd");
    await second.getByLabel("Title").fill(`Weekend ${token}`);
    await second.getByLabel("Start date").fill(saturday);
    await second.getByText("Recurring", { exact: true }).click();
    await second.getByLabel("Repeats").selectOption("weekdays");
    await second.getByRole("button", { name: "Create Time Block" }).click();
    await expect(second.getByText("A block that repeats on weekdays must start on a weekday (Monday to Friday)")).toBeVisible();

    // The calendar: Monday to Friday at 12:00, none on the weekend.
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, monday);
    const occurrences = gridEvent(page, `Lunch ${token}`);
    await expect(occurrences).toHaveCount(5);
    await expectSameTop(occurrences.first(), slotAt(page, 1, 6, 12));
    await expectSameTop(occurrences.last(), slotAt(page, 5, 6, 12));
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(occurrences).toHaveCount(5);

    // The REST door takes it too.
    const block = await createTimeBlock(page.request, baseURL, {
      title: `Rest ${token}`,
      startDateTime: ashevilleInstant(monday, "07:00"),
      endDateTime: ashevilleInstant(monday, "07:30"),
      isRecurring: true,
      recurringPattern: "weekdays",
    });
    expect(block.recurringPattern).toBe("weekdays");
  });
});
