import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import {
  boardColumn,
  createLead,
  getLead,
  leadCard,
  openDashboard,
  openLeadDetails,
  searchLeads,
  signInAsAdmin,
  toast,
  uniqueToken,
} from "./dashboard-fixtures";
import {
  ashevilleInstant,
  ashevilleWallTime,
  bookAppointment,
  dragTo,
  expectSameTop,
  goToDate,
  gridEvent,
  gridSlot,
  openCalendar,
  randomWeekday,
  shownDate,
  showView,
  weekdayOf,
} from "./scheduling-fixtures";

/** Waits until every finite transition has ended, so that axe reads colours as drawn. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** axe's findings of `rules` on `element` (the experimental label-content-name-mismatch runs only when named). */
async function axeFindings(page: Page, element: Locator, rules: string[]): Promise<string[]> {
  const handle = await element.elementHandle();
  const selector = await handle?.evaluate((node) => {
    node.setAttribute("data-axe-target", "");
    return "[data-axe-target]";
  });
  const { violations, incomplete } = await new AxeBuilder({ page })
    .include(selector ?? "body")
    .withRules(rules)
    .analyze();
  await handle?.evaluate((node) => node.removeAttribute("data-axe-target"));
  return [...violations, ...incomplete].map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`).join("; ")}`,
  );
}

