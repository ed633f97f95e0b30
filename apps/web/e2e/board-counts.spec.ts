import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { boardColumn, createLead, leadCard, listLeads, openDashboard, searchLeads, uniqueToken } from "./dashboard-fixtures";

const columns = ["New Leads", "Contacted", "Scheduled", "Quoted", "Won", "Lost"] as const;

/** What a stat card says, as a number. */
async function stat(page: Page, key: "total" | "new" | "scheduled" | "won"): Promise<number> {
  return Number((await page.getByTestId(`stat-${key}`).innerText()).replace(/,/g, ""));
}

/** What a column's badge says, as a number. */
async function badge(page: Page, column: string): Promise<number> {
  return Number((await boardColumn(page, column).getByTestId("column-count").innerText()).replace(/,/g, ""));
}

test.describe("the board's counts agree", () => {
  test("Scheduled leads without a date are shown and counted: stat card, status filter and column say the same", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    // Scheduled by hand (no date), scheduled with a date, in progress without one: all three are Scheduled leads.
    await createLead(page.request, baseURL, { name: `Dateless ${token}`, status: "scheduled" });
    await createLead(page.request, baseURL, { name: `Dated ${token}`, status: "scheduled", scheduledDate: "2031-03-14T14:00:00.000Z" });
    await createLead(page.request, baseURL, { name: `Working ${token}`, status: "in-progress" });
    await createLead(page.request, baseURL, { name: `Other ${token}`, status: "new" });
    const all = await listLeads(page.request);
    const scheduled = all.filter((l) => l.status === "scheduled" || l.status === "in-progress").length;
    const dateless = all.filter((l) => (l.status === "scheduled" || l.status === "in-progress") && !l.scheduledDate).length;
    expect(dateless).toBeGreaterThanOrEqual(2);

    await openDashboard(page);
    await expect(page.getByTestId("stat-scheduled")).toHaveText(scheduled.toLocaleString("en-US"));
    await expect(boardColumn(page, "Scheduled").getByTestId("column-count")).toHaveText(scheduled.toLocaleString("en-US"));
    await expect(boardColumn(page, "Scheduled").getByTestId("column-unbooked")).toHaveText(`${dateless} of these have no appointment yet`);

    // The status filter shows as many leads as the badge and the stat card counted.
    await page.getByRole("combobox", { name: "Filter by status" }).selectOption("scheduled");
    await expect(
      page.getByText(`Showing ${scheduled.toLocaleString("en-US")} of ${all.length.toLocaleString("en-US")} leads`),
    ).toBeVisible();
    await expect(boardColumn(page, "Scheduled").getByTestId("column-count")).toHaveText(scheduled.toLocaleString("en-US"));
    await expect(page.getByTestId("stat-scheduled")).toHaveText(scheduled.toLocaleString("en-US"));
    await expect(page.getByTestId("stat-total")).toHaveText(scheduled.toLocaleString("en-US"));
  });

  test("while searching, every badge equals the cards its column shows, and the stat cards count them too", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    await createLead(page.request, baseURL, { name: `Fresh ${token}`, status: "new" });
    await createLead(page.request, baseURL, { name: `Called ${token}`, status: "contacted" });
    await createLead(page.request, baseURL, { name: `Unbooked ${token}`, status: "scheduled" });
    await createLead(page.request, baseURL, { name: `Booked ${token}`, status: "scheduled", scheduledDate: "2031-03-17T15:00:00.000Z" });
    await createLead(page.request, baseURL, { name: `Underway ${token}`, status: "in-progress" });
    await createLead(page.request, baseURL, { name: `Done ${token}`, status: "completed" });
    await createLead(page.request, baseURL, { name: `Lost ${token}`, status: "lost" });

    await openDashboard(page);
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Scheduled"), `Unbooked ${token}`)).toBeVisible();
    await expect(page.getByText("Showing 7 of")).toBeVisible();
    const expected = { "New Leads": 1, Contacted: 1, Scheduled: 3, Quoted: 0, Won: 1, Lost: 1 } as const;
    for (const title of columns) {
      await expect(boardColumn(page, title).getByRole("article")).toHaveCount(expected[title]);
      expect(await badge(page, title), `${title}'s badge`).toBe(expected[title]);
    }
    // The stat cards count the same leads as the columns below them, and say so.
    await expect(page.getByTestId("stat-total")).toHaveText("7");
    expect(await stat(page, "new")).toBe(expected["New Leads"]);
    expect(await stat(page, "scheduled")).toBe(expected.Scheduled);
    expect(await stat(page, "won")).toBe(expected.Won);
    await expect(page.getByTestId("stat-scope")).toHaveText("Counting the 7 leads that match the board's search and filter");

    // The search cleared, the stat cards count every lead again.
    await searchLeads(page, "");
    const all = await listLeads(page.request);
    await expect(page.getByTestId("stat-total")).toHaveText(all.length.toLocaleString("en-US"));
    await expect(page.getByTestId("stat-scope")).toHaveCount(0);
  });
});
