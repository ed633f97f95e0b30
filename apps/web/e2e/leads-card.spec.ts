import { expect, test } from "./fixtures";
import { boardColumn, createLead, leadCard, openDashboard, searchLeads, uniqueToken } from "./dashboard-fixtures";

test.describe("compact lead cards", () => {
  test("a card shows name, priority, service, value and appointment; its details open in place, by keyboard too", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const notes = `Standing water under the north wall after every storm; the owner would like a quote for encapsulation and a sump pump ${token}.`;
    const lead = await createLead(page.request, baseURL, {
      name: `Kim ${token}`,
      email: `kim.${token}@example.com`,
      phone: "8285550123",
      address: "12 Haywood Rd",
      zipCode: "28806",
      service: "basement",
      status: "quoted",
      priority: "high",
      estimatedValue: "4500",
      notes,
    });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(boardColumn(page, "Quoted"), lead.name);
    await expect(card).toBeVisible();

    // Closed: the essentials only, in a card about half the old 330 px (the service name is whole,
    // wrapping in a narrow column, where it was cut to "Basement W…": 140 → 180).
    await expect(card.getByRole("heading", { name: lead.name })).toBeVisible();
    await expect(card).toContainText("Priority: High");
    await expect(card).toContainText("Basement Waterproofing");
    await expect(card).toContainText("Estimated value: $4,500");
    await expect(card).not.toContainText(lead.email);
    await expect(card.getByRole("spinbutton")).toHaveCount(0);
    const closed = await card.boundingBox();
    expect(closed?.height ?? 0).toBeLessThan(180);

    // The toggle is a labelled button that says whether the details are shown.
    const toggle = card.getByRole("button", { name: `Details of ${lead.name}`, exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = card.getByRole("group", { name: `Details of ${lead.name}`, exact: true });
    await expect(toggle).toHaveAttribute("aria-controls", (await details.getAttribute("id")) ?? "missing");

    // Everything the card showed before is there.
    await expect(details.getByRole("combobox", { name: `Priority of ${lead.name}` })).toHaveValue("high");
    await expect(details.getByText("Quoted", { exact: true })).toBeVisible();
    await expect(details.getByRole("link", { name: lead.email })).toHaveAttribute("href", `mailto:${lead.email}`);
    await expect(details.getByRole("link", { name: "(828) 555-0123" })).toHaveAttribute("href", "tel:8285550123");
    await expect(details).toContainText("12 Haywood Rd, Zip 28806");
    await expect(details.getByRole("spinbutton", { name: `Estimated value of ${lead.name}` })).toHaveValue("4500");
    const shownNotes = details.getByText(`${notes.slice(0, 100).trimEnd()}...`, { exact: true });
    await expect(shownNotes).toHaveAttribute("title", notes);
    await expect(details.getByRole("button", { name: "Book Appointment" })).toBeVisible();
    await expect(details.getByRole("button", { name: `Edit ${lead.name}` })).toBeVisible();
    await expect(details.getByRole("button", { name: `Delete ${lead.name}` })).toBeVisible();

    // Tab moves on into the details; Space on the toggle closes them again.
    await page.keyboard.press("Tab");
    await expect(details.getByRole("combobox", { name: `Priority of ${lead.name}` })).toBeFocused();
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(details).toHaveCount(0);
  });

  test("an open card stays open after it moves to another column", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Lou ${token}`, status: "new", phone: "8285550155" });
    await openDashboard(page);
    await searchLeads(page, token);
    const toggle = leadCard(page, lead.name).getByRole("button", { name: `Details of ${lead.name}`, exact: true });
    await toggle.click();
    const handle = leadCard(page, lead.name).getByRole("button", { name: `Move ${lead.name}` });
    await handle.focus();
    await page.keyboard.press("Space");
    // dnd-kit listens for the arrows from the task after the pick-up: wait for its announcement.
    await expect(page.getByText(`Picked up ${lead.name} in New Leads.`)).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(`${lead.name} is over Contacted.`)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("board-move-outcome")).toHaveText(`${lead.name} was moved to Contacted.`);
    const moved = leadCard(boardColumn(page, "Contacted"), lead.name);
    await expect(moved.getByRole("group", { name: `Details of ${lead.name}`, exact: true })).toContainText("(828) 555-0155");
    await expect(
      moved.getByRole("group", { name: `Details of ${lead.name}`, exact: true }).getByText("Contacted", { exact: true }),
    ).toBeVisible();
  });
});