test.describe("lead export", () => {
  test("Export CSV names each lead's assignee by display name and gives its id", async ({ staffPage: { page, user } }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const token = uniqueToken();
    const shownName = `Rae Lind ${token}`;
    const profile = await page.request.patch(`/api/users/${user.account.id}`, {
      headers: { Origin: new URL(baseURL!).origin },
      data: { displayName: shownName },
    });
    expect(profile.ok(), `profile answered ${profile.status()}`).toBe(true);
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Exported ${token}`,
      appointmentDate: randomWeekday(),
      appointmentTime: "10:00",
    });

    await openDashboard(page);
    await searchLeads(page, token);
    await expect(page.getByRole("article")).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const csv = await readFile(await download.path(), "utf8");
    const [header, row] = csv.slice(1).trimEnd().split("\r\n") as [string, string];
    const headers = header.split(",");
    expect(headers).toContain("Assigned To");
    expect(headers.at(-1)).toBe("Lead ID");
    expect(row).toContain(`,${shownName},`);
    expect(row.endsWith(`,${booked.lead.id}`)).toBe(true);
    expect(row).not.toContain(`,${user.username},`);
  });
});

test.describe("names that say what is shown, and contrast under the pointer", () => {
  test("the lead card's date chip and the user card's Name & colour are named by what they show", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, {
      name: `Chip ${token}`,
      status: "scheduled",
      scheduledDate: "2027-09-30T14:30:00.000Z",
    });
    await openDashboard(page);
    await searchLeads(page, token);
    const chip = leadCard(page, lead.name).getByTestId("lead-card-date");
    await expect(chip).toHaveAccessibleName("Scheduled Sep 30, 2027 at 10:30 AM. Open in calendar");
    expect(await axeFindings(page, chip, ["label-content-name-mismatch"])).toEqual([]);

    await page.getByRole("tab", { name: "User Management" }).click();
    const nameAndColour = page.getByRole("button", { name: /^Name & colour of / }).first();
    await expect(nameAndColour).toBeVisible();
    expect(await axeFindings(page, nameAndColour, ["label-content-name-mismatch"])).toEqual([]);
  });

  test("the orange calls to action keep 4.5:1 under the pointer", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const buttons = page.getByRole("link", { name: /Free Estimate/ }).filter({ visible: true });
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) {
      await button.hover();
      await settled(page);
      expect(await axeFindings(page, button, ["color-contrast"])).toEqual([]);
    }
  });
});

type Rect = { x: number; y: number; width: number; height: number };

function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toast on screen (one at a time), once it has slid in. */
async function shownToast(page: Page, title: RegExp): Promise<Rect> {
  const toastRoot = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await expect(toastRoot).toBeVisible();
  await settled(page);
  const box = await toastRoot.boundingBox();
  if (!box) throw new Error("the toast has no box");
  return box;
}

/**
 * With `region` at the foot of the screen (where toasts show on wider screens), then at its head
 * (where they show on a phone), its Copy button's toast does not cover it.
 */
async function checkToastsKeepOff(page: Page, region: Locator, copy: RegExp, copied: RegExp): Promise<void> {
  for (const block of ["end", "start"] as const) {
    await region.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
    await region.getByRole("button", { name: copy }).click();
    const toastBox = await shownToast(page, copied);
    const regionBox = await region.boundingBox();
    expect(regionBox).not.toBeNull();
    expect(overlap(toastBox, regionBox!), `the toast ${JSON.stringify(toastBox)} covers ${JSON.stringify(regionBox)}`).toBe(false);
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0);
  }
}

test.describe("toasts keep off what must stay in sight", () => {
  test("a one-time API key and webhook secret: the toast shows at the other end of the screen, never over them", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const form = page.getByRole("form", { name: "New API key" });
    await form.getByLabel("Key name").fill(`Toast ${uniqueToken()}`);
    await form.getByRole("button", { name: "Create API Key" }).click();
    const key = page.getByRole("region", { name: "New API key" });
    await expect(key).toBeVisible();
    await checkToastsKeepOff(page, key, /^(Copy Key|Copied)$/, /Key copied|Copy the selected key/);
    await key.getByRole("button", { name: "Done" }).click();

    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByRole("button", { name: "Add Webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Webhook" });
    await dialog.getByLabel("Endpoint URL").fill(`http://127.0.0.1:9/toast-${uniqueToken()}`);
    await dialog.locator("label").filter({ hasText: "Lead created (lead.created)" }).click();
    await dialog.getByRole("button", { name: "Add Webhook" }).click();
    await expect(dialog).toBeHidden();
    const secret = page.getByRole("region", { name: "New webhook secret" });
    await expect(secret).toBeVisible();

    await checkToastsKeepOff(page, secret, /^(Copy Secret|Copied)$/, /Secret copied|Copy the selected secret/);

    // Not left to receive lead.created events.
    const webhooks = (await (await page.request.get("/api/webhooks")).json()) as { id: string; url: string }[];
    for (const webhook of webhooks.filter((w) => w.url.includes("/toast-"))) {
      await page.request.delete(`/api/webhooks/${webhook.id}`, { headers: { Origin: new URL(baseURL!).origin } });
    }
  });

  test("on a phone, a toast from the board does not cover its cards @phone-only", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    for (let i = 0; i < 6; i += 1) await createLead(page.request, baseURL, { name: `Card ${i} ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    await expect(page.getByRole("article")).not.toHaveCount(0);
    await page.getByRole("button", { name: "Export CSV" }).click();
    const toastBox = await shownToast(page, /Export ready/);
    const cards = await page.getByRole("article").all();
    for (const card of cards) {
      const box = await card.boundingBox();
      if (!box || box.y + box.height <= 0 || box.y >= 844 || box.x >= 390 || box.x + box.width <= 0) continue;
      expect(overlap(toastBox, box), `the toast ${JSON.stringify(toastBox)} covers ${await card.getAttribute("aria-label")}`).toBe(false);
    }
  });
});

/** Whether `inner` lies wholly inside `outer` (within a pixel). */
function inside(inner: Rect, outer: Rect): boolean {
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

test.describe("the calendar says what happened and opens where the day's work is", () => {
  test("after a drag, the toast says it moved, when to, and that the client was told @desktop-only", async ({
    staffPage: { page },
  }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const token = uniqueToken();
    const day = randomWeekday();
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Dragged ${token}`,
      appointmentDate: day,
      appointmentTime: "09:00",
    });
    await openCalendar(page);
    await showView(page, "Week");
    await goToDate(page, day);
    const column = weekdayOf(day);
    const event = gridEvent(page, `Dragged ${token}`);
    await expectSameTop(event, gridSlot(page, column, 9));

    await dragTo(page, event, gridSlot(page, column, 11));
    const moved = toast(page, "Moved; the client was told");
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(`Dragged ${token} is now on ${shownDate(day)} at 11:00 AM.`);
    await expect(toast(page, "Appointment Booked")).toHaveCount(0);
    await expect.poll(async () => (await getLead(page.request, booked.lead.id))?.scheduledDate).toBe(ashevilleInstant(day, "11:00"));
  });

  test("'Recent Appointments' says under it that it lists the upcoming appointments", async ({ staffPage: { page } }, testInfo) => {
    await bookAppointment(page.request, testInfo.project.use.baseURL, { appointmentDate: randomWeekday(), appointmentTime: "10:00" });
    await openCalendar(page);
    const recent = page.getByRole("region", { name: "Recent Appointments" });
    await expect(recent.getByRole("heading", { name: "Recent Appointments", exact: true })).toBeVisible();
    await expect(recent.getByText("Upcoming appointments", { exact: true })).toBeVisible();
    await expect(recent).toHaveAccessibleDescription("Upcoming appointments");
  });

  test("the day view opens at the day's first job, and at now on a day without one", async ({ staffPage: { page } }, testInfo) => {
    const token = uniqueToken();
    const day = randomWeekday();
    await bookAppointment(page.request, testInfo.project.use.baseURL, {
      clientName: `Afternoon ${token}`,
      appointmentDate: day,
      appointmentTime: "15:00",
    });
    await openCalendar(page);
    await goToDate(page, day);
    await showView(page, "Day");
    const grid = page.getByRole("region", { name: "Day schedule" });
    const job = gridEvent(page, `Afternoon ${token}`);
    await expect(job).toBeVisible();
    const viewport = page.viewportSize()!;
    const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
    await expect.poll(async () => inside((await job.boundingBox())!, (await grid.boundingBox())!)).toBe(true);
    expect(inside((await job.boundingBox())!, screen), "the job is on screen without scrolling").toBe(true);
    // The morning is scrolled past, above the grid's top.
    const sixAm = (await gridSlot(page, 0, 6, 0, 30).boundingBox())!;
    expect(sixAm.y + sixAm.height).toBeLessThanOrEqual((await grid.boundingBox())!.y + 1);

    // Today, with nothing booked for this new account: at now (within the grid's 6:00–22:00).
    await page.getByRole("button", { name: "Today" }).click();
    await showView(page, "Week");
    await showView(page, "Day");
    // The half hour holding now (the grid's first or last when now is outside 6:00–22:00).
    const [nowHour, nowMinute] = ashevilleWallTime(new Date().toISOString()).time.split(":").map(Number) as [number, number];
    const [hour, minute] = nowHour < 6 ? [6, 0] : nowHour >= 22 ? [21, 30] : [nowHour, nowMinute < 30 ? 0 : 30];
    const slot = gridSlot(page, 0, hour, minute, 30);
    await expect.poll(async () => inside((await slot.boundingBox())!, (await grid.boundingBox())!)).toBe(true);
    // The grid takes keyboard focus, so that the arrow keys scroll it.
    await grid.focus();
    await expect(grid).toBeFocused();
  });
});

