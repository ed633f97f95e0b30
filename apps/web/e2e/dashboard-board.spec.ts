import type { Locator, Page } from "@playwright/test";
import { expect, test, touchScreen } from "./fixtures";
import {
  boardColumn,
  createLead,
  getLead,
  leadCard,
  openDashboard,
  openLeadDetails,
  searchLeads,
  toast,
  uniqueToken,
} from "./dashboard-fixtures";

/** Drags by mouse from a point of a card (its handle, its heading…) to a point inside the target column, in small steps like a hand would. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("handle or column not on screen");
  const viewport = page.viewportSize();
  // The target may extend past the screen's edge (phones show a sliver of the next column).
  const right = Math.min(to.x + to.width, (viewport?.width ?? 1280) - 2);
  const x = (Math.max(to.x, 0) + right) / 2;
  const y = to.y + Math.min(to.height / 2, 120);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(x, y, { steps: 15 });
  await page.mouse.up();
}

/**
 * A new lead named `${first} <token>` in New Leads, found on the open board, with a finger ready:
 * where its handle's centre is and where the Contacted column is on screen.
 */
async function touchReadyLead(page: Page, baseURL: string | undefined, first: string) {
  const token = uniqueToken();
  const lead = await createLead(page.request, baseURL, { name: `${first} ${token}`, status: "new" });
  await openDashboard(page);
  await searchLeads(page, token);
  const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await boardColumn(page, "Contacted").boundingBox();
  if (!from || !to) throw new Error("handle or column not on screen");
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  return { lead, start, to, touch: await touchScreen(page) };
}

