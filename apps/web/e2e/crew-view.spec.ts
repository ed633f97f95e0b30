import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { listLeads, toast } from "./dashboard-fixtures";
import {
  ashevilleInstant,
  bookAppointment,
  createTimeBlock,
  dragTo,
  expectSameTop,
  goToDate,
  gridEvent,
  openCalendar,
  randomWeekday,
  showView,
  namedColleague,
  weekdayOf,
} from "./scheduling-fixtures";

/*
 * The Calendar's Crew view (docs/product.md "Calendar", Crew): one column per person who can be
 * assigned, headed by their name in their colour; same-time jobs of different people side by
 * side; dragging a job to another person's column hands it to them under the booking rule.
 */

/**
 * The Crew view's column headings, in order (one per person): those of the first day shown, where
 * each day holds the crew side by side; the one heading of a phone's single column.
 */
function crewHeadings(page: Page): Locator {
  return page
    .locator(".rbc-time-header-content.rbc-resource-grouping")
    .first()
    .locator(".cg-crew-header")
    .or(page.locator(".rbc-time-header:not(:has(.rbc-resource-grouping)) .cg-crew-header"));
}

/** The index of `name`'s column among a day's columns. */
async function columnOf(page: Page, name: string): Promise<number> {
  await expect(crewHeadings(page).and(page.locator(`[title="${name}"]`))).toHaveCount(1);
  const titles = await crewHeadings(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("title")));
  const index = titles.indexOf(name);
  expect(index, `no column headed ${name} in ${titles.join(", ")}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The hour's slot of a person's column on the given day of the view (0 in the Day view). */
async function crewSlot(page: Page, name: string, day: number, hour: number, slotMinutes: number): Promise<Locator> {
  const people = await crewHeadings(page).count();
  const column = day * people + (await columnOf(page, name));
  return page
    .locator(".rbc-time-content .rbc-day-slot")
    .nth(column)
    .locator(".rbc-timeslot-group")
    .nth(((hour - 6) * 60) / slotMinutes);
}

async function showCrew(page: Page): Promise<void> {
  await page.getByRole("combobox", { name: "Whose calendar" }).selectOption("crew");
}

const hexToRgb = (hex: string) =>
  `rgb(${Number.parseInt(hex.slice(1, 3), 16)}, ${Number.parseInt(hex.slice(3, 5), 16)}, ${Number.parseInt(hex.slice(5, 7), 16)})`;

test.describe("Crew view", () => {
  // Each test sets up two accounts and their appointments and blocks through the API first.
  test.describe.configure({ timeout: 90_000 });

  test("two people's jobs at the same hour stand side by side in their own columns, headed by name and colour; axe finds nothing @desktop-only", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    const other = await namedColleague(request, baseURL, "Noor");
    const day = randomWeekday();
    await bookAppointment(request, baseURL, { clientName: `Theirs ${other.token}`, appointmentDate: day, appointmentTime: "10:00" });
    await bookAppointment(page.request, baseURL, { clientName: `Mine ${other.token}`, appointmentDate: day, appointmentTime: "10:00" });

    await openCalendar(page);
    await showCrew(page);
    // The Crew view is drawn in Week (and Day): choosing it on the month opens the week.
    await expect(page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Week", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await goToDate(page, day);
    const theirs = gridEvent(page, `Theirs ${other.token}`);
    const mine = gridEvent(page, `Mine ${other.token}`);
    await expect(theirs).toBeVisible();
    await expect(mine).toBeVisible();
    // Never folded into "+1 more", and no owner mark: the column says whose it is.
    await expect(page.locator(".rbc-time-content .cg-event--more")).toHaveCount(0);
    await expect(theirs.locator(".cg-owner-mark")).toHaveCount(0);

    const heading = crewHeadings(page).filter({ hasText: other.name });
    await expect(heading).toHaveCount(1);
    await expect(heading).toHaveCSS("border-top-color", hexToRgb(other.color));
    await expect(heading.locator(".cg-crew-initials")).toHaveCSS("background-color", hexToRgb(other.color));
    const dayIndex = weekdayOf(day);
    await expectSameTop(theirs, await crewSlot(page, other.name, dayIndex, 10, 60));
    await expectSameTop(mine, await crewSlot(page, user.username, dayIndex, 10, 60));
    // Side by side: the same top, apart, each inside its person's column.
    const [a, b] = [await theirs.boundingBox(), await mine.boundingBox()];
    expect(a && b && Math.abs(a.y - b.y) < 2 && (a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1)).toBe(true);
    const theirColumn = await (await crewSlot(page, other.name, dayIndex, 10, 60)).boundingBox();
    expect(theirColumn && a && a.x >= theirColumn.x - 1 && a.x + a.width <= theirColumn.x + theirColumn.width + 1).toBe(true);

    const axe = async (screen: string) => {
      await page.waitForFunction(() =>
        document.getAnimations().every((x) => x.playState !== "running" || x.effect?.getComputedTiming().iterations === Infinity),
      );
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `${screen}: axe violations`,
      ).toEqual([]);
    };
    await axe("Crew week");

    // The Day view: the same two columns, the jobs side by side at 10:00.
    await showView(page, "Day");
    await expect(theirs).toBeVisible();
    await expectSameTop(theirs, await crewSlot(page, other.name, 0, 10, 30));
    await expectSameTop(mine, await crewSlot(page, user.username, 0, 10, 30));
    await axe("Crew day");
  });

  test("dragging a job into another person's column hands it to them; their clash asks first @desktop-only", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    // Named so their column stands beside the signed-in user's (columns go by name): a drag cannot
    // reach a column scrolled out of sight, however many accounts the test database holds.
    const other = await namedColleague(request, baseURL, user.username);
    const day = randomWeekday();
    await createTimeBlock(request, baseURL, {
      title: "Van service",
      startDateTime: ashevilleInstant(day, "14:00"),
      endDateTime: ashevilleInstant(day, "15:00"),
      blockType: "maintenance",
    });
    const clashing = await bookAppointment(page.request, baseURL, {
      clientName: `Clash ${other.token}`,
      appointmentDate: day,
      appointmentTime: "14:00",
    });
    const free = await bookAppointment(page.request, baseURL, {
      clientName: `Free ${other.token}`,
      appointmentDate: day,
      appointmentTime: "10:00",
    });

    await openCalendar(page);
    await showView(page, "Day");
    await showCrew(page);
    await goToDate(page, day);

    // Free in the colleague's calendar at 10:00: handed over at once, at the same time.
    const freeJob = gridEvent(page, `Free ${other.token}`);
    await expectSameTop(freeJob, await crewSlot(page, user.username, 0, 10, 30));
    await dragTo(page, freeJob, await crewSlot(page, other.name, 0, 10, 30));
    await expect
      .poll(async () => (await listLeads(page.request)).find((l) => l.id === free.lead.id))
      .toMatchObject({ scheduledDate: ashevilleInstant(day, "10:00"), assignedTo: other.account.id });
    const theirColumn = await (await crewSlot(page, other.name, 0, 10, 30)).boundingBox();
    await expect
      .poll(async () => {
        const box = await freeJob.boundingBox();
        return (
          box !== null && theirColumn !== null && box.x >= theirColumn.x - 1 && box.x + box.width <= theirColumn.x + theirColumn.width + 1
        );
      })
      .toBe(true);
    // The move's own toast: its new time.
    await expect(toast(page, "Moved").filter({ hasText: "at 10:00 AM" })).toBeVisible();

    // Onto the colleague's block at 14:00: the move asks, naming whose calendar it clashes in.
    const clashJob = gridEvent(page, `Clash ${other.token}`);
    // After a drop into another person's column, the next press of Playwright's mouse starts a
    // text selection instead of a drag (not seen by hand); a click elsewhere first, as a hand
    // makes between two drags, avoids it.
    await page.mouse.click(5, 5);
    await dragTo(page, clashJob, await crewSlot(page, other.name, 0, 14, 30));
    const warning = page.getByRole("alertdialog", { name: "Move appointment?" });
    await expect(warning).toContainText(`In ${other.name}’s calendar`);
    await expect(warning).toContainText('Overlaps the time block "Busy"');
    await expect(warning.getByRole("combobox", { name: "Assigned to" })).toHaveValue(other.account.id);
    // Nothing changed yet.
    expect((await listLeads(page.request)).find((l) => l.id === clashing.lead.id)).toMatchObject({ assignedTo: user.account.id });
    await warning.getByRole("button", { name: "Book anyway" }).click();
    await expect(warning).toBeHidden();
    await expect
      .poll(async () => (await listLeads(page.request)).find((l) => l.id === clashing.lead.id))
      .toMatchObject({ scheduledDate: ashevilleInstant(day, "14:00"), assignedTo: other.account.id });
    // The drag's own toast, with the new time ("Moved", or "Moved; the client was told").
    await expect(toast(page, "Moved").filter({ hasText: "at 2:00 PM" })).toBeVisible();
  });

  test("a phone shows one person at a time, picked or stepped through @phone-only", async ({
    staffPage: { page, user },
    request,
    baseURL,
  }) => {
    const other = await namedColleague(request, baseURL, "Lena");
    const day = randomWeekday();
    await bookAppointment(request, baseURL, { clientName: `Theirs ${other.token}`, appointmentDate: day, appointmentTime: "09:00" });
    await bookAppointment(page.request, baseURL, { clientName: `Mine ${other.token}`, appointmentDate: day, appointmentTime: "09:00" });

    await openCalendar(page);
    await showView(page, "Day");
    await showCrew(page);
    await goToDate(page, day);
    const picker = page.getByRole("region", { name: "Crew member shown" });
    const person = picker.getByRole("combobox", { name: "Crew member" });
    await person.selectOption({ label: other.name });
    await expect(crewHeadings(page)).toHaveCount(1);
    await expect(crewHeadings(page)).toHaveAttribute("title", other.name);
    await expect(gridEvent(page, `Theirs ${other.token}`)).toBeVisible();
    await expect(gridEvent(page, `Mine ${other.token}`)).toHaveCount(0);

    await person.selectOption({ label: user.username });
    await expect(gridEvent(page, `Mine ${other.token}`)).toBeVisible();
    await expect(gridEvent(page, `Theirs ${other.token}`)).toHaveCount(0);
    // The step buttons go through the crew, round.
    await picker.getByRole("button", { name: "Next crew member" }).click();
    await expect(person).not.toHaveValue(user.account.id);
    await picker.getByRole("button", { name: "Previous crew member" }).click();
    await expect(person).toHaveValue(user.account.id);
  });
});