test.describe("focus goes back to what opened a dialog", () => {
  test("header, card, availability and calendar dialogs give focus back to their opener when they close", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Focus ${token}`, status: "contacted" });
    await openDashboard(page);

    /** Opens a dialog from `opener`, closes it with `close`, and expects focus back on `opener` (found anew). */
    const roundTrip = async (opener: Locator, dialogName: string, close: (dialog: Locator) => Promise<void>) => {
      await opener.click();
      const dialog = page.getByRole("dialog", { name: dialogName }).or(page.getByRole("alertdialog", { name: dialogName }));
      await expect(dialog).toBeVisible();
      await close(dialog);
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    };
    const escape = async () => page.keyboard.press("Escape");
    const cancel = async (dialog: Locator) => dialog.getByRole("button", { name: "Cancel" }).click();

    await roundTrip(page.getByRole("button", { name: "Add Lead" }).first(), "Add Lead", escape);
    await roundTrip(page.getByRole("button", { name: "Book Appointment" }).first(), "Book New Appointment", cancel);

    await searchLeads(page, token);
    let details = await openLeadDetails(leadCard(page, lead.name), lead.name);
    await roundTrip(details.getByRole("button", { name: `Delete ${lead.name}` }), "Delete lead?", cancel);
    // Saved with another status, the card is drawn anew in another column: its Edit button gets focus.
    await roundTrip(details.getByRole("button", { name: `Edit ${lead.name}` }), "Edit Lead", async (dialog) => {
      await dialog.getByRole("combobox", { name: "Status" }).selectOption("quoted");
      await dialog.getByRole("button", { name: "Update Lead" }).click();
    });
    details = await openLeadDetails(leadCard(boardColumn(page, "Quoted"), lead.name), lead.name);
    await expect(details.getByRole("button", { name: `Edit ${lead.name}` })).toBeFocused();

    await page.getByRole("tab", { name: "Availability", exact: true }).click();
    await roundTrip(page.getByRole("button", { name: "Edit your name & colour" }), "Your name and colour", escape);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await roundTrip(page.getByRole("button", { name: "Add Time Block" }).first(), "Add Time Block", escape);

    await page.getByRole("tab", { name: "Calendar", exact: true }).click();
    await roundTrip(page.getByRole("button", { name: "Schedule Appointment" }), "Schedule Appointment", escape);
  });
});

test.describe("nothing out of reach", () => {
  test("on a phone every dashboard tab is in sight, and reached by touch and by keyboard @phone-only", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    const tabs = page.getByRole("tablist").first().getByRole("tab");
    const names = await tabs.allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(7);
    const width = page.viewportSize()!.width;
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, `${await tab.innerText()} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${await tab.innerText()} ends on screen`).toBeLessThanOrEqual(width);
    }
    // A tap on Calendar opens it (nothing covers it).
    await page.getByRole("tab", { name: "Calendar", exact: true }).tap();
    await expect(page.getByRole("tab", { name: "Calendar", exact: true })).toHaveAttribute("aria-selected", "true");
    // The arrow keys walk the tabs, each one on screen.
    await page.getByRole("tab", { name: "Calendar", exact: true }).focus();
    for (let i = 0; i < names.length; i += 1) {
      await page.keyboard.press("ArrowRight");
      // The dashboard's own tabs: a tab's panel can hold tabs of its own (Working Hours under Settings).
      const focused = page.getByRole("tablist").first().getByRole("tab", { selected: true });
      await expect(focused).toBeFocused();
      const box = (await focused.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= width, `${await focused.innerText()} on screen`).toBe(true);
    }
  });

  test("at 1440 × 900 an open lead card shows its History, Edit and Delete buttons whole @desktop-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Wide ${token}`, status: "new", notes: "Measured at 1440 px." });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(page, lead.name);
    const details = await openLeadDetails(card, lead.name);
    for (const name of [`History of ${lead.name}`, `Edit ${lead.name}`, `Delete ${lead.name}`]) {
      const button = details.getByRole("button", { name, exact: true });
      await expect(button).toBeVisible();
      // The open card is taller than the column's list: scrolled to, as a person would.
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(box.x, `${name} starts inside the card`).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width, `${name} ends inside the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      // Nothing clips or covers it: its middle is the button.
      const hit = await button.evaluate((element) => {
        const r = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(hit, `${name} can be clicked`).toBe(true);
    }
    await details.getByRole("button", { name: `Edit ${lead.name}` }).click();
    await expect(page.getByRole("dialog", { name: "Edit Lead" })).toBeVisible();
  });
});