test.describe("lead board drag and drop", () => {
  test("dragging a card with the mouse sets its status, kept after a reload", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Mia ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(boardColumn(page, "New Leads"), lead.name);
    await expect(card).toBeVisible();

    await dragWithMouse(page, card.getByRole("button", { name: `Move ${lead.name}` }), boardColumn(page, "Contacted"));
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("contacted");

    await page.reload();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    const details = await openLeadDetails(leadCard(boardColumn(page, "Contacted"), lead.name), lead.name);
    await expect(details.getByText("Contacted", { exact: true })).toBeVisible();
  });

  test("the whole card drags, but its fields do not start a drag and its text is not dragged @desktop-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Rue ${token}`, status: "new", estimatedValue: "800" });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(boardColumn(page, "New Leads"), lead.name);

    // A press-and-move that starts in the "$" field (in the card's details) selects in the field; the card stays.
    const value = (await openLeadDetails(card, lead.name)).getByRole("spinbutton", { name: `Estimated value of ${lead.name}` });
    await dragWithMouse(page, value, boardColumn(page, "Contacted"));
    await expect(card).toBeVisible();
    expect((await getLead(page.request, lead.id))?.status).toBe("new");
    await expect(value).toHaveValue("800");

    // From the card's text (its heading), the card moves, and no text is selected on the way.
    await dragWithMouse(page, card.getByRole("heading", { name: lead.name }), boardColumn(page, "Contacted"));
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("contacted");
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toBe("");
  });

  test("a card can be moved with the keyboard, with announcements", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Noa ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await expect(handle).toHaveAttribute("aria-roledescription", "draggable");

    await handle.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText(`Picked up ${lead.name} in New Leads.`)).toBeAttached();
    // Quick presses, one after the other: none is lost. (On a phone each step also scrolls the
    // board to the next column, so there the test lets each scroll finish.)
    const phone = (page.viewportSize()?.width ?? 1366) < 768;
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press("ArrowRight");
      if (phone) await page.waitForTimeout(250);
    }
    await expect(page.getByText(`${lead.name} is over Quoted.`)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText(`Moving ${lead.name} to Quoted…`)).toBeAttached();
    // Said once the server has saved it.
    await expect(page.getByTestId("board-move-outcome")).toHaveText(`${lead.name} was moved to Quoted.`);
    await expect(leadCard(boardColumn(page, "Quoted"), lead.name)).toBeVisible();
    await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("quoted");

    // The focus stays on the moved card, so the next key press carries on from there.
    const moved = leadCard(boardColumn(page, "Quoted"), lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await expect(moved).toBeFocused();

    // Escape cancels a keyboard drag.
    await page.keyboard.press("Space");
    await expect(page.getByText(`Picked up ${lead.name} in Quoted.`)).toBeAttached();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Escape");
    await expect(page.getByText(`Moving was cancelled. ${lead.name} stays in Quoted.`)).toBeAttached();

    await page.reload();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Quoted"), lead.name)).toBeVisible();
  });

  test("arrows pressed at the very moment of the pick-up are not lost @desktop-only", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Ines ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await handle.focus();
    // Space and three arrows in one task: before dnd-kit listens for keys or has measured the
    // columns. The arrows are held and handed on, in order, once it can use them: three columns
    // on (New Leads, Contacted, Scheduled, Quoted), none lost and none skipped.
    await handle.evaluate((element) => {
      const key = (code: string, key: string) => new KeyboardEvent("keydown", { code, key, bubbles: true, cancelable: true });
      element.dispatchEvent(key("Space", " "));
      for (let i = 0; i < 3; i += 1) element.dispatchEvent(key("ArrowRight", "ArrowRight"));
    });
    await expect(page.getByText(`${lead.name} is over Quoted.`)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("board-move-outcome")).toHaveText(`${lead.name} was moved to Quoted.`);
    await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("quoted");
  });

  test("on a touch screen, a long press on the handle then a slide moves the card @phone-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const { lead, start, to, touch } = await touchReadyLead(page, baseURL, "Ivy");
    const end = { x: Math.min(to.x + 30, (page.viewportSize()?.width ?? 390) - 10), y: start.y };
    await touch("touchStart", start.x, start.y);
    // Hold past the activation delay: a quick swipe would scroll the board instead.
    await page.waitForTimeout(400);
    for (let step = 1; step <= 10; step += 1) {
      await touch("touchMove", start.x + ((end.x - start.x) * step) / 10, start.y);
    }
    await touch("touchEnd");
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    // The dropped card is brought into sight in its new column.
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeInViewport({ ratio: 0.5 });
    await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("contacted");
  });

  test("on a touch screen, a finger resting on the next column's edge drops there, not columns further @phone-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const { lead, start, to, touch } = await touchReadyLead(page, baseURL, "Ada");
    const width = page.viewportSize()?.width ?? 390;
    // The middle of the sliver of Contacted a phone shows at its right edge, where a thumb goes.
    const end = { x: (Math.max(to.x, 0) + width) / 2, y: start.y };
    await touch("touchStart", start.x, start.y);
    await page.waitForTimeout(400);
    for (let step = 1; step <= 10; step += 1) {
      await touch("touchMove", start.x + ((end.x - start.x) * step) / 10, start.y);
    }
    // A person lifts a finger a moment after reaching the column, not at once.
    await page.waitForTimeout(700);
    await touch("touchEnd");
    await expect(page.getByTestId("board-move-outcome")).toHaveText(`${lead.name} was moved to Contacted.`);
    await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeInViewport({ ratio: 0.5 });
    expect((await getLead(page.request, lead.id))?.status).toBe("contacted");
  });

  test("a move the server refuses is rolled back with an error toast", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Oli ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    // The server's refusal is held back until the card has been seen in its new column.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/trpc/leads.update**", async (route) => {
      await seen;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          error: { message: "Database unavailable", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } },
        }),
      });
    });
    const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText(`Picked up ${lead.name} in New Leads.`)).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(250);
    await page.keyboard.press("Space");
    // At once in its new column...
    try {
      await expect(leadCard(boardColumn(page, "Contacted"), lead.name)).toBeVisible();
    } finally {
      release();
    }
    // ...and back, with the reason, once the server refuses.
    await expect(toast(page, "Failed to update lead")).toContainText("Database unavailable");
    await expect(leadCard(boardColumn(page, "New Leads"), lead.name)).toBeVisible();
    // Screen readers hear that it failed, not that it moved.
    await expect(page.getByTestId("board-move-outcome")).toHaveText(
      `${lead.name} could not be moved to Contacted; it is back in New Leads.`,
    );
    expect((await getLead(page.request, lead.id))?.status).toBe("new");
  });
});
