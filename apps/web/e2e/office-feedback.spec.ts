import { getServiceLabel, leadServiceOptions } from "@crawlguard/content";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
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

// Feedback the office gets on the board and in the dashboard.

/** The laptop: 1366 × 768 on the desktop project (the phone project keeps its 390 × 844). */
async function laptopScreen(page: Page): Promise<void> {
  if (test.info().project.name === "desktop") await page.setViewportSize({ width: 1366, height: 768 });
}

/** The board's search box's place on the screen, asserted to be wholly within the viewport. */
async function searchBoxInView(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.getByRole("searchbox", { name: "Search leads" }).boundingBox();
  const viewport = page.viewportSize();
  expect(box, "the search box is on the page").not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) throw new Error("unreachable");
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  return box;
}

/** Drags by mouse from the card's handle into the upper part of the target column, in small steps like a hand would. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("handle or column not on screen");
  const right = Math.min(to.x + to.width, (page.viewportSize()?.width ?? 1366) - 2);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move((Math.max(to.x, 0) + right) / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
}

async function dragWithKeyboard(page: Page, handle: Locator, name: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`Picked up ${name} in New Leads.`)).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(`${name} is over Contacted.`)).toBeAttached();
  await page.keyboard.press("Space");
}

test.describe("after a drop the page stays where it was", () => {
  for (const how of ["mouse", "keyboard"] as const) {
    test(`a card dropped by ${how} below the fold of its new column: the column scrolls to it, the page and the search box stay`, async ({
      staffPage: { page },
      baseURL,
    }) => {
      await laptopScreen(page);
      const token = uniqueToken();
      // Newest first on the board: the lead is near the top of New Leads, and lands below eight
      // newer cards in Contacted (above three older ones), further down than the screen reaches:
      // the column is taller than what is left of the window under the toolbar.
      for (let i = 0; i < 3; i++) await createLead(page.request, baseURL, { name: `Old contact ${i} ${token}`, status: "contacted" });
      for (let i = 0; i < 4; i++) await createLead(page.request, baseURL, { name: `Older ${i} ${token}`, status: "new" });
      const lead = await createLead(page.request, baseURL, { name: `Dropped ${token}`, status: "new" });
      for (let i = 0; i < 8; i++) await createLead(page.request, baseURL, { name: `Contacted ${i} ${token}`, status: "contacted" });
      await createLead(page.request, baseURL, { name: `Newer ${token}`, status: "new" });
      await openDashboard(page);
      await searchLeads(page, token);
      const card = leadCard(boardColumn(page, "New Leads"), lead.name);
      await expect(card).toBeInViewport({ ratio: 1 });
      const before = await searchBoxInView(page);

      const handle = card.getByRole("button", { name: `Move ${lead.name}` });
      if (how === "mouse") await dragWithMouse(page, handle, boardColumn(page, "Contacted"));
      else await dragWithKeyboard(page, handle, lead.name);

      // The card is shown in its new column, wholly on screen (its column scrolled to it)…
      const moved = leadCard(boardColumn(page, "Contacted"), lead.name);
      await expect(moved).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId("board-move-outcome")).toHaveText(`${lead.name} was moved to Contacted.`);
      await expect.poll(async () => (await getLead(page.request, lead.id))?.status).toBe("contacted");
      if (how === "keyboard") await expect(moved.getByRole("button", { name: `Move ${lead.name}` })).toBeFocused();
      // …and the page did not scroll: the search box is where it was, in view.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await searchBoxInView(page)).toEqual(before);
    });
  }
});

test.describe("compact lead cards", () => {
  test("every service's name and the date chip fit on a card, uncut, at 1366 × 768 (and on a phone)", async ({
    staffPage: { page },
    baseURL,
  }) => {
    await laptopScreen(page);
    const token = uniqueToken();
    // A long month, a two-digit day and hour: the widest date chip ("Sep 30, 2027 at 10:30 AM").
    const scheduledDate = "2027-09-30T14:30:00.000Z";
    const leads = [];
    for (const { value } of leadServiceOptions) {
      // The card names the service the catalogue files it under (Foundation Repair under Basement Waterproofing).
      const label = getServiceLabel(value);
      const lead = await createLead(page.request, baseURL, {
        name: `${value} ${token}`,
        service: value,
        estimatedValue: "12500",
        scheduledDate,
      });
      leads.push({ lead, label });
    }
    await openDashboard(page);

    for (const { lead, label } of leads) {
      await searchLeads(page, lead.name);
      const card = leadCard(page, lead.name);
      await card.scrollIntoViewIfNeeded();
      const service = card.getByTestId("lead-card-service");
      await expect(service).toHaveText(label);
      const chip = card.getByRole("button", { name: "Scheduled Sep 30, 2027 at 10:30 AM. Open in calendar" });
      await expect(chip).toHaveText("Sep 30, 2027 at 10:30 AM");
      const cardBox = (await card.boundingBox())!;
      for (const element of [service, chip]) {
        // Not cut short inside itself (no ellipsis, no overflow)…
        const size = await element.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(size.scroll, `${label}: ${await element.textContent()}`).toBeLessThanOrEqual(size.client);
        // …nor by the card's edge.
        const box = (await element.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      // Every word of the service and the date is drawn inside the card (a text range's boxes).
      const overflow = await card.evaluate((article) => {
        const outer = article.getBoundingClientRect();
        const parts = article.querySelectorAll('[data-testid="lead-card-service"], [data-testid="lead-card-date"]');
        return [...parts].flatMap((part) => {
          const range = document.createRange();
          range.selectNodeContents(part);
          return [...range.getClientRects()].filter((r) => r.left < outer.left - 0.5 || r.right > outer.right + 0.5).map((r) => r.right);
        });
      });
      expect(overflow, lead.name).toEqual([]);
    }
  });
});

test.describe("feedback on saves and refusals", () => {
  test("an inline value and the priority show a brief 'Saved' once saved", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Saved ${token}`, priority: "medium", estimatedValue: "500" });
    await openDashboard(page);
    await searchLeads(page, token);
    const details = await openLeadDetails(leadCard(page, lead.name), lead.name);
    const saved = details.getByRole("status").filter({ hasText: "Saved" });
    await expect(saved).toHaveCount(0);

    const value = details.getByRole("spinbutton", { name: `Estimated value of ${lead.name}` });
    await value.fill("2300");
    await value.press("Enter");
    const valueSaved = details.getByRole("status").filter({ hasText: "Estimated value saved" });
    await expect(valueSaved).toBeVisible();
    await expect(valueSaved).toContainText("Saved");
    expect((await getLead(page.request, lead.id))?.estimatedValue).toBe("2300");
    // Brief: it goes by itself.
    await expect(valueSaved).toHaveCount(0);

    await details.getByRole("combobox", { name: `Priority of ${lead.name}` }).selectOption("high");
    const prioritySaved = details.getByRole("status").filter({ hasText: "Priority saved" });
    await expect(prioritySaved).toBeVisible();
    await expect(prioritySaved).toContainText("Saved");
    expect((await getLead(page.request, lead.id))?.priority).toBe("high");
    await expect(prioritySaved).toHaveCount(0);
    // An unchanged value saves nothing and says nothing.
    await value.fill("2300");
    await value.press("Enter");
    await expect(saved).toHaveCount(0);
  });

  test("a move the server refuses (the lead was deleted meanwhile): the toast reads the sentence, not '404: …'", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Gone ${token}`, status: "new" });
    await openDashboard(page);
    await searchLeads(page, token);
    const handle = leadCard(boardColumn(page, "New Leads"), lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await expect(handle).toBeVisible();
    // Someone else deletes it while this board still shows it.
    const deleted = await page.request.delete(`/api/leads/${lead.id}`, { headers: { Origin: new URL(baseURL!).origin } });
    expect(deleted.ok(), `DELETE answered ${deleted.status()}`).toBe(true);

    const refused = page.waitForResponse((r) => r.url().includes("/trpc/leads.update") && r.request().method() === "POST");
    await dragWithKeyboard(page, handle, lead.name);
    expect((await refused).status()).toBe(404);
    const shown = toast(page, "Failed to update lead");
    await expect(shown).toBeVisible();
    await expect(shown).toContainText("Lead not found");
    await expect(shown).not.toContainText("404");
    await expect(page.getByTestId("board-move-outcome")).toHaveText(
      `${lead.name} could not be moved to Contacted; it is back in New Leads.`,
    );
  });

  test("a webhook URL the server refuses: the toast reads the sentence, not '400: url: …'", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await page.getByRole("region", { name: "Webhooks" }).getByRole("button", { name: "Add Webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Webhook" });
    // A well-formed https URL (the form lets it through), to a private network: only the server refuses it.
    await dialog.getByLabel("Endpoint URL").fill("https://10.0.0.5/hooks/crawlguard");
    await dialog.locator("label").filter({ hasText: "Lead created (lead.created)" }).click();
    const refused = page.waitForResponse((r) => r.url().includes("/trpc/webhooks.create") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Add Webhook" }).click();
    const answer = await refused;
    expect(answer.status()).toBe(400);
    const shown = toast(page, "Failed to add webhook");
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(/Webhooks cannot be sent to .+ \(10\.0\.0\.5\)/);
    await expect(shown).not.toContainText("400");
    await expect(shown).not.toContainText("url:");
    // The detail with its status stays in the API's answer.
    expect(JSON.stringify(await answer.json())).toContain("10.0.0.5");
    await expect(dialog).toBeVisible();
  });
});
